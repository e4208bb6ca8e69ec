import { useTranslation } from 'react-i18next';
import { AdminPlaceholder } from '../../components/ui/admin-placeholder';

export function HolidaysPage() {
  const { t } = useTranslation('admin');
  return <AdminPlaceholder title={t('pages.holidays.title')} text={t('pages.holidays.text')} />;
}
