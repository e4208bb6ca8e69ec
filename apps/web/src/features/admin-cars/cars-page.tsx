import { useTranslation } from 'react-i18next';
import { AdminPlaceholder } from '../../components/ui/admin-placeholder';

export function CarsPage() {
  const { t } = useTranslation('admin');
  return <AdminPlaceholder title={t('pages.cars.title')} text={t('pages.cars.text')} />;
}
