import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function PaySuccessPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.paySuccess.title')} text={t('pages.paySuccess.text')} />;
}
