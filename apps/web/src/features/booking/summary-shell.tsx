import { useTranslation } from 'react-i18next';
import { BookingFallback } from './booking-fallback';
import { BookingSteps } from './booking-steps';

/**
 * Step two's first screen, rendered at build time (src/prerender) and written by the server inside
 * the app's root: the steps, the page's title where the page puts it, and the spinner where the cars
 * come. Painted before the scripts arrive; the app renders the page anew over it, it is never
 * hydrated (`shell`: marked `data-page-shell`, main.tsx, docs/decisions/0154). Its styles are in
 * the entry's. The page shows the same while its cars load: nothing moves when the app takes over.
 */
export function SummaryShell({ shell = false }: { shell?: boolean }) {
  const { t } = useTranslation('booking');
  return (
    <section className="booking-page" data-page-shell={shell ? '' : undefined}>
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
