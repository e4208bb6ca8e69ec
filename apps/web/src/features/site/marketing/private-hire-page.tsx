import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MediaSection, PageIntro } from '../../../components/marketing/marketing-blocks';
import { SITE_IMAGES } from '../../../components/marketing/marketing-images';
import { BookOrContact, GoodToKnow } from './marketing-parts';

/** The booking form opened on a hire (issue 22): `?service=` keeps the service in the address. */
const HOURLY_HIRE_URL = '/system?service=hourly';
const DAILY_HIRE_URL = '/system?service=daily';
const TOUR_URL = '/system?service=tour';

const SECTIONS = [
  { key: 'hourly', image: SITE_IMAGES.corniche, actions: [{ to: HOURLY_HIRE_URL, label: 'hourly' }, { to: DAILY_HIRE_URL, label: 'daily' }] },
  { key: 'tours', image: SITE_IMAGES.village, actions: [{ to: TOUR_URL, label: 'tourBook' }, { to: '/excursions', label: 'tours' }] },
  { key: 'weddings', image: SITE_IMAGES.wedding, actions: [{ to: DAILY_HIRE_URL, label: 'daily' }, { to: HOURLY_HIRE_URL, label: 'hourly' }] },
  { key: 'multiDay', image: SITE_IMAGES.harbour, actions: [{ to: DAILY_HIRE_URL, label: 'daily' }] },
] as const;

/** `/mise-a-disposition-pour-particuliers`: hire by the hour or day, tours, weddings, several days; each offer opens the form on its service. */
export function PrivateHirePage() {
  const { t } = useTranslation('marketing');
  const bookLabels = {
    hourly: t('privateHire.book.hourly'),
    daily: t('privateHire.book.daily'),
    tourBook: t('privateHire.book.tourBook'),
    tours: t('privateHire.book.tours'),
  };
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
          <div className="page-actions">
            {section.actions.map((action, position) => (
              <Link key={action.label} to={action.to} className={`btn ${position === 0 ? 'btn-primary' : 'btn-outline'}`}>
                {bookLabels[action.label]}
              </Link>
            ))}
          </div>
        </MediaSection>
      ))}
      <GoodToKnow />
      <BookOrContact bookUrl={HOURLY_HIRE_URL} />
    </>
  );
}
