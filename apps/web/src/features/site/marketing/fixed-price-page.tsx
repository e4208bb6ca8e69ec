import { useTranslation } from 'react-i18next';
import { MediaSection, PageIntro } from '../../../components/marketing/marketing-blocks';
import { SITE_IMAGES } from '../../../components/marketing/marketing-images';
import { BookOrContact, GoodToKnow } from './marketing-parts';
import { usePublicConfig } from '../../../lib/public-config';

const SECTIONS = [
  { key: 'airport', image: SITE_IMAGES.airport },
  { key: 'station', image: SITE_IMAGES.station },
  { key: 'cities', image: SITE_IMAGES.corniche },
  { key: 'europe', image: SITE_IMAGES.alps },
] as const;

/** `/trajet-fixe-pour-particuliers`: headline, four text and image sections, book and contact. */
export function FixedPricePage() {
  const { t } = useTranslation('marketing');
  // The landing's words follow the flight only when the server does (decision 0144).
  const followed = usePublicConfig().data?.flightsFollowed === true;
  return (
    <>
      <PageIntro title={t('fixedPrice.title')} lead={t('fixedPrice.lead')} />
      {SECTIONS.map((section, index) => (
        <MediaSection
          key={section.key}
          id={`fixed-${section.key}`}
          title={t(`fixedPrice.sections.${section.key}.title`)}
          image={section.image}
          imageAlt={t(`fixedPrice.sections.${section.key}.alt`)}
          imageFirst={index % 2 === 1}
          tone={index % 2 === 0 ? 'plain' : 'tinted'}
          priority={index === 0}
        >
          <p>{section.key === 'airport' && followed ? t('fixedPrice.sections.airport.textFollowed') : t(`fixedPrice.sections.${section.key}.text`)}</p>
        </MediaSection>
      ))}
      <GoodToKnow />
      <BookOrContact />
    </>
  );
}
