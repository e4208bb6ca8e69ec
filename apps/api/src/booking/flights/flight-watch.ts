import { and, eq, gt, inArray, isNotNull, isNull, lte, notInArray, or } from 'drizzle-orm';
import type { FlightAlertReason, FlightStatus } from '@vtc/shared/booking/flight-status';
import type { ChangeBookingBody } from '@vtc/shared/booking/booking-change-schemas';
import { parisIsoDate } from '@vtc/shared/time/paris-time';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { bookings } from '../../platform/db/schema.ts';
import { createFlightProvider, type FlightsConfig } from '../../platform/flights/flight-providers.ts';
import type { FlightProvider, FlightReport } from '../../platform/flights/flight-provider.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { AppError } from '../../platform/lib/app-error.ts';
import { lockBooking, updateBooking, type BookingWithStops } from '../bookings-repository.ts';
import { applyChange } from '../changes/apply-change.ts';
import { CHANGEABLE, planChange } from '../changes/plan-change.ts';
import { queueFlightCancelledMail, queueFlightMovedNotices, queueFlightRefusedMail } from '../mails/flight-mails.ts';
import { legColumn, legValues, readLeg, type FlightLeg } from './flight-legs.ts';
import { ADMIN_ACCESS } from '../booking-access.ts';

/**
 * Flights followed (decision 0144). One recurring job looks, every FLIGHTS_POLL_MINUTES, at the
 * airport pickups with a flight number whose pickup is less than FLIGHTS_POLL_START_HOURS away
 * (and not yet two hours past), asks the provider for each flight, and keeps its state on the
 * booking. A later arrival moves the pickup by as much, through the company's change (holds,
 * voucher version, calendar SEQUENCE, reminder, the customer's and the chauffeur's mails), unless
 * the car or the chauffeur has another trip then: the pickup stays and the company is alerted.
 * A provider that fails or is slow changes nothing: the next poll asks again. Each booking is
 * written in its own transaction, on the locked row, so a poll run twice moves nothing twice.
 * A round trip whose return is picked up at an airport follows the return's flight the same way,
 * in the return's own columns, moving the return's time (decision 0171).
 */

export const FLIGHT_WATCH_JOB = 'flight-watch';

/** Changes of arrival smaller than this move nothing (the provider's minute-by-minute estimates). */
const MIN_SHIFT_MS = 5 * 60_000;
/** A pickup this long past is no longer followed. */
const FOLLOWED_AFTER_PICKUP_MS = 2 * 3_600_000;
const FINAL_STATUSES: FlightStatus[] = ['arrived', 'cancelled'];
const SYSTEM = { userId: null, kind: 'system' as const };

type WatchConfig = Config;

/** AeroDataBox's words, and the arrival against the schedule, as the booking keeps them. */
export function flightStatusOf(report: FlightReport): FlightStatus {
  const status = report.status.toLowerCase();
  if (status.startsWith('cancel')) return 'cancelled';
  if (status === 'arrived') return 'arrived';
  if (status === 'diverted') return 'diverted';
  return report.expectedArrival.getTime() - report.scheduledArrival.getTime() >= MIN_SHIFT_MS ? 'delayed' : 'expected';
}

/** The leg of that number that lands nearest the arrival the pickup follows (a number may fly several legs a day). */
function matchingLeg(reports: FlightReport[], around: Date): FlightReport | undefined {
  const distance = (report: FlightReport) => Math.abs(report.scheduledArrival.getTime() - around.getTime());
  return [...reports].sort((a, b) => distance(a) - distance(b))[0];
}

/** The leg's flight as the watch reads it. */
function legFlight(booking: BookingWithStops, leg: FlightLeg) {
  return readLeg(booking, leg, ['number', 'pickupAt', 'status', 'followedArrivalAt']);
}

type FollowedLeg = { id: number; leg: FlightLeg; flightNumber: string; pickupAt: Date; followed: Date | null };

/** What makes each leg's pickup an airport's: the return starts where the outbound ends. */
const AT_AIRPORT = {
  outbound: eq(bookings.rentFromType, 'airport'),
  return: and(eq(bookings.returnRent, true), eq(bookings.rentToType, 'airport')),
};

/** The legs whose flight is looked at now: outbound pickups at an airport, and returns picked up at one. */
async function followedLegs(db: Db, config: Pick<Config, 'FLIGHTS_POLL_START_HOURS'>, now: Date): Promise<FollowedLeg[]> {
  const from = new Date(now.getTime() - FOLLOWED_AFTER_PICKUP_MS);
  const until = new Date(now.getTime() + config.FLIGHTS_POLL_START_HOURS * 3_600_000);
  const legs: FollowedLeg[] = [];
  // One after the other: the rows of both legs, outbound first.
  for (const leg of ['outbound', 'return'] as const) {
    const column = { number: bookings[legColumn(leg, 'number')], at: bookings[legColumn(leg, 'pickupAt')], status: bookings[legColumn(leg, 'status')], followed: bookings[legColumn(leg, 'followedArrivalAt')] };
    const rows = await db
      .select({ id: bookings.id, flightNumber: column.number, pickupAt: column.at, followed: column.followed })
      .from(bookings)
      .where(
        and(
          inArray(bookings.status, [...CHANGEABLE] as ('pending' | 'accepted' | 'paid')[]),
          AT_AIRPORT[leg],
          isNotNull(column.number),
          gt(column.at, from),
          lte(column.at, until),
          or(isNull(column.status), notInArray(column.status, FINAL_STATUSES)),
        ),
      );
    for (const row of rows) legs.push({ id: row.id, leg, flightNumber: row.flightNumber!, pickupAt: row.pickupAt!, followed: row.followed });
  }
  return legs;
}

/**
 * What the flight's report does to one leg of a booking, in its own transaction on the locked
 * row: its state kept, a cancellation flagged and told once, a delay moving the leg's pickup or refused.
 */
export async function applyFlightReport(db: Db, config: WatchConfig, bookingId: number, report: FlightReport | undefined, now = new Date(), leg: FlightLeg = 'outbound'): Promise<void> {
  await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId, ADMIN_ACCESS);
    if (!booking || !CHANGEABLE.has(booking.status)) return;
    const flight = legFlight(booking, leg);
    if (!report) {
      // A flight known before and not found now (asked under a date its delay moved past): its last state stays.
      if (flight.status === null || flight.status === 'unknown') await updateBooking(tx, booking.id, legValues(leg, { status: 'unknown', checkedAt: now }));
      return;
    }
    const status = flightStatusOf(report);
    await updateBooking(tx, booking.id, legValues(leg, { status, checkedAt: now, arrivalAt: report.expectedArrival }));
    if (status === 'cancelled') {
      if (flight.status !== 'cancelled') await queueFlightCancelledMail(tx, { config }, booking, leg);
      return;
    }
    // An early flight does not bring the pickup forward: the chauffeur comes at the booked time.
    const target = Math.max(report.expectedArrival.getTime(), report.scheduledArrival.getTime());
    const followed = (flight.followedArrivalAt ?? report.scheduledArrival).getTime();
    const shift = target - followed;
    if (Math.abs(shift) < MIN_SHIFT_MS) {
      if (flight.followedArrivalAt === null) await updateBooking(tx, booking.id, legValues(leg, { followedArrivalAt: report.scheduledArrival }));
      return;
    }
    await movePickup(tx, config, booking, leg, new Date(flight.pickupAt.getTime() + shift), new Date(target), now);
  });
}

async function movePickup(tx: DbOrTx, config: WatchConfig, booking: BookingWithStops, leg: FlightLeg, pickupAt: Date, arrival: Date, now: Date): Promise<void> {
  const deps = { config };
  const before = legFlight(booking, leg).pickupAt;
  let refusal: FlightAlertReason | undefined;
  try {
    const moved = leg === 'return' ? { pickupAt: undefined, returnAt: pickupAt } : { pickupAt, returnAt: undefined };
    const change = { ...moved, origin: undefined, destination: undefined, stop: undefined } as ChangeBookingBody;
    const plan = await planChange(tx, deps, booking, change, undefined, now, { flight: true });
    if (plan.needsOtherCar) refusal = 'car_busy';
    else if (plan.driverBusy) refusal = 'driver_busy';
    else {
      const body = leg === 'return' ? { returnAt: pickupAt.toISOString() } : { pickupAt: pickupAt.toISOString() };
      await applyChange(tx, deps, booking, plan, { kind: 'company', actor: SYSTEM, body, reason: null, priceReason: null, reasonCode: 'moved_for_flight' });
      await updateBooking(tx, booking.id, legValues(leg, { followedArrivalAt: arrival, alert: null }));
      await queueFlightMovedNotices(tx, { config }, { ...booking, ...(leg === 'return' ? { returnAt: pickupAt } : { pickupAt }) }, before, leg);
      return;
    }
  } catch (error) {
    // A trip the new time does not fit (a return before it): nothing is written by planChange.
    if (!(error instanceof AppError)) throw error;
    refusal = 'not_movable';
  }
  const alert = { reason: refusal, pickupAt: pickupAt.toISOString() };
  await updateBooking(tx, booking.id, legValues(leg, { alert }));
  await queueFlightRefusedMail(tx, { config }, booking, alert, leg);
}

/** One poll: each followed booking's flight asked once (a flight two bookings share, once). */
export async function pollFlights(db: Db, config: WatchConfig, provider: FlightProvider, log: { warn(obj: object, msg: string): void }, now = new Date()): Promise<{ checked: number; failed: number }> {
  const rows = await followedLegs(db, config, now);
  const asked = new Map<string, Promise<FlightReport[]>>();
  let checked = 0;
  let failed = 0;
  for (const row of rows) {
    const flightNumber = row.flightNumber!.replace(/\s+/g, '').toUpperCase();
    const date = parisIsoDate(row.pickupAt);
    const key = `${flightNumber}/${date}`;
    if (!asked.has(key)) asked.set(key, provider.lookUp(flightNumber, date));
    let reports: FlightReport[];
    try {
      reports = await asked.get(key)!;
    } catch (error) {
      // Nothing written: the booking is asked about again at the next poll.
      failed += 1;
      log.warn({ err: error, bookingId: row.id, leg: row.leg, flightNumber }, 'flight provider failed, asked again at the next poll');
      continue;
    }
    try {
      await applyFlightReport(db, config, row.id, matchingLeg(reports, row.followed ?? row.pickupAt), now, row.leg);
    } catch (error) {
      // Its transaction rolled back (a car taken at that very moment): asked again at the next poll, the others go on.
      failed += 1;
      log.warn({ err: error, bookingId: row.id, leg: row.leg, flightNumber }, 'flight report not applied, asked again at the next poll');
      continue;
    }
    checked += 1;
  }
  return { checked, failed };
}

/** The recurring job, given to the runner by app.ts; none without a provider. */
export function flightWatchJobs(config: WatchConfig & FlightsConfig): JobDefinition[] {
  const provider = createFlightProvider(config);
  if (!provider) return [];
  return [
    {
      name: FLIGHT_WATCH_JOB,
      everySeconds: Math.max(1, Math.round(config.FLIGHTS_POLL_MINUTES * 60)),
      async run(_payload, { db, log }) {
        await pollFlights(db, config, provider, log);
      },
    },
  ];
}
