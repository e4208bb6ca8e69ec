import { useTranslation } from 'react-i18next';
import { AdminPlaceholder } from '../../components/ui/admin-placeholder';

export function PricingPage() {
  const { t } = useTranslation('admin');
  return <AdminPlaceholder title={t('pages.pricing.title')} text={t('pages.pricing.text')} />;
}
