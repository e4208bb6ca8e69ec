import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function SystemPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.system.title')} text={t('pages.system.text')} />;
}
