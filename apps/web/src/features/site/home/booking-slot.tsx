import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * Where the home and /system show the booking form (handed in by the app). The prerendered
 * markup holds the spinner: the form comes once hydration is over (docs/decisions/0069), in a
 * transition: React renders it in slices, not inside the synchronous pass that follows the
 * hydration (docs/decisions/0124). A page rendered anew shows it at once.
 */
export function BookingSlot({ bookingForm }: { bookingForm: ReactNode }) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const [showForm, setShowForm] = useState(hydrated);
  useEffect(() => {
    if (hydrated && !showForm) startTransition(() => setShowForm(true));
  }, [hydrated, showForm]);
  const spinner = <Spinner label={t('loading')} />;
  return (
    <div className="booking-slot">
      <Suspense fallback={spinner}>{showForm ? bookingForm : spinner}</Suspense>
    </div>
  );
}
