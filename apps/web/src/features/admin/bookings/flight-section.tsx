import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import { formatParisDateTime, formatParisTime } from '@vtc/shared/time/format-paris';
import { useTranslation } from 'react-i18next';
import './flight-section.css';

/**
 * The followed flight of an airport pickup in the booking drawer (decision 0144), the outbound's
 * or the return's (decision 0171): its state, the arrival expected and when it was last looked at;
 * a cancelled flight, and a delay that could not move the pickup (the car or the chauffeur busy
 * then), stand out as alerts for the company.
 */
export function FlightSection({ booking, language, leg = 'outbound' }: { booking: BookingDetails; language: Language; leg?: 'outbound' | 'return' }) {
  const { t } = useTranslation('admin');
  const flight = leg === 'return' ? booking.return_flight : booking.flight;
  if (!flight) return null;
  const number = (leg === 'return' ? booking.info.returnFlightNumber : booking.info.flightNumber) ?? '';
  return (
    <section className="details-section flight-section" data-testid={leg === 'return' ? 'return-flight-section' : 'flight-section'}>
      <h3 className="details-title">{t(leg === 'return' ? 'pages.bookings.flight.returnTitle' : 'pages.bookings.flight.title')}</h3>
      {flight.status === 'cancelled' ? (
        <p className="flight-alert" role="alert">
          {t('pages.bookings.flight.cancelled', { flight: number })}
        </p>
      ) : null}
      {flight.alert ? (
        <p className="flight-alert" role="alert">
          {t(`pages.bookings.flight.alerts.${flight.alert.reason}`, { flight: number, time: formatParisDateTime(flight.alert.pickupAt, language) })}
        </p>
      ) : null}
      <dl className="details-list">
        <div className="details-row">
          <dt>{t('pages.bookings.fields.flightNumber')}</dt>
          <dd>
            <bdi dir="ltr">{number}</bdi> — {t(`pages.bookings.flight.status.${flight.status}`)}
          </dd>
        </div>
        {flight.arrivalAt && flight.status !== 'cancelled' ? (
          <div className="details-row">
            <dt>{t('pages.bookings.flight.arrival')}</dt>
            <dd>{formatParisDateTime(flight.arrivalAt, language)}</dd>
          </div>
        ) : null}
        <div className="details-row">
          <dt>{t('pages.bookings.flight.checked')}</dt>
          <dd>{formatParisTime(flight.checkedAt, language)}</dd>
        </div>
      </dl>
    </section>
  );
}
