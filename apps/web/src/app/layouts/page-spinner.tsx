import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner">
      <Spinner label={t('loading')} size="large" />
    </div>
  );
}
