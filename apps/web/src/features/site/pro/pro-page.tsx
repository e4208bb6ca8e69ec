import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallToAction, PageIntro } from '../../../components/marketing/marketing-blocks';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { SITE_IMAGES } from '../../../components/marketing/marketing-images';
import { usePublicConfig } from '../../../lib/public-config';

const SECTIONS = ['accounts', 'invoicing', 'events', 'partners'] as const;
const STEPS = ['one', 'two', 'three'] as const;

/** `/prof`: what a business account offers and how to open one. */
export function ProPage() {
  const { t } = useTranslation('marketing');
  const { data: config } = usePublicConfig();
  const phone = config?.companyPhone;
  return (
    <>
      <PageIntro title={t('pro.title')} lead={t('pro.lead')} />
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
      <CallToAction id="pro-cta" title={t('pro.cta.title')} text={t('pro.cta.text')}>
        <Link to="/contact" className="btn btn-primary btn-large">
          {t('pro.cta.contact')}
        </Link>
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
