import type { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import { useTranslation } from 'react-i18next';

/** A booking's state in the customer's words (typed, so the translation check resolves every key). */
export function BookingStatusLabel({ status, as: Tag = 'span' }: { status: BookingStatus; as?: 'span' | 'p' }) {
  const { t } = useTranslation('auth');
  return <Tag className={`my-booking-status status-${status}`}>{t(`bookings.status.${status}`)}</Tag>;
}

/** The label of a history line. */
export function useStatusName() {
  const { t } = useTranslation('auth');
  return (status: BookingStatus) => t(`bookings.status.${status}`);
}
