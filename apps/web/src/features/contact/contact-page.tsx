import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function ContactPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.contact.title')} text={t('pages.contact.text')} />;
}
