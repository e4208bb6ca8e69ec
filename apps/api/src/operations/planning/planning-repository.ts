import { and, eq, gt, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { PLANNED_STATUSES } from '@vtc/shared/planning/planning-schemas';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookings, carHolds, cars, drivers, tours, users } from '../../platform/db/schema.ts';
import { stopsColumn } from '../../booking/booking-public.ts';

/**
 * A leg starting this long before the range may still be under way in it: legs are looked up
 * by their pickup (indexed), so a hold longer than this is shown from its pickup day only.
 */
const LONGEST_LEG_MS = 24 * 3_600_000;
/** A hire by the day's first day is at most this long before any of its days (HIRE_MAX_DAYS is at most 31). */
const LONGEST_HIRE_MS = 32 * 24 * 3_600_000;

/**
 * The bookings on the planning with a leg picking up in [from - LONGEST_LEG_MS, to): each
 * branch of the `or` is an index range on (status, pickup_at) or (status, return_at).
 */
export function findPlannedBookings(db: DbOrTx, from: Date, to: Date) {
  const earliest = new Date(from.getTime() - LONGEST_LEG_MS);
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      origin: bookings.origin,
      destination: bookings.destination,
      stops: stopsColumn,
      pickupAt: bookings.pickupAt,
      returnAt: bookings.returnAt,
      distanceKm: bookings.distanceKm,
      serviceType: bookings.serviceType,
      hireMinutes: bookings.hireMinutes,
      hireDays: bookings.hireDays,
      tourName: sql<{ fr: string; en: string; ar: string } | null>`case when ${tours.id} is null then null else json_build_object('fr', ${tours.nameFr}, 'en', ${tours.nameEn}, 'ar', ${tours.nameAr}) end`,
      hasDropOff: bookings.hasDropOff,
      endedAt: bookings.endedAt,
      flightStatus: bookings.flightStatus,
      flightAlert: bookings.flightAlert,
      returnFlightStatus: bookings.returnFlightStatus,
      returnFlightAlert: bookings.returnFlightAlert,
      customerName: sql<string>`coalesce(nullif(${bookings.fullName}, ''), ${users.fullName})`,
      carId: cars.id,
      carName: cars.name,
      carPlate: cars.number,
      driverId: drivers.id,
      driverName: drivers.fullName,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(cars, eq(cars.id, bookings.carId))
    .leftJoin(drivers, eq(drivers.id, bookings.driverId))
    .leftJoin(tours, eq(tours.id, bookings.tourId))
    .where(
      and(
        inArray(bookings.status, [...PLANNED_STATUSES]),
        or(
          and(gte(bookings.pickupAt, earliest), lt(bookings.pickupAt, to)),
          and(gte(bookings.returnAt, earliest), lt(bookings.returnAt, to)),
          // A hire by the day may have started days before the range (decision 0127): its booked end says it is under way.
          and(gte(bookings.pickupAt, new Date(from.getTime() - LONGEST_HIRE_MS)), lt(bookings.pickupAt, to), gt(bookings.endsAt, earliest)),
        ),
      ),
    );
}
export type PlannedBooking = Awaited<ReturnType<typeof findPlannedBookings>>[number];

/** The end of each hold of these bookings, by booking and leg (holds exist while a car is held). */
export async function findHoldEnds(db: DbOrTx, bookingIds: number[]): Promise<Map<string, Date>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: carHolds.bookingId, leg: carHolds.leg, end: sql<string>`upper(${carHolds.during})` })
    .from(carHolds)
    .where(inArray(carHolds.bookingId, bookingIds));
  return new Map(rows.map((row) => [`${row.bookingId}:${row.leg}`, new Date(row.end)]));
}
