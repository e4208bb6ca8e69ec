import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallToAction, PageIntro } from '../../../components/marketing/marketing-blocks';
import { RevealForm } from '../../../components/marketing/reveal-form';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { SITE_IMAGES } from '../../../components/marketing/marketing-images';
import { usePublicConfig } from '../../../lib/public-config';

const SECTIONS = ['accounts', 'guests', 'invoicing', 'einvoices', 'events', 'partners'] as const;
const STEPS = ['one', 'two', 'three'] as const;

/**
 * `/prof`: what a business account offers (accounts and members, bookings for guests, monthly
 * invoicing, e-invoices) and the request for one. The request form is handed in by the app and
 * fetched when the visitor opens it (null in the build-time prerender).
 */
export function ProPage({ requestForm }: { requestForm: ReactNode }) {
  const { t } = useTranslation('marketing');
  const { data: config } = usePublicConfig();
  const phone = config?.companyPhone;
  return (
    <>
      <PageIntro title={t('pro.title')} lead={t('pro.lead')}>
        <div className="page-actions">
          <a href="#company-request" className="btn btn-primary btn-large btn-wrap">
            {t('pro.cta.request')}
          </a>
        </div>
      </PageIntro>
      <section className="page-section">
        <div className="container">
          <ul className="card-list">
            {SECTIONS.map((key) => (
              <li key={key} className="value-card">
                <h2 className="value-card-title">{t(`pro.sections.${key}.title`)}</h2>
                <p>{t(`pro.sections.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="page-section page-section-tinted" aria-labelledby="pro-steps">
        <div className="container media-grid">
          <div className="media-text">
            <h2 id="pro-steps" className="section-title">
              {t('pro.steps.title')}
            </h2>
            <ol className="steps">
              {STEPS.map((step) => (
                <li key={step}>{t(`pro.steps.${step}`)}</li>
              ))}
            </ol>
          </div>
          <div className="media-figure">
            <ResponsiveImage
              image={SITE_IMAGES.business}
              alt={t('pro.imageAlt')}
              sizes="(min-width: 900px) 560px, calc(100vw - 2.5rem)"
            />
          </div>
        </div>
      </section>
      <section id="company-request" className="page-section" aria-labelledby="company-request-title">
        <div className="container">
          <h2 id="company-request-title" className="section-title">
            {t('pro.request.title')}
          </h2>
          <p className="page-lead">{t('pro.request.text')}</p>
          <RevealForm label={t('pro.request.open')} loadingLabel={t('common:loading')} form={requestForm} />
        </div>
      </section>
      <CallToAction id="pro-cta" title={t('pro.cta.title')} text={t('pro.cta.text')}>
        <a href="#company-request" className="btn btn-primary btn-large">
          {t('pro.cta.contact')}
        </a>
        {phone ? (
          <a href={`tel:${phone.replace(/\s/g, '')}`} className="btn btn-ghost btn-large">
            {/* First-strong isolate: the number keeps its order inside Arabic text. */}
            {t('pro.cta.call', { phone: `\u2068${phone}\u2069` })}
          </a>
        ) : null}
      </CallToAction>
    </>
  );
}
