import type { CalendarTrip } from '@vtc/shared/planning/planning-schemas';
import { formatParisTime } from '@vtc/shared/time/format-paris';
import { useTranslation } from 'react-i18next';
import { getStoredLanguage } from '../../../lib/language';
import { flightFlag, parisDayOf, tripGroup, tripLabel, type PlanningGroup } from './planning-trips';
import { useLegNote } from '../../../components/admin/leg-note';

interface PlanningWeekProps {
  trips: CalendarTrip[];
  /** The seven days shown, Monday first, YYYY-MM-DD on Paris clocks. */
  days: string[];
  group: PlanningGroup;
  onOpen: (bookingId: number) => void;
}

function dayHeading(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/**
 * The week as a board (decision 0122): one row per car or chauffeur, one column per day, each
 * trip a labelled card in its day (time, route, chauffeur or car), in pickup order. A week of
 * proportional time would give an hour's trip a few pixels; a board gives it words.
 */
export function PlanningWeek({ trips, days, group, onOpen }: PlanningWeekProps) {
  const { t } = useTranslation('admin');
  const legNote = useLegNote();
  const language = getStoredLanguage();
  const rows = new Map<string, { title: string; trips: CalendarTrip[] }>();
  for (const trip of trips) {
    const resource = tripGroup(trip, group, t);
    const row = rows.get(resource.id) ?? { title: resource.title, trips: [] };
    row.trips.push(trip);
    rows.set(resource.id, row);
  }
  const sorted = [...rows.values()].sort((a, b) => a.title.localeCompare(b.title, language));
  const other: PlanningGroup = group === 'car' ? 'driver' : 'car';

  return (
    <div className="planning-week-scroll" data-testid="planning-week">
      <table className="planning-week">
        <caption className="visually-hidden">{t('pages.planning.weekCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="planning-week-corner">
              {group === 'car' ? t('pages.planning.byCar') : t('pages.planning.byDriver')}
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className="planning-week-day">
                {dayHeading(day, language)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.title}>
              <th scope="row" className="planning-week-resource">
                {row.title}
              </th>
              {days.map((day) => (
                <td key={day} className="planning-week-cell">
                  {row.trips
                    .filter((trip) => parisDayOf(trip.start) === day)
                    .map((trip) => (
                      <button
                        key={`${trip.bookingId}-${trip.leg}`}
                        type="button"
                        className={`planning-card planning-${trip.status}${trip.driver ? '' : ' planning-unassigned'}${trip.flight ? ' planning-flight-flag' : ''}`}
                        onClick={() => onOpen(trip.bookingId)}
                        aria-label={tripLabel(trip, t, legNote(trip))}
                        data-testid="planning-card"
                      >
                        <span className="planning-card-time" dir="ltr">
                          {formatParisTime(trip.start, language)} – {formatParisTime(trip.end, language)}
                        </span>
                        {trip.flight ? <span className="planning-card-flight">{flightFlag(trip, t)}</span> : null}
                        <span className="planning-card-route">
                          {trip.route}
                          {legNote(trip) ? ` · ${legNote(trip)}` : ''}
                        </span>
                        <span className="planning-card-who">{tripGroup(trip, other, t).title}</span>
                      </button>
                    ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
