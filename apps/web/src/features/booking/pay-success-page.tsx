import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BookingRecap, recapIdFrom } from './booking-recap';
import { Celebration } from './celebration';
import './booking-funnel.css';

/** /pay-success?id=…: where the card payment page sends the customer back (spec §2), with the recap. */
export function PaySuccessPage() {
  const { t } = useTranslation('booking');
  const [search] = useSearchParams();
  return (
    <Celebration title={t('paySuccess.title')}>
      <p className="page-lead">{t('paySuccess.text')}</p>
      <BookingRecap id={recapIdFrom(search)} />
      <div className="page-actions celebration-actions">
        <Link to="/" className="btn btn-primary">
          {t('actions.home')}
        </Link>
      </div>
    </Celebration>
  );
}
