import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBusinessTerms } from '../../../components/marketing/business-terms';
import { usePublicConfig } from '../../../lib/public-config';
import { Carousel, type CarouselSlide } from './carousel';
import { CallToAction, MediaSection } from '../../../components/marketing/marketing-blocks';
import { CheckList } from '../../../components/marketing/check-list';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { CheckIcon } from '../../../components/ui/site-icons';
import { ArrowNextIcon, ChildSeatIcon, ClockIcon, LuggageIcon, NavigationIcon, SeatIcon, ShieldIcon, TagIcon, WaterIcon, WifiIcon } from '../../../components/marketing/marketing-icons';
import { SITE_IMAGES } from '../../../components/marketing/marketing-images';

const SLIDES = [
  { key: 'airport', image: SITE_IMAGES.slideAirport, to: '/trajet-fixe-pour-particuliers' },
  { key: 'tours', image: SITE_IMAGES.slideTours, to: '/mise-a-disposition-pour-particuliers' },
  { key: 'events', image: SITE_IMAGES.slideEvents, to: '/service-vtc-business' },
] as const;

const FEATURES = [
  { key: 'seats', icon: <SeatIcon /> },
  { key: 'luggage', icon: <LuggageIcon /> },
  { key: 'wifi', icon: <WifiIcon /> },
  { key: 'water', icon: <WaterIcon /> },
  { key: 'childSeats', icon: <ChildSeatIcon /> },
  { key: 'navigation', icon: <NavigationIcon /> },
] as const;

const CITIES = ['nice', 'cannes', 'monaco', 'marseille'] as const;

const VALUES = [
  { key: 'punctuality', icon: <ClockIcon /> },
  { key: 'transparency', icon: <TagIcon /> },
  { key: 'serenity', icon: <ShieldIcon /> },
] as const;

/** The home page below the hero: services slider, taxi, car, destinations, approach, closing. */
export function HomeSections() {
  const { t } = useTranslation('home');
  const terms = useBusinessTerms();
  // Flights are promised only when the server follows them (decision 0144).
  const followed = usePublicConfig().data?.flightsFollowed === true;

  const slides: CarouselSlide[] = SLIDES.map((slide) => ({
    id: slide.key,
    title: t(`slider.slides.${slide.key}.title`),
    content: (
      <figure className="slide">
        <ResponsiveImage
          className="slide-image"
          image={slide.image}
          alt={t(`slider.slides.${slide.key}.alt`)}
          sizes="(min-width: 1180px) 1140px, calc(100vw - 2.5rem)"
        />
        <figcaption className="slide-caption">
          <h3 className="slide-title">{t(`slider.slides.${slide.key}.title`)}</h3>
          <p>{slide.key === 'airport' && followed ? t('slider.slides.airport.textFollowed') : t(`slider.slides.${slide.key}.text`)}</p>
          <Link to={slide.to} className="link-arrow">
            {t(`slider.slides.${slide.key}.link`)}
            <ArrowNextIcon />
          </Link>
        </figcaption>
      </figure>
    ),
  }));

  return (
    <>
      {/* The carousel is the labelled region of this band (WAI-ARIA carousel pattern). */}
      <section className="page-section slider-section">
        <div className="container">
          <h2 id="home-slider-title" className="section-title">
            {t('slider.title')}
          </h2>
          <Carousel label={t('slider.title')} slides={slides} />
        </div>
      </section>

      <MediaSection id="home-taxi" title={t('taxi.title')} image={SITE_IMAGES.airport} imageAlt={t('taxi.alt')} tone="tinted">
        <p>{t('taxi.text')}</p>
        <CheckList
          icon={<CheckIcon />}
          items={[followed ? t('taxi.points.trackingFollowed') : t('taxi.points.tracking'), t('taxi.points.welcome'), t('taxi.points.door')]}
        />
        <Link to="/trajet-fixe-pour-particuliers" className="link-arrow">
          {t('taxi.link')}
          <ArrowNextIcon />
        </Link>
      </MediaSection>

      <MediaSection id="home-car" title={t('car.title')} image={SITE_IMAGES.vclass} imageAlt={t('car.alt')} imageFirst>
        <p>{t('car.text')}</p>
        <h3 className="subsection-title">{t('car.featuresTitle')}</h3>
        <ul className="feature-list">
          {FEATURES.map((feature) => (
            <li key={feature.key}>
              {feature.icon}
              <span>{t(`car.features.${feature.key}`)}</span>
            </li>
          ))}
        </ul>
      </MediaSection>

      <section className="page-section page-section-tinted" aria-labelledby="home-grid-title">
        <div className="container">
          <h2 id="home-grid-title" className="section-title">
            {t('grid.title')}
          </h2>
          <p className="section-lead">{t('grid.text')}</p>
          <ul className="image-grid">
            {CITIES.map((city) => (
              <li key={city} className="image-card">
                <ResponsiveImage
                  image={SITE_IMAGES[city]}
                  alt={t(`grid.cities.${city}.alt`)}
                  sizes="(min-width: 1180px) 270px, (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2.5rem)"
                />
                <div className="image-card-body">
                  <h3>{t(`grid.cities.${city}.name`)}</h3>
                  <p>{t(`grid.cities.${city}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page-section" aria-labelledby="home-approach-title">
        <div className="container">
          <h2 id="home-approach-title" className="section-title">
            {t('approach.title')}
          </h2>
          <p className="section-lead">{t('approach.text', terms)}</p>
          <ul className="value-grid">
            {VALUES.map((value) => (
              <li key={value.key} className="value-card">
                <span className="value-icon">{value.icon}</span>
                <h3>{t(`approach.values.${value.key}.title`)}</h3>
                <p>{value.key === 'punctuality' && followed ? t('approach.values.punctuality.textFollowed', terms) : t(`approach.values.${value.key}.text`, terms)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CallToAction id="home-closing" title={t('closing.title')} text={t('closing.text')}>
        <Link to="/system" className="btn btn-primary btn-large">
          {t('closing.book')}
        </Link>
        <Link to="/contact" className="btn btn-ghost btn-large">
          {t('closing.contact')}
        </Link>
      </CallToAction>
    </>
  );
}
