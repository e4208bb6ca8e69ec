import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';

/** The whole page waiting: a large spinner with its words, while a lazy page or its translations load. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner">
      <Spinner label={t('loading')} size="large" />
    </div>
  );
}
