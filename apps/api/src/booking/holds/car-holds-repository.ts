import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { carHolds, durations } from '../../platform/db/schema.ts';
import { instantRange } from '../../platform/db/time-range.ts';
import { conflict } from '../../platform/lib/app-error.ts';
import { pickRoute, routeMatchKeySql } from '../../catalogue/places/route-match.ts';
import type { HoldLeg } from './hold-legs.ts';

/** PostgreSQL's exclusion_violation: the car_holds_no_overlap constraint refused a hold. */
const EXCLUSION_VIOLATION = '23P01';

/** The admin's durations with their route keys (accents folded, as the price list's routes), those `where` keeps. */
async function listedRoutes(db: DbOrTx, where?: (keys: { originKey: SQL; destinationKey: SQL }) => SQL | undefined) {
  const originKey = routeMatchKeySql(durations.origin);
  const destinationKey = routeMatchKeySql(durations.destination);
  const rows = await db
    .select({ id: durations.id, minutes: durations.durationMinutes, originKey, destinationKey })
    .from(durations)
    .where(where?.({ originKey, destinationKey }));
  return rows.map((row) => ({ entryId: row.id, minutes: row.minutes, originKeys: [row.originKey], destinationKeys: [row.destinationKey] }));
}

type ListedRoute = Awaited<ReturnType<typeof listedRoutes>>[number];

/** A row listed the other way round serves too, the same road driven back. Null if none. */
function minutesOf(routes: readonly ListedRoute[], originKeys: string[], destinationKeys: string[]): number | null {
  if (originKeys.length === 0 || destinationKeys.length === 0) return null;
  return (pickRoute(routes, originKeys, destinationKeys) ?? pickRoute(routes, destinationKeys, originKeys))?.minutes ?? null;
}

/** The admin's duration (minutes) for one route, or null: one query on the routes that can match. */
export async function findListedMinutes(db: DbOrTx, originKeys: string[], destinationKeys: string[]): Promise<number | null> {
  if (originKeys.length === 0 || destinationKeys.length === 0) return null;
  const routes = await listedRoutes(db, ({ originKey, destinationKey }) =>
    or(
      and(inArray(originKey, originKeys), inArray(destinationKey, destinationKeys)),
      and(inArray(originKey, destinationKeys), inArray(destinationKey, originKeys)),
    ),
  );
  return minutesOf(routes, originKeys, destinationKeys);
}

/** Looks a route's duration up in memory. */
export type ListedMinutes = (originKeys: string[], destinationKeys: string[]) => number | null;

/** Every listed duration read once, for many trips at a time (the planning). */
export async function loadListedMinutes(db: DbOrTx): Promise<ListedMinutes> {
  const routes = await listedRoutes(db);
  return (originKeys, destinationKeys) => minutesOf(routes, originKeys, destinationKeys);
}

function isExclusionViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === EXCLUSION_VIOLATION) return true;
  }
  return false;
}

/**
 * The booking's holds become exactly `legs` on `carId`. An overlap with another booking's hold
 * is refused by the database: 409 car_busy (the transaction is then rolled back by the caller).
 */
export async function replaceHolds(tx: DbOrTx, bookingId: number, carId: number, legs: readonly HoldLeg[]): Promise<void> {
  await tx.delete(carHolds).where(eq(carHolds.bookingId, bookingId));
  if (legs.length === 0) return;
  try {
    await tx.insert(carHolds).values(legs.map((leg) => ({ bookingId, carId, leg: leg.leg, during: instantRange(leg) as unknown as string })));
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict('car_busy');
    throw error;
  }
}

/** The cars held by another booking at some time of `legs` (the constraint's GiST index). */
export async function findBusyCarIds(db: DbOrTx, legs: readonly HoldLeg[], exceptBookingId: number, carId?: number): Promise<Set<number>> {
  if (legs.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ carId: carHolds.carId })
    .from(carHolds)
    .where(
      and(
        or(...legs.map((leg) => sql`${carHolds.during} && ${instantRange(leg)}`)),
        ne(carHolds.bookingId, exceptBookingId),
        carId === undefined ? undefined : eq(carHolds.carId, carId),
      ),
    );
  return new Set(rows.map((row) => row.carId));
}
