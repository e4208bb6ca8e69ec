import { useTranslation } from 'react-i18next';
import { AdminPlaceholder } from '../../components/ui/admin-placeholder';

export function DurationsPage() {
  const { t } = useTranslation('admin');
  return <AdminPlaceholder title={t('pages.durations.title')} text={t('pages.durations.text')} />;
}
