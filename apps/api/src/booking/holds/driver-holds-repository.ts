import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookings, carHolds } from '../../platform/db/schema.ts';
import { instantRange } from '../../platform/db/time-range.ts';
import type { HoldLeg } from './hold-legs.ts';

/**
 * Whether another booking still to drive (pending, accepted, paid) that names this chauffeur
 * holds its car at some time of `legs`: the chauffeur is busy then (decision 0082; an assignment
 * and a change of the booking both ask, decision 0120). The holds'
 * GiST index serves the time test.
 */
export async function isDriverBusy(db: DbOrTx, driverId: number, legs: readonly HoldLeg[], exceptBookingId: number): Promise<boolean> {
  if (legs.length === 0) return false;
  const [row] = await db
    .select({ id: bookings.id })
    .from(carHolds)
    .innerJoin(bookings, eq(bookings.id, carHolds.bookingId))
    .where(
      and(
        eq(bookings.driverId, driverId),
        ne(bookings.id, exceptBookingId),
        inArray(bookings.status, ['pending', 'accepted', 'paid']),
        or(...legs.map((leg) => sql`${carHolds.during} && ${instantRange(leg)}`)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
