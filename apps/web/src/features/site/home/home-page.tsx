import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancellationHours } from '../../../components/marketing/business-terms';
import { CheckList } from '../../../components/marketing/check-list';
import { ArtDirectedImage } from '../../../components/ui/responsive-image';
import { CheckIcon } from '../../../components/ui/site-icons';
import { HERO_IMAGES } from '../../../components/ui/site-images';
import { usePrerenderHandoff } from '../../../components/ui/prerender-handoff';
import { BookingSlot } from './booking-slot';
import './home-page.css';

// Below the fold: its own chunk, rendered once the first screen is up.
const HomeSections = lazy(() => import('./home-sections').then((module) => ({ default: module.HomeSections })));

/** Phones get the tall crop of the hero (same breakpoint as the preload in vite.config.ts). */
const HERO_TALL_UP_TO = 720;

/**
 * `/`: hero with the booking form, then the sections that present the service (spec §2). The
 * form belongs to the booking feature: the app hands it in (features do not import each other).
 */
export function HomePage({ bookingForm }: { bookingForm: ReactNode }) {
  const { t } = useTranslation('home');
  const cancellationHours = useCancellationHours();
  usePrerenderHandoff();
  // The sections below the hero render in a second, interruptible pass: the first screen is
  // ready sooner and no single task keeps a phone busy for long.
  const [showSections, setShowSections] = useState(false);
  useEffect(() => startTransition(() => setShowSections(true)), []);

  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <ArtDirectedImage
          className="hero-image"
          wide={HERO_IMAGES.heroWide}
          tall={HERO_IMAGES.heroTall}
          tallUpTo={HERO_TALL_UP_TO}
          alt=""
        />
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="hero-kicker">{t('hero.kicker')}</p>
            <h1 id="home-title" className="hero-title">
              {t('hero.title')}
            </h1>
            <p className="hero-intro">{t('hero.intro')}</p>
            <CheckList
              className="hero-highlights"
              icon={<CheckIcon />}
              items={[
                t('hero.highlights.available'),
                t('hero.highlights.fixedPrice'),
                t('hero.highlights.cancellation', { hours: cancellationHours }),
              ]}
            />
          </div>
          <div className="hero-booking">
            <BookingSlot bookingForm={bookingForm} />
          </div>
        </div>
      </section>

      {/* Holds the footer below the first screen until the sections arrive (no layout shift). */}
      <Suspense fallback={<div className="sections-placeholder" />}>
        {showSections ? <HomeSections /> : <div className="sections-placeholder" />}
      </Suspense>
    </>
  );
}
