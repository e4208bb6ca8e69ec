import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageIntro } from '../../../components/marketing/marketing-blocks';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { ArrowNextIcon } from '../../../components/marketing/marketing-icons';
import { SITE_IMAGES } from '../../../components/marketing/marketing-images';
import { BookOrContact } from './marketing-parts';

const SECTIONS = ['travel', 'guests', 'events', 'billing', 'availability'] as const;

/** `/service-vtc-business`: the offer to companies, in several short sections. */
export function BusinessPage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <PageIntro title={t('business.title')} lead={t('business.lead')} />
      <section className="page-section">
        <div className="container business-layout">
          <div className="business-sections">
            {SECTIONS.map((key) => (
              <section key={key} className="text-block" aria-labelledby={`business-${key}`}>
                <h2 id={`business-${key}`} className="text-block-title">
                  {t(`business.sections.${key}.title`)}
                </h2>
                <p>{t(`business.sections.${key}.text`)}</p>
              </section>
            ))}
            <Link to="/prof" className="link-arrow">
              {t('business.proLink')}
              <ArrowNextIcon />
            </Link>
          </div>
          <div className="business-aside">
            <ResponsiveImage
              image={SITE_IMAGES.business}
              alt={t('business.imageAlt')}
              sizes="(min-width: 900px) 440px, calc(100vw - 2.5rem)"
              priority
            />
          </div>
        </div>
      </section>
      <BookOrContact />
    </>
  );
}
