import { formatKilometres } from '@vtc/shared/i18n/format-number';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import { formatTimeOfDay } from '@vtc/shared/time/format-paris';
import { formatDateFr } from '@vtc/shared/time/paris-time';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredLanguage } from '../../lib/language';
import type { BookingSummary } from '@vtc/shared/booking/booking-responses';
import { BagIcon, CalendarIcon, ClockIcon, PersonIcon, RoadIcon } from '../../components/trip/trip-icons';
import { formatHireEnd, useHireWords } from '../../components/trip/hire-words';
import './trip-summary.css';

type Trip = Pick<
  BookingSummary,
  | 'origin'
  | 'destination'
  | 'stops'
  | 'pickup_at'
  | 'pickup_local'
  | 'rent_date'
  | 'rent_time'
  | 'distance_km'
  | 'distance_estimated'
  | 'passenger'
  | 'package'
  | 'serviceType'
  | 'hours'
  | 'days'
  | 'tourName'
  | 'programme'
  | 'hasDropOff'
  | 'endsAt'
>;


interface TripSummaryProps {
  trip: Trip;
  title?: string;
  /** Extra rows (car, price) below the trip facts. */
  children?: ReactNode;
  className?: string;
}

/**
 * The booking as steps two and three, the deposit page and the thank-you recap show it: route,
 * date, time, party; a hire's service, length, end and programme, a tour's name (issue 22).
 */
export function TripSummary({ trip, title, children, className }: TripSummaryProps) {
  const { t } = useTranslation('booking');
  const words = useHireWords();
  const language = getStoredLanguage();
  const titleId = useId();
  const service = trip.serviceType;
  const transfer = service === 'transfer';
  const length = words.hireLength(service, trip.hours, trip.days);
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
      {!transfer ? (
        <p className="trip-service">
          <span className="badge">{words.serviceName(service)}</span>
          {service === 'tour' && trip.tourName ? <strong className="trip-tour-name">{trip.tourName[language]}</strong> : null}
        </p>
      ) : null}
      <ol className="route-timeline">
        <li className="route-point route-origin">
          <span className="route-kind">{transfer ? t('form.origin') : t('summary.pickup')}</span>
          <span className="route-place">{placeTitle(trip.origin, language)}</span>
        </li>
        {trip.stops.map((stop, index) => (
          <li key={`${stop.title}-${index}`} className="route-point route-stop">
            <span className="route-kind">{t('form.stopLabel', { number: index + 1 })}</span>
            <span className="route-place">{placeTitle(stop, language)}</span>
          </li>
        ))}
        {transfer || trip.hasDropOff ? (
          <li className="route-point route-destination">
            <span className="route-kind">{transfer ? t('form.destination') : t('summary.dropOff')}</span>
            <span className="route-place">{placeTitle(trip.destination, language)}</span>
          </li>
        ) : null}
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
        {length ? (
          <div className="trip-fact">
            <dt>
              <ClockIcon />
              {t('summary.duration')}
            </dt>
            <dd>{service === 'daily' ? t('summary.dayHours', { duration: length }) : length}</dd>
          </div>
        ) : null}
        {trip.endsAt && !transfer ? (
          <div className="trip-fact">
            <dt>
              <ClockIcon />
              {t('summary.end')}
            </dt>
            <dd>{formatHireEnd(trip.endsAt, trip.pickup_at, language)}</dd>
          </div>
        ) : null}
        {transfer || trip.hasDropOff ? (
          <div className="trip-fact">
            <dt>
              <RoadIcon />
              {t('summary.distance')}
            </dt>
            <dd>
              {formatKilometres(trip.distance_km, language)}
              {trip.distance_estimated ? <span className="badge badge-muted">{t('summary.estimate')}</span> : null}
            </dd>
          </div>
        ) : null}
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
        {trip.programme ? (
          <div className="trip-fact trip-fact-wide">
            <dt>{t('summary.programme')}</dt>
            <dd className="trip-programme">{trip.programme}</dd>
          </div>
        ) : null}
      </dl>
      {children}
    </section>
  );
}
