import { paymentStateOf, type PaymentState } from '@vtc/shared/booking/booking-balance';
import type { PaymentMethod } from '@vtc/shared/booking/booking-schemas';
import type { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import { historyReason } from '@vtc/shared/booking/history-entries';
import type { MissionStatus } from '@vtc/shared/missions/mission-schemas';
import { useTranslation } from 'react-i18next';

/**
 * A booking's state in the customer's words (typed, so the translation check resolves every key);
 * with `paymentState`, the name also says what is paid ("Confirmée · paiement à bord", decision 0117).
 */
export function BookingStatusLabel({ status, paymentState = null, as: Tag = 'span' }: { status: BookingStatus; paymentState?: PaymentState | null; as?: 'span' | 'p' }) {
  const { t } = useTranslation('auth');
  return <Tag className={`my-booking-status status-${status}`}>{paymentState ? t(`bookings.paymentState.${paymentState}`) : t(`bookings.status.${status}`)}</Tag>;
}

/**
 * The label of a history line (decision 0122): a chauffeur's step ("Votre chauffeur est en
 * route"), else the status, with the words of its reason when it has a code (a cancellation's
 * terms). What an admin typed and payment references are the company's, not shown here.
 */
export function useHistoryLabel() {
  const { t } = useTranslation('auth');
  return (entry: { to_status: BookingStatus; mission_status: MissionStatus | null; reason: string | null }) => {
    if (entry.mission_status) return t(`bookings.historyEntries.steps.${entry.mission_status}`);
    const reason = historyReason(entry.reason);
    if (reason && 'code' in reason) return t(`bookings.historyEntries.reasons.${reason.code}`);
    return t(`bookings.status.${entry.to_status}`);
  };
}

/**
 * What a list line's state says is paid, from its status and payment method; a completed trip's
 * balance is read on its page (the list does not carry it), so the list names the status alone.
 */
export function listPaymentState(row: { status: BookingStatus; payment_method: PaymentMethod | null; on_account: boolean }): PaymentState | null {
  if (row.status === 'completed') return null;
  return paymentStateOf({ status: row.status, paymentMethod: row.payment_method, balanceDueCents: 0, noShow: false, onAccount: row.on_account });
}
