import { useTranslation } from 'react-i18next';
import { MediaSection, PageIntro } from '../../../components/marketing/marketing-blocks';
import { SITE_IMAGES } from '../../../components/marketing/marketing-images';
import { BookOrContact, GoodToKnow } from './marketing-parts';

const SECTIONS = [
  { key: 'hourly', image: SITE_IMAGES.corniche },
  { key: 'tours', image: SITE_IMAGES.village },
  { key: 'weddings', image: SITE_IMAGES.wedding },
  { key: 'multiDay', image: SITE_IMAGES.harbour },
] as const;

/** `/mise-a-disposition-pour-particuliers`: hire by the hour or day, tours, weddings, several days. */
export function PrivateHirePage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <PageIntro title={t('privateHire.title')} lead={t('privateHire.lead')} />
      {SECTIONS.map((section, index) => (
        <MediaSection
          key={section.key}
          id={`hire-${section.key}`}
          title={t(`privateHire.sections.${section.key}.title`)}
          image={section.image}
          imageAlt={t(`privateHire.sections.${section.key}.alt`)}
          imageFirst={index % 2 === 1}
          tone={index % 2 === 0 ? 'plain' : 'tinted'}
          priority={index === 0}
        >
          <p>{t(`privateHire.sections.${section.key}.text`)}</p>
        </MediaSection>
      ))}
      <GoodToKnow />
      <BookOrContact />
    </>
  );
}
