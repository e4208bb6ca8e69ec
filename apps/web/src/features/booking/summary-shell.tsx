import { useTranslation } from 'react-i18next';
import { BookingFallback } from './booking-fallback';
import { BookingSteps } from './booking-steps';

/**
 * Step two while its cars load: the steps, the page's title where the page puts it, and the spinner
 * where the cars come. Also its first paint, rendered at build time (src/prerender) and written by
 * the server inside the app's root before the scripts arrive, which the app hydrates: the page
 * renders this until hydrated (docs/decisions/0154). Its styles are in the entry's stylesheet.
 */
export function SummaryShell() {
  const { t } = useTranslation('booking');
  return (
    <section className="booking-page">
      <div className="container">
        <BookingSteps current={2} />
        <header className="booking-page-head">
          <h1 className="page-title">{t('stepTwo.title')}</h1>
        </header>
        <BookingFallback />
      </div>
    </section>
  );
}
