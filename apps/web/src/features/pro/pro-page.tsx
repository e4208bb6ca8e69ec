import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function ProPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.prof.title')} text={t('pages.prof.text')} />;
}
