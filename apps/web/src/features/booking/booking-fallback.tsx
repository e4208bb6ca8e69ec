import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';

/** Shown while a funnel page's code or texts load. */
export function BookingFallback() {
  const { t } = useTranslation();
  return (
    <div className="booking-fallback">
      <Spinner label={t('loading')} size="large" />
    </div>
  );
}
