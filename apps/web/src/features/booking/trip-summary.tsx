import type { Language } from '@vtc/shared/i18n/languages';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import { formatTimeOfDay } from '@vtc/shared/time/format-paris';
import { formatDateFr } from '@vtc/shared/time/paris-time';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredLanguage } from '../../lib/language';
import type { BookingSummary } from '@vtc/shared/booking/booking-responses';
import { BagIcon, CalendarIcon, ClockIcon, PersonIcon, RoadIcon } from '../../components/trip/trip-icons';
import './trip-summary.css';
import { formatLocale } from '@vtc/shared/i18n/format-locale';

type Trip = Pick<
  BookingSummary,
  'origin' | 'destination' | 'stops' | 'pickup_local' | 'rent_date' | 'rent_time' | 'distance_km' | 'distance_estimated' | 'passenger' | 'package'
>;

/** "24,8 km", "24.8 km", "24.8 كم": Western digits in every language, as for prices. */
function formatKm(km: number, language: Language): string {
  return new Intl.NumberFormat(formatLocale(language), {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: 1,
  }).format(km);
}

interface TripSummaryProps {
  trip: Trip;
  title?: string;
  /** Extra rows (car, price) below the trip facts. */
  children?: ReactNode;
  className?: string;
}

/** The booking as steps two and three and the deposit page show it: route, date, time, party. */
export function TripSummary({ trip, title, children, className }: TripSummaryProps) {
  const { t } = useTranslation('booking');
  const language = getStoredLanguage();
  const titleId = useId();
  const { passenger, package: luggage } = trip;
  const bags = luggage.under10kg + luggage.above10kg + luggage.above30kg;
  const party = [
    t('summary.adults', { count: passenger.adults }),
    passenger.children > 0 ? t('summary.children', { count: passenger.children }) : null,
    passenger.children_seat > 0 ? t('summary.childSeats', { count: passenger.children_seat }) : null,
  ].filter(Boolean);
  const bagLines = (['under10kg', 'above10kg', 'above30kg'] as const)
    .filter((key) => luggage[key] > 0)
    .map((key) => `${luggage[key]} × ${t(`form.counters.${key}.label`)}`);

  return (
    <section className={['trip-summary', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className="trip-summary-title">
        {title ?? t('summary.title')}
      </h2>
      <ol className="route-timeline">
        <li className="route-point route-origin">
          <span className="route-kind">{t('form.origin')}</span>
          <span className="route-place">{placeTitle(trip.origin, language)}</span>
        </li>
        {trip.stops.map((stop, index) => (
          <li key={`${stop.title}-${index}`} className="route-point route-stop">
            <span className="route-kind">{t('form.stopLabel', { number: index + 1 })}</span>
            <span className="route-place">{placeTitle(stop, language)}</span>
          </li>
        ))}
        <li className="route-point route-destination">
          <span className="route-kind">{t('form.destination')}</span>
          <span className="route-place">{placeTitle(trip.destination, language)}</span>
        </li>
      </ol>
      <dl className="trip-facts">
        <div className="trip-fact">
          <dt>
            <CalendarIcon />
            {t('summary.date')}
          </dt>
          <dd>{formatDateFr(trip.pickup_local || trip.rent_date)}</dd>
        </div>
        <div className="trip-fact">
          <dt>
            <ClockIcon />
            {t('summary.time')}
          </dt>
          <dd dir="ltr">{formatTimeOfDay(trip.rent_time, language)}</dd>
        </div>
        <div className="trip-fact">
          <dt>
            <RoadIcon />
            {t('summary.distance')}
          </dt>
          <dd>
            {formatKm(trip.distance_km, language)}
            {trip.distance_estimated ? <span className="badge badge-muted">{t('summary.estimate')}</span> : null}
          </dd>
        </div>
        <div className="trip-fact">
          <dt>
            <PersonIcon />
            {t('summary.passengers')}
          </dt>
          <dd>{party.join(', ')}</dd>
        </div>
        <div className="trip-fact">
          <dt>
            <BagIcon />
            {t('summary.luggage')}
          </dt>
          <dd>{bags === 0 ? t('summary.noLuggage') : bagLines.join(', ')}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
