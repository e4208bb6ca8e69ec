import { useTranslation } from 'react-i18next';
import { AdminPlaceholder } from '../../components/ui/admin-placeholder';

export function BookingsPage() {
  const { t } = useTranslation('admin');
  return <AdminPlaceholder title={t('pages.bookings.title')} text={t('pages.bookings.text')} />;
}
