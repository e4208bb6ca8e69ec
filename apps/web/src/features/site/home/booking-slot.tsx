import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * Where the home and /system show the booking form (handed in by the app). The prerendered
 * markup holds the spinner: the form comes once hydration is over (docs/decisions/0069).
 */
export function BookingSlot({ bookingForm }: { bookingForm: ReactNode }) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const spinner = <Spinner label={t('loading')} />;
  return (
    <div className="booking-slot">
      <Suspense fallback={spinner}>{hydrated ? bookingForm : spinner}</Suspense>
    </div>
  );
}
