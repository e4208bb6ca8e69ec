import { useTranslation } from 'react-i18next';
import { AdminPlaceholder } from '../../components/ui/admin-placeholder';

export function SeasonsPage() {
  const { t } = useTranslation('admin');
  return <AdminPlaceholder title={t('pages.seasons.title')} text={t('pages.seasons.text')} />;
}
