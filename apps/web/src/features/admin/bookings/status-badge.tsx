import type { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import { useTranslation } from 'react-i18next';

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('admin');
  return <span className={`status-badge status-${status}`}>{t(`bookingStatus.${status}`)}</span>;
}
