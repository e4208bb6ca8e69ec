import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Celebration } from './celebration';
import './booking-funnel.css';

/** /pay-success: where the card payment page sends the customer back (spec §2). */
export function PaySuccessPage() {
  const { t } = useTranslation('booking');
  return (
    <Celebration title={t('paySuccess.title')}>
      <p className="page-lead">{t('paySuccess.text')}</p>
      <div className="page-actions celebration-actions">
        <Link to="/" className="btn btn-primary">
          {t('actions.home')}
        </Link>
      </div>
    </Celebration>
  );
}
