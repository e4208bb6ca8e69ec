import { formatEuros, formatPrice } from '@vtc/shared/pricing/format-euros';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-fetch';
import { isSignedIn, useSession } from '../../lib/auth-session';
import { getStoredLanguage } from '../../lib/language';
import { useMyBooking } from '../../lib/my-booking-api';
import { TripSummary } from './trip-summary';
import './booking-recap.css';

/** The booking id of the address (`?id=123`), or null when missing or not a whole number. */
export function recapIdFrom(search: URLSearchParams): number | null {
  const raw = search.get('id');
  return raw !== null && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/**
 * The thank-you pages' recap (issue 13, item 7): the booking number, the trip, the car, the
 * price and deposit, where the booking stands and what comes next. Fetched by id for its
 * owner, so a reload shows it again; another or unknown id shows a not-found message.
 */
export function BookingRecap({ id }: { id: number | null }) {
  const { t } = useTranslation('booking-help');
  const language = getStoredLanguage();
  // A deposit paid from the mailed link needs no session: without one there is no recap to fetch.
  const signedIn = isSignedIn(useSession());
  // The same query as the booking in "Mes réservations"; no retry: a missing booking shows at once.
  const { data, error, isPending } = useMyBooking(signedIn ? id : null, { retry: false });
  if (id === null || !signedIn) return null;
  if (isPending) return <Spinner label={t('common:pleaseWait')} />;
  if (!data) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <p className="notice notice-warning" role="status">
        {t(missing ? 'recap.notFound' : 'recap.loadError')}
      </p>
    );
  }
  const paid = data.status === 'paid';
  const status = data.status === 'pending' ? t('recap.waiting') : paid ? t('recap.paid') : t(`auth:bookings.status.${data.status}`);
  return (
    <div className="booking-recap">
      <p className="booking-recap-number">{t('recap.number', { id: data.id })}</p>
      <TripSummary trip={data} title={t('recap.title')} className="card booking-recap-card">
        <dl className="trip-facts booking-recap-facts">
          {data.car ? (
            <div className="trip-fact">
              <dt>{t('recap.car')}</dt>
              <dd>{data.car.name}</dd>
            </div>
          ) : null}
          {data.total_cents !== null ? (
            <div className="trip-fact">
              <dt>{t('recap.total')}</dt>
              <dd>{formatPrice(data.total_cents, language)}</dd>
            </div>
          ) : null}
          {data.deposit_cents !== null ? (
            <div className="trip-fact">
              <dt>{t('recap.deposit')}</dt>
              <dd>{formatEuros(data.deposit_cents, language)}</dd>
            </div>
          ) : null}
          <div className="trip-fact">
            <dt>{t('recap.status')}</dt>
            <dd>{status}</dd>
          </div>
        </dl>
      </TripSummary>
      <section className="booking-recap-next">
        <h2>{t('recap.next')}</h2>
        <p>{t(paid ? 'recap.nextPaid' : 'recap.nextPending')}</p>
        <Link to={`/account/bookings/${data.id}`}>{t('recap.details')}</Link>
      </section>
    </div>
  );
}
