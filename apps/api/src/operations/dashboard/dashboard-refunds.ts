import { desc, gt, isNotNull, and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { payments } from '../../platform/db/schema.ts';

const RECENT = 5;

/** When a refund counts: the day it was given back, else the day it was asked for (decision 0121). */
const refundAt = sql<Date>`coalesce(${payments.refundedAt}, ${payments.refundRequestedAt})`;
const refunded = sql<number>`coalesce(${payments.refundCents}, ${payments.amountCents})`;

/**
 * The refunds of the dashboard (decision 0121): what was given back in [start, middle) and in
 * [middle, end), by the day it counts, and the latest refund lines (amount, date, provider).
 */
export async function refundFigures(db: DbOrTx, start: Date, middle: Date, end: Date) {
  const inFirst = sql`${refundAt} < ${middle.toISOString()}::timestamptz`;
  const inRange = sql`${refundAt} >= ${start.toISOString()}::timestamptz and ${refundAt} < ${end.toISOString()}::timestamptz`;
  const given = and(isNotNull(payments.refundRequestedAt), gt(refunded, 0));
  const [[sums], recent] = await Promise.all([
    db
      .select({
        first: sql<number>`coalesce(sum(${refunded}) filter (where ${inFirst}), 0)::bigint`,
        second: sql<number>`coalesce(sum(${refunded}) filter (where not ${inFirst}), 0)::bigint`,
      })
      .from(payments)
      .where(and(given, inRange)),
    db
      .select({ bookingId: payments.bookingId, method: payments.method, amountCents: refunded, at: refundAt, refundedAt: payments.refundedAt })
      .from(payments)
      .where(given)
      .orderBy(desc(refundAt), desc(payments.id))
      .limit(RECENT),
  ]);
  return {
    lastMonthCents: Number(sums?.first ?? 0),
    thisMonthCents: Number(sums?.second ?? 0),
    recent: recent.map((row) => ({
      bookingId: row.bookingId,
      method: row.method,
      amountCents: Number(row.amountCents),
      at: new Date(row.at).toISOString(),
      status: row.refundedAt ? ('refunded' as const) : ('pending' as const),
    })),
  };
}
