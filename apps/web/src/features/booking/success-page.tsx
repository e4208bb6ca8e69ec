import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function SuccessPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.success.title')} text={t('pages.success.text')} />;
}
