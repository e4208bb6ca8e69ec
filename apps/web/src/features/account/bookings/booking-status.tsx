import type { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import { historyReason } from '@vtc/shared/booking/history-entries';
import type { MissionStatus } from '@vtc/shared/missions/mission-schemas';
import { useTranslation } from 'react-i18next';

/** A booking's state in the customer's words (typed, so the translation check resolves every key). */
export function BookingStatusLabel({ status, as: Tag = 'span' }: { status: BookingStatus; as?: 'span' | 'p' }) {
  const { t } = useTranslation('auth');
  return <Tag className={`my-booking-status status-${status}`}>{t(`bookings.status.${status}`)}</Tag>;
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
