import { MAX_CALENDAR_DAYS, type CalendarQuery, type CalendarTrip } from '@vtc/shared/planning/planning-schemas';
import { parisDayStart } from '@vtc/shared/time/paris-time';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError, badRequest } from '../../platform/lib/app-error.ts';
import { hireBlocks } from '@vtc/shared/booking/hire-times';
import { bookingHoldLegs, hireDayLeg, loadListedMinutes, readLeg, type ListedMinutes } from '../../booking/booking-public.ts';
import { findHoldEnds, findPlannedBookings, type PlannedBooking } from './planning-repository.ts';

type PlanningConfig = Pick<Config, 'HOLD_BUFFER_MINUTES' | 'AVERAGE_SPEED_KMH'>;
const DAY_MS = 86_400_000;

/** A date alone is midnight on Paris clocks; an instant keeps its offset. */
export function parseCalendarBound(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? parisDayStart(value) : new Date(value);
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

/**
 * The end of each leg's hold, by leg: the hold itself while the car is held, else (a completed
 * trip's hold was released) the hold it had, by the rule that made it, the admin's durations first.
 */
async function legEnds(
  db: DbOrTx,
  config: PlanningConfig,
  booking: PlannedBooking,
  holdEnds: Map<string, Date>,
  durations: () => Promise<ListedMinutes>,
): Promise<Map<CalendarTrip['leg'], Date>> {
  const names = legNames(booking);
  const held = names.flatMap((leg) => {
    const end = holdEnds.get(`${booking.id}:${leg}`);
    return end ? [[leg, end] as const] : [];
  });
  if (held.length === names.length) return new Map(held);
  const estimated = (await bookingHoldLegs(db, config, booking, await durations())).map((leg) => [leg.leg, leg.to] as const);
  return new Map([...estimated, ...held]);
}

/** The legs of a planned booking: a transfer's outbound and return, a hire's one block, or each day of a hire by the day. */
/** A leg's flight flag: its followed flight cancelled, or late with a pickup that could not follow. */
function flightFlagOf(leg: CalendarTrip['leg'], row: PlannedBooking): CalendarTrip['flight'] {
  if (leg !== 'outbound' && leg !== 'return') return null;
  const { status, alert } = readLeg(row, leg, ['status', 'alert']);
  return status === 'cancelled' ? 'cancelled' : alert ? 'not_moved' : null;
}

function legNames(booking: PlannedBooking): CalendarTrip['leg'][] {
  if (booking.serviceType === 'daily') return (hireBlocks(booking) ?? []).map((block) => hireDayLeg(block.day));
  return booking.returnAt ? ['outbound', 'return'] : ['outbound'];
}

/** Every leg of a planned trip that overlaps [from, to), by start then booking. */
export async function getCalendar(db: DbOrTx, config: PlanningConfig, from: Date, to: Date): Promise<CalendarTrip[]> {
  const rows = await findPlannedBookings(db, from, to);
  const holdEnds = await findHoldEnds(db, rows.map((row) => row.id));
  // The admin's durations, read once and only if a trip's hold is gone.
  let listed: Promise<ListedMinutes> | undefined;
  const durations = () => (listed ??= loadListedMinutes(db));
  const trips: CalendarTrip[] = [];
  for (const row of rows) {
    const ends = await legEnds(db, config, row, holdEnds, durations);
    type Leg = { leg: CalendarTrip['leg']; start: Date; origin: PlannedBooking['origin']; destination: PlannedBooking['origin'] };
    const blocks = row.serviceType === 'daily' ? hireBlocks(row) : null;
    const legs: Leg[] = blocks
      ? blocks.map((block) => ({ leg: hireDayLeg(block.day), start: block.from, origin: row.origin, destination: row.destination }))
      : [{ leg: 'outbound', start: row.pickupAt, origin: row.origin, destination: row.destination }];
    if (row.returnAt) legs.push({ leg: 'return', start: row.returnAt, origin: row.destination, destination: row.origin });
    const lastLeg = legs.at(-1)!.leg;
    for (const leg of legs) {
      // A hire the chauffeur ended shows to its actual end (decision 0137), plus the buffer as its hold had.
      const end = row.endedAt && leg.leg === lastLeg ? new Date(row.endedAt.getTime() + config.HOLD_BUFFER_MINUTES * 60_000) : ends.get(leg.leg)!;
      if (leg.start >= to || end <= from) continue;
      trips.push({
        bookingId: row.id,
        reference: `#${row.id}`,
        leg: leg.leg,
        serviceType: row.serviceType,
        status: row.status as CalendarTrip['status'],
        car: row.carId === null ? null : { id: row.carId, name: row.carName ?? '', plate: row.carPlate ?? '' },
        driver: row.driverId === null ? null : { id: row.driverId, name: row.driverName ?? '' },
        start: leg.start.toISOString(),
        end: end.toISOString(),
        customerName: row.customerName,
        // The leg's flight (decisions 0144, 0171): cancelled, or late with a pickup that could not follow.
        flight: flightFlagOf(leg.leg, row),
        // A hire without a drop-off is where it starts (decision 0137).
        route: row.serviceType !== 'transfer' && !row.hasDropOff ? leg.origin.title : `${leg.origin.title} → ${leg.destination.title}`,
        hire:
          row.serviceType === 'transfer'
            ? null
            : {
                hours: row.serviceType === 'daily' || row.hireMinutes === null ? null : row.hireMinutes / 60,
                days: row.serviceType === 'daily' ? row.hireDays : null,
                tourName: row.tourName,
              },
      });
    }
  }
  return trips.sort((a, b) => a.start.localeCompare(b.start) || a.bookingId - b.bookingId);
}
