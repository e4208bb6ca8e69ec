import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { VerifyEmailNotice } from '../../components/account/verify-email-notice';
import { usePublicConfig } from '../../lib/public-config';
import { BookingRecap, recapIdFrom } from './booking-recap';
import { Celebration } from './celebration';
import './booking-funnel.css';

/** /success?id=…: the booking request was sent (spec §2), with its recap. */
export function SuccessPage() {
  const { t } = useTranslation('booking');
  const { data: config } = usePublicConfig();
  const [search] = useSearchParams();
  const id = recapIdFrom(search);
  return (
    <Celebration title={t('success.title')}>
      <p className="page-lead">{t('success.text')}</p>
      {id === null ? <p className="celebration-next">{t('success.next')}</p> : <BookingRecap id={id} />}
      <VerifyEmailNotice context="booking" />
      {config?.companyEmail ? (
        <p>
          {t('success.contact')}{' '}
          <a href={`mailto:${config.companyEmail}`} dir="ltr">
            {config.companyEmail}
          </a>
        </p>
      ) : null}
      <div className="page-actions celebration-actions">
        <Link to="/" className="btn btn-primary">
          {t('actions.home')}
        </Link>
      </div>
    </Celebration>
  );
}
