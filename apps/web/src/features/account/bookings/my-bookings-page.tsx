import type { BookingListItem } from '@vtc/shared/booking/booking-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatHireEnd, useHireWords } from '../../../components/trip/hire-words';
import { Spinner } from '../../../components/ui/spinner';
import { formatPrice } from '@vtc/shared/pricing/format-euros';
import { formatPickup } from './booking-format';
import { BookingStatusLabel, listPaymentState } from './booking-status';
import { useMyBookings } from './my-bookings-api';
import './my-bookings.css';

const ENDED = new Set(['completed', 'cancelled', 'rejected']);

/** Upcoming trips first (soonest first), then the others (latest first). */
function sortForCustomer(rows: BookingListItem[], now: number): BookingListItem[] {
  const upcoming = (row: BookingListItem) => !ENDED.has(row.status) && new Date(row.pickup_at).getTime() >= now;
  const next = rows.filter(upcoming).sort((a, b) => a.pickup_at.localeCompare(b.pickup_at));
  const rest = rows.filter((row) => !upcoming(row)).sort((a, b) => b.pickup_at.localeCompare(a.pickup_at));
  return [...next, ...rest];
}

/** /account/bookings: "Mes réservations", each trip as a card that opens its page. */
export function MyBookingsPage() {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language as Language;
  const words = useHireWords();
  const bookings = useMyBookings();
  const rows = sortForCustomer((bookings.data ?? []).filter((row) => row.status !== 'draft'), Date.now());

  return (
    <section className="page-section">
      <div className="container my-bookings">
        <h1 className="page-title">{t('bookings.title')}</h1>
        {bookings.isPending ? (
          <Spinner label={t('bookings.loading')} />
        ) : bookings.isError ? (
          <p className="notice notice-warning" role="alert">
            {bookings.error.message}
          </p>
        ) : rows.length === 0 ? (
          <div className="card my-bookings-empty">
            <p>{t('bookings.empty')}</p>
            <Link className="btn btn-primary" to="/system">
              {t('bookings.bookNow')}
            </Link>
          </div>
        ) : (
          <ul className="my-bookings-list">
            {rows.map((row) => (
              <li key={row.id}>
                <Link className="card my-booking-card" to={`/account/bookings/${row.id}`}>
                  <span className="my-booking-when">{formatPickup(row.pickup_at, language)}</span>
                  {row.serviceType !== 'transfer' ? (
                    // A hire or a tour (issue 22): which, how long, until when.
                    <span className="my-booking-service">
                      <span className="my-booking-service-name">{words.serviceName(row.serviceType)}</span>
                      {[
                        words.hireLength(row.serviceType, row.hours, row.days),
                        row.endsAt ? t('bookings.until', { end: formatHireEnd(row.endsAt, row.pickup_at, language) }) : null,
                      ]
                        .filter(Boolean)
                        .map((text) => (
                          <span key={text}>{text}</span>
                        ))}
                    </span>
                  ) : null}
                  {row.serviceType === 'transfer' || row.hasDropOff ? (
                    <span className="my-booking-route">
                      <bdi>{row.origin}</bdi> <span aria-hidden="true">{language === 'ar' ? '←' : '→'}</span>{' '}
                      <span className="visually-hidden">{t('bookings.to')}</span> <bdi>{row.destination}</bdi>
                    </span>
                  ) : (
                    <span className="my-booking-route">
                      <bdi>{row.origin}</bdi>
                    </span>
                  )}
                  <span className="my-booking-meta">
                    {row.car ? <span>{row.car.name}</span> : null}
                    {row.total_cents !== null ? <span>{formatPrice(row.total_cents, language)}</span> : null}
                    {row.payment_method === 'cash' || row.on_account ? null : (
                      <span>{t(`bookings.deposit.${row.status === 'paid' || row.status === 'completed' ? 'paid' : 'unpaid'}`)}</span>
                    )}
                  </span>
                  <BookingStatusLabel status={row.status} paymentState={listPaymentState(row)} />
                  <span className="my-booking-number">{t('bookings.number', { id: row.id })}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
