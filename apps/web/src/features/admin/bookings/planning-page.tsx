import type { CalendarTrip } from '@vtc/shared/planning/planning-schemas';
import { formatParisTime } from '@vtc/shared/time/format-paris';
import { shiftIsoDate } from '@vtc/shared/time/paris-time';
import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-fetch';
import { getStoredLanguage } from '../../../lib/language';
import { BookingDrawer } from './booking-drawer';
import { parisToday, planningRange, usePlanning, type PlanningView } from './planning-api';
import { parisDayOf, tripGroup, type PlanningGroup } from './planning-trips';
import { useLegNote } from '../../../components/admin/leg-note';
import { PlanningWeek } from './planning-week';
import { StatusBadge } from './status-badge';
import './planning-page.css';

// The timeline library loads only where it is shown (the day view on a wide screen).
const PlanningTimeline = lazy(() => import('./planning-timeline').then((module) => ({ default: module.PlanningTimeline })));

// Under --tablet-small (760 px) the timeline would not fit: the agenda takes its place.
const WIDE = '(min-width: 761px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isWide = () => window.matchMedia(WIDE).matches;

function dayTitle(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** The phone's planning: the trips day by day, each a button opening the booking. */
function PlanningAgenda({ trips, days, group, onOpen }: { trips: CalendarTrip[]; days: string[]; group: PlanningGroup; onOpen: (id: number) => void }) {
  const { t } = useTranslation('admin');
  const legNote = useLegNote();
  const language = getStoredLanguage();
  return (
    <div className="planning-agenda">
      {days.map((day) => {
        const ofDay = trips.filter((trip) => parisDayOf(trip.start) === day);
        return (
          <section key={day} className="planning-agenda-day">
            <h2 className="planning-agenda-title">{dayTitle(day, language)}</h2>
            {ofDay.length === 0 ? (
              <p className="planning-muted">{t('pages.planning.empty')}</p>
            ) : (
              <ul className="planning-agenda-list">
                {ofDay.map((trip) => (
                  <li key={`${trip.bookingId}-${trip.leg}`}>
                    <button
                      type="button"
                      className={`planning-agenda-trip planning-${trip.status}${trip.driver ? '' : ' planning-unassigned'}`}
                      onClick={() => onOpen(trip.bookingId)}
                      aria-label={t('pages.planning.open', { reference: trip.reference })}
                    >
                      <span className="planning-agenda-time" dir="ltr">
                        {formatParisTime(trip.start, language)} – {formatParisTime(trip.end, language)}
                      </span>
                      <span className="planning-agenda-main">
                        <strong>{trip.reference}</strong> {trip.customerName}
                        {legNote(trip) ? ` · ${legNote(trip)}` : ''}
                      </span>
                      <span>{trip.route}</span>
                      <span className="planning-agenda-meta">
                        <StatusBadge status={trip.status} />
                        <span>{tripGroup(trip, group === 'car' ? 'driver' : 'car', t).title}</span>
                        <span>{tripGroup(trip, group, t).title}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** Planning: the dispatch calendar, a day or a week of trips per car or per chauffeur (decision 0084). */
export function PlanningPage() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const dateId = useId();
  const wide = useSyncExternalStore(subscribeWide, isWide);
  const [view, setView] = useState<PlanningView>('week');
  const [group, setGroup] = useState<PlanningGroup>('car');
  const [day, setDay] = useState(parisToday);
  const [openId, setOpenId] = useState<number | null>(null);
  const range = planningRange(view, day);
  const planning = usePlanning(range);
  const days = Array.from({ length: view === 'day' ? 1 : 7 }, (_, i) => shiftIsoDate(range.from, i));
  const step = view === 'day' ? 1 : 7;
  const statuses = ['pending', 'accepted', 'paid', 'completed'] as const;

  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('pages.planning.title')}</h1>
      <p className="admin-lead">{t('pages.planning.text')}</p>

      <div className="card planning-toolbar">
        <div className="planning-nav">
          <button type="button" className="btn btn-secondary" onClick={() => setDay(shiftIsoDate(day, -step))}>
            {t('pages.planning.previous')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setDay(parisToday())}>
            {t('pages.planning.today')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setDay(shiftIsoDate(day, step))}>
            {t('pages.planning.next')}
          </button>
        </div>
        <div className="field planning-date">
          <label htmlFor={dateId} className="field-label">
            {t('pages.planning.date')}
          </label>
          <input id={dateId} type="date" className="field-input" value={day} onChange={(event) => event.target.value && setDay(event.target.value)} />
        </div>
        <fieldset className="planning-choice">
          <legend className="field-label">{t('pages.planning.view')}</legend>
          {(['day', 'week'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="planning-view" value={value} checked={view === value} onChange={() => setView(value)} /> {value === 'day' ? t('pages.planning.day') : t('pages.planning.week')}
            </label>
          ))}
        </fieldset>
        <fieldset className="planning-choice">
          <legend className="field-label">{t('pages.planning.group')}</legend>
          {(['car', 'driver'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="planning-group" value={value} checked={group === value} onChange={() => setGroup(value)} />{' '}
              {t(value === 'car' ? 'pages.planning.byCar' : 'pages.planning.byDriver')}
            </label>
          ))}
        </fieldset>
      </div>

      <h2 className="planning-period">
        {view === 'day' ? dayTitle(range.from, language) : `${dayTitle(range.from, language)} – ${dayTitle(shiftIsoDate(range.to, -1), language)}`}
      </h2>
      <ul className="planning-legend" aria-label={t('pages.planning.legend')}>
        {statuses.map((status) => (
          <li key={status} className={`planning-legend-item planning-${status}`}>
            {t(`bookingStatus.${status}`)}
          </li>
        ))}
        <li className="planning-legend-item planning-unassigned">{t('pages.planning.unassigned')}</li>
      </ul>

      {planning.error ? (
        <p className="field-error" role="alert">
          {errorMessage(planning.error)}
        </p>
      ) : planning.data === undefined ? (
        <Spinner label={t('pages.planning.loading')} />
      ) : wide && view === 'week' ? (
        <>
          <PlanningWeek trips={planning.data} days={days} group={group} onOpen={setOpenId} />
          {planning.data.length === 0 ? <p className="planning-muted">{t('pages.planning.empty')}</p> : null}
        </>
      ) : wide ? (
        <Suspense fallback={<Spinner label={t('pages.planning.loading')} />}>
          <PlanningTimeline trips={planning.data} day={range.from} group={group} onOpen={setOpenId} />
          {planning.data.length === 0 ? <p className="planning-muted">{t('pages.planning.empty')}</p> : null}
        </Suspense>
      ) : (
        <PlanningAgenda trips={planning.data} days={days} group={group} onOpen={setOpenId} />
      )}

      <BookingDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
