import type { DashboardData } from '@vtc/shared/dashboard/dashboard-responses';
import { getParisParts, parisDayStart, parisIsoDate, parisMonthStart } from '@vtc/shared/time/paris-time';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { getCalendar } from '../planning/planning-service.ts';
import { refundFigures } from './dashboard-refunds.ts';
import { bookingsPerWeek, countUnassigned, monthFigures, overdueStatements, pendingFigures } from './dashboard-repository.ts';
import { collectionFigures } from './collection-figures.ts';
import { ratingFigures } from './rating-figures.ts';

const WEEKS = 12;
const pad = (value: number) => String(value).padStart(2, '0');

/** Midnight on Paris clocks of the Paris day `offset` days after the day of `instant`. */
const parisMidnight = (instant: Date, offset = 0) => parisDayStart(getParisParts(instant), offset);
/** The first of the Paris month `offset` months after the month of `instant`, at midnight. */
const monthStart = (instant: Date, offset = 0) => parisMonthStart(getParisParts(instant), offset);

const monthName = (start: Date) => {
  const p = getParisParts(start);
  return `${p.year}-${pad(p.month)}`;
};

/** The figures of the admin's dashboard (decision 0085), every day and month on Paris clocks. */
export async function getDashboard(db: DbOrTx, config: Pick<Config, 'HOLD_BUFFER_MINUTES' | 'AVERAGE_SPEED_KMH'>, now: Date): Promise<DashboardData> {
  const today = parisMidnight(now);
  const tomorrow = parisMidnight(now, 1);
  const dayAfter = parisMidnight(now, 2);
  const lastMonth = monthStart(now, -1);
  const thisMonth = monthStart(now);
  const nextMonth = monthStart(now, 1);
  // Monday of this week (getDay: 0 is Sunday), then the 11 weeks before it.
  const weekday = getParisParts(now).weekday;
  const thisMonday = parisMidnight(now, -((weekday + 6) % 7));
  const weekStarts = Array.from({ length: WEEKS }, (_, i) => parisMidnight(thisMonday, -7 * (WEEKS - 1 - i)));
  const nextMonday = parisMidnight(thisMonday, 7);

  const [pending, trips, unassigned, months, weeks, collection] = await Promise.all([
    pendingFigures(db),
    getCalendar(db, config, today, dayAfter),
    countUnassigned(db, now),
    monthFigures(db, lastMonth, thisMonth, nextMonth),
    bookingsPerWeek(db, weekStarts, nextMonday),
    collectionFigures(db, thisMonth, nextMonth),
  ]);
  const refunds = await refundFigures(db, lastMonth, thisMonth, nextMonth);
  const overdue = await overdueStatements(db, now);
  // The last 12 months of trips, this one included (decision 0146).
  const ratings = await ratingFigures(db, monthStart(now, -11), nextMonth);
  const startingIn = (from: Date, to: Date) => trips.filter((trip) => Date.parse(trip.start) >= from.getTime() && Date.parse(trip.start) < to.getTime());
  return {
    now: now.toISOString(),
    pending: { count: pending.count, oldestSince: pending.oldestSince?.toISOString() ?? null },
    today: startingIn(today, tomorrow),
    tomorrow: startingIn(tomorrow, dayAfter),
    unassigned,
    thisMonth: { month: monthName(thisMonth), ...months.second },
    lastMonth: { month: monthName(lastMonth), ...months.first },
    collection,
    weeks: weekStarts.map((start, i) => ({ weekStart: parisIsoDate(start), bookings: weeks[i] ?? 0 })),
    refunds,
    overdueStatements: overdue,
    ratings,
  };
}
