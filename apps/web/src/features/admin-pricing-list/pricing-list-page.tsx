import { useTranslation } from 'react-i18next';
import { AdminPlaceholder } from '../../components/ui/admin-placeholder';

export function PricingListPage() {
  const { t } = useTranslation('admin');
  return <AdminPlaceholder title={t('pages.pricingList.title')} text={t('pages.pricingList.text')} />;
}
