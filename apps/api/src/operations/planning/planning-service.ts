import { MAX_CALENDAR_DAYS, type CalendarQuery, type CalendarTrip } from '@vtc/shared/planning/planning-schemas';
import { parisWallTimeToInstant } from '@vtc/shared/time/paris-time';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError, badRequest } from '../../platform/lib/app-error.ts';
import { findHoldEnds, findPlannedBookings, type PlannedBooking } from './planning-repository.ts';

type PlanningConfig = Pick<Config, 'HOLD_BUFFER_MINUTES' | 'AVERAGE_SPEED_KMH'>;
const DAY_MS = 86_400_000;

/** A date alone is midnight on Paris clocks; an instant keeps its offset. */
export function parseCalendarBound(value: string): Date {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!date) return new Date(value);
  return parisWallTimeToInstant({ year: Number(date[1]), month: Number(date[2]), day: Number(date[3]), hour: 0, minute: 0 });
}

/** 400 calendar_range_invalid unless from < to; 400 calendar_range_too_long beyond MAX_CALENDAR_DAYS. */
export function calendarRange(query: CalendarQuery): { from: Date; to: Date } {
  const from = parseCalendarBound(query.from);
  const to = parseCalendarBound(query.to);
  if (from.getTime() >= to.getTime()) throw badRequest('calendar_range_invalid');
  // One hour of slack: a month of 31 days that crosses a clock change.
  if (to.getTime() - from.getTime() > MAX_CALENDAR_DAYS * DAY_MS + 3_600_000) {
    throw new AppError(400, 'calendar_range_too_long', { max: MAX_CALENDAR_DAYS });
  }
  return { from, to };
}

/** The hold a completed trip had (its hold was released): the default estimate of decision 0070. */
function estimatedEnd(config: PlanningConfig, booking: PlannedBooking, start: Date): Date {
  const minutes = Math.ceil((booking.distanceKm / config.AVERAGE_SPEED_KMH) * 60) + config.HOLD_BUFFER_MINUTES;
  return new Date(start.getTime() + minutes * 60_000);
}

/** Every leg of a planned trip that overlaps [from, to), by start then booking. */
export async function getCalendar(db: DbOrTx, config: PlanningConfig, from: Date, to: Date): Promise<CalendarTrip[]> {
  const rows = await findPlannedBookings(db, from, to);
  const holdEnds = await findHoldEnds(db, rows.map((row) => row.id));
  const trips: CalendarTrip[] = [];
  for (const row of rows) {
    type Leg = { leg: CalendarTrip['leg']; start: Date; origin: PlannedBooking['origin']; destination: PlannedBooking['origin'] };
    const legs: Leg[] = [{ leg: 'outbound', start: row.pickupAt, origin: row.origin, destination: row.destination }];
    if (row.returnAt) legs.push({ leg: 'return', start: row.returnAt, origin: row.destination, destination: row.origin });
    for (const leg of legs) {
      const end = holdEnds.get(`${row.id}:${leg.leg}`) ?? estimatedEnd(config, row, leg.start);
      if (leg.start >= to || end <= from) continue;
      trips.push({
        bookingId: row.id,
        reference: `#${row.id}`,
        leg: leg.leg,
        status: row.status as CalendarTrip['status'],
        car: row.carId === null ? null : { id: row.carId, name: row.carName ?? '', plate: row.carPlate ?? '' },
        driver: row.driverId === null ? null : { id: row.driverId, name: row.driverName ?? '' },
        start: leg.start.toISOString(),
        end: end.toISOString(),
        customerName: row.customerName,
        route: `${leg.origin.title} → ${leg.destination.title}`,
      });
    }
  }
  return trips.sort((a, b) => a.start.localeCompare(b.start) || a.bookingId - b.bookingId);
}
