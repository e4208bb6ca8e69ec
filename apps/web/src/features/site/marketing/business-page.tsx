import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageIntro } from '../../../components/marketing/marketing-blocks';
import { RevealForm } from '../../../components/marketing/reveal-form';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { ArrowNextIcon } from '../../../components/marketing/marketing-icons';
import { SITE_IMAGES } from '../../../components/marketing/marketing-images';
import { BookOrContact } from './marketing-parts';

const SECTIONS = ['travel', 'guests', 'events', 'billing', 'einvoices', 'availability'] as const;

/**
 * `/service-vtc-business`: the offer to companies, in several short sections, and the request for
 * a business account (the form handed in by the app, fetched when opened; null in the prerender).
 */
export function BusinessPage({ requestForm }: { requestForm: ReactNode }) {
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
      <section id="company-request" className="page-section page-section-tinted" aria-labelledby="company-request-title">
        <div className="container">
          <h2 id="company-request-title" className="section-title">
            {t('business.request.title')}
          </h2>
          <p className="page-lead">{t('business.request.text')}</p>
          <RevealForm label={t('business.request.open')} loadingLabel={t('common:loading')} form={requestForm} />
        </div>
      </section>
      <BookOrContact />
    </>
  );
}
