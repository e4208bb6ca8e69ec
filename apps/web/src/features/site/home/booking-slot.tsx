import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useAppStarted } from '../../../lib/use-hydrated';

/**
 * Where the home and /system show the booking form (handed in by the app). The prerendered
 * markup holds the spinner: the form comes once hydration is over (docs/decisions/0069), with the
 * switch AppProviders makes in a transition, which React renders in slices (docs/decisions/0124),
 * not through a store read that differs from the prerender's, which React answers with a render
 * at once in the task that ends the hydration (docs/decisions/0168).
 */
export function BookingSlot({ bookingForm }: { bookingForm: ReactNode }) {
  const { t } = useTranslation('common');
  const started = useAppStarted();
  const spinner = <Spinner label={t('loading')} />;
  return (
    <div className="booking-slot">
      <Suspense fallback={spinner}>{started ? bookingForm : spinner}</Suspense>
    </div>
  );
}
