import { and, count, eq, gte, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { SERVICE_TYPES, type ServiceType } from '@vtc/shared/booking/service-types';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookings, bookingStatusHistory } from '../../platform/db/schema.ts';

/** A booking counts once the customer has sent it (step three); drafts and car choices do not. */
const NOT_SUBMITTED = ['draft', 'car_selected'] as const;
/** The bookings whose price the company earns: taken, paid, driven. */
const EARNING = ['accepted', 'paid', 'completed'] as const;

/** How many bookings wait for a decision, and since when the oldest waits (its move to pending). */
export async function pendingFigures(db: DbOrTx): Promise<{ count: number; oldestSince: Date | null }> {
  const since = db
    .select({ at: sql`max(${bookingStatusHistory.createdAt})`.as('at') })
    .from(bookingStatusHistory)
    .where(and(eq(bookingStatusHistory.bookingId, bookings.id), eq(bookingStatusHistory.toStatus, 'pending')))
    .as('since');
  const [row] = await db
    .select({ count: count(), oldest: sql<string | null>`min(coalesce(${since.at}, ${bookings.createdAt}))` })
    .from(bookings)
    .leftJoinLateral(since, sql`true`)
    .where(eq(bookings.status, 'pending'));
  return { count: row?.count ?? 0, oldestSince: row?.oldest ? new Date(row.oldest) : null };
}

/** Accepted or paid bookings with a leg still to come and no chauffeur. */
export async function countUnassigned(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, ['accepted', 'paid']),
        isNull(bookings.driverId),
        or(gte(bookings.pickupAt, now), gte(bookings.returnAt, now)),
      ),
    );
  return row?.count ?? 0;
}

/** A period's submitted bookings and revenue, in all and by service (issue 22). */
export type PeriodFigures = {
  bookings: number;
  revenueCents: number;
  byService: { serviceType: ServiceType; bookings: number; revenueCents: number }[];
};

/**
 * Submitted bookings created in [start, end) and the sum of the prices of those the company
 * earns (accepted, paid, completed), in [start, middle) and in [middle, end), in all and by service.
 */
export async function monthFigures(db: DbOrTx, start: Date, middle: Date, end: Date): Promise<{ first: PeriodFigures; second: PeriodFigures }> {
  const inFirst = sql`${bookings.createdAt} < ${middle.toISOString()}::timestamptz`;
  const earning = inArray(bookings.status, [...EARNING]);
  const rows = await db
    .select({
      serviceType: bookings.serviceType,
      firstCount: sql<number>`(count(*) filter (where ${inFirst}))::int`,
      secondCount: sql<number>`(count(*) filter (where not ${inFirst}))::int`,
      firstRevenue: sql<number>`coalesce(sum(${bookings.totalCents}) filter (where ${inFirst} and ${earning}), 0)::bigint`,
      secondRevenue: sql<number>`coalesce(sum(${bookings.totalCents}) filter (where not ${inFirst} and ${earning}), 0)::bigint`,
    })
    .from(bookings)
    .where(and(gte(bookings.createdAt, start), lt(bookings.createdAt, end), notInArray(bookings.status, [...NOT_SUBMITTED])))
    .groupBy(bookings.serviceType);
  const period = (count: 'firstCount' | 'secondCount', revenue: 'firstRevenue' | 'secondRevenue'): PeriodFigures => {
    const byService = SERVICE_TYPES.map((serviceType) => {
      const row = rows.find((candidate) => candidate.serviceType === serviceType);
      return { serviceType, bookings: Number(row?.[count] ?? 0), revenueCents: Number(row?.[revenue] ?? 0) };
    });
    return {
      bookings: byService.reduce((sum, service) => sum + service.bookings, 0),
      revenueCents: byService.reduce((sum, service) => sum + service.revenueCents, 0),
      byService,
    };
  };
  return { first: period('firstCount', 'firstRevenue'), second: period('secondCount', 'secondRevenue') };
}

/**
 * Submitted bookings created in each of the weeks starting at `weekStarts` (consecutive, the
 * last one ends at `end`): bucket i counts [weekStarts[i], weekStarts[i + 1]).
 */
export async function bookingsPerWeek(db: DbOrTx, weekStarts: Date[], end: Date): Promise<number[]> {
  const first = weekStarts[0];
  if (!first) return [];
  const thresholds = `{${weekStarts.map((start) => start.getTime() / 1000).join(',')}}`;
  const rows = await db
    .select({
      bucket: sql<number>`width_bucket(extract(epoch from ${bookings.createdAt})::float8, ${thresholds}::float8[])`.as('bucket'),
      count: count(),
    })
    .from(bookings)
    .where(and(gte(bookings.createdAt, first), lt(bookings.createdAt, end), notInArray(bookings.status, [...NOT_SUBMITTED])))
    .groupBy(sql`1`);
  const counts = weekStarts.map(() => 0);
  for (const row of rows) {
    const index = Number(row.bucket) - 1;
    if (index >= 0 && index < counts.length) counts[index] = row.count;
  }
  return counts;
}
