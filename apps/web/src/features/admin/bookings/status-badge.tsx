import type { PaymentState } from '@vtc/shared/booking/booking-balance';
import type { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import { useTranslation } from 'react-i18next';

/** A booking's state; with `paymentState`, its name says what is paid ("Confirmée · paiement à bord", "Soldée", decision 0117). */
export function StatusBadge({ status, paymentState = null }: { status: BookingStatus; paymentState?: PaymentState | null }) {
  const { t } = useTranslation('admin');
  // A payment state also colours the badge where money is still to come after the trip (admin-layout.css).
  const className = `status-badge status-${status}${paymentState ? ` payment-${paymentState}` : ''}`;
  return <span className={className}>{paymentState ? t(`paymentState.${paymentState}`) : t(`bookingStatus.${status}`)}</span>;
}
