import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '@vtc/shared/i18n/format-number';
import { formatClockHour, formatPercent, PRICING_NIGHT } from '../../../components/marketing/business-terms';
import { PageIntro } from '../../../components/marketing/marketing-blocks';
import { isLanguage, type Language } from '@vtc/shared/i18n/languages';
import { Spinner } from '../../../components/ui/spinner';
import type { PublicConfig } from '@vtc/shared/site/site-responses';
import { usePublicConfig } from '../../../lib/public-config';
import './legal-pages.css';

type LegalKind = 'notice' | 'terms' | 'privacy';

interface LegalSection {
  title: string;
  paragraphs: string[];
}

const LINKS: Record<LegalKind, string> = { notice: '/mentions-legales', terms: '/cgv', privacy: '/confidentialite' };

/** Bidi isolation: a Latin address or number inside an Arabic sentence keeps its own order. */
const isolate = (value: string) => `\u2068${value}\u2069`;

/**
 * The operator's identity and contacts, its mediator, and the terms of configuration (waiting
 * times, holiday surcharge) with the night hours of the price calculation, written into the texts
 * where they name them (decision 0123).
 */
function companyValues(config: PublicConfig, language: Language) {
  const values = {
    waitingAirport: formatNumber(config.waitingMinutes.airport, language),
    waitingStation: formatNumber(config.waitingMinutes.station, language),
    waitingOther: formatNumber(config.waitingMinutes.other, language),
    holidaySurcharge: formatPercent(config.holidaySurchargePercent, language),
    positionHours: formatNumber(config.positionRetentionHours, language),
    nightStart: formatClockHour(PRICING_NIGHT.startHour, language),
    nightEnd: formatClockHour(PRICING_NIGHT.endHour, language),
    mediator: config.company.mediator,
    mediatorUrl: config.company.mediatorUrl,
    legalName: config.company.legalName,
    address: config.company.address,
    siren: config.company.siren,
    vtcRegister: config.company.vtcRegister,
    vatNumber: config.company.vatNumber,
    hostingProvider: config.company.hostingProvider,
    email: config.companyEmail,
    phone: config.companyPhone,
  };
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, isolate(value)]));
}

/**
 * One legal text: its sections come from the `legal` catalogue as a list, so a translator can
 * add or split a paragraph without touching the code; the company's details from configuration.
 */
function LegalDocument({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation('legal');
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const { data: config, isPending } = usePublicConfig();
  if (isPending || !config) {
    return (
      <div className="container legal-loading">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  const values = companyValues(config, language);
  const sections = t(`${kind}.sections`, { returnObjects: true, ...values }) as LegalSection[];
  const others = (Object.keys(LINKS) as LegalKind[]).filter((other) => other !== kind);
  return (
    <>
      <PageIntro title={t(`${kind}.title`)} lead={t(`${kind}.lead`, values)} />
      <section className="page-section">
        <div className="container legal-document">
          <p className="legal-updated">{t('updated')}</p>
          {sections.map((section, index) => (
            <section key={section.title} className="legal-section" aria-labelledby={`legal-${kind}-${index}`}>
              <h2 id={`legal-${kind}-${index}`} className="legal-section-title">
                {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
          <nav className="legal-others" aria-label={t('othersLabel')}>
            {others.map((other) => (
              <Link key={other} to={LINKS[other]}>
                {t(`${other}.title`)}
              </Link>
            ))}
          </nav>
        </div>
      </section>
    </>
  );
}

/** `/mentions-legales`: who publishes the site and who hosts it. */
export function LegalNoticePage() {
  return <LegalDocument kind="notice" />;
}

/** `/cgv`: the terms of sale of a booking. */
export function TermsPage() {
  return <LegalDocument kind="terms" />;
}

/** `/confidentialite`: what personal data is kept, why, for how long, and the customer's rights. */
export function PrivacyPage() {
  return <LegalDocument kind="privacy" />;
}
