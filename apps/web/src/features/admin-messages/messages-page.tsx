import { useTranslation } from 'react-i18next';
import { AdminPlaceholder } from '../../components/ui/admin-placeholder';

export function MessagesPage() {
  const { t } = useTranslation('admin');
  return <AdminPlaceholder title={t('pages.messages.title')} text={t('pages.messages.text')} />;
}
