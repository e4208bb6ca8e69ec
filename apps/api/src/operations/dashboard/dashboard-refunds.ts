import { desc, eq, gt, isNotNull, and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookingChanges, payments } from '../../platform/db/schema.ts';

const RECENT = 5;

/** When a refund counts: the day it was given back, else the day it was asked for (decision 0121). */
const refundAt = sql<Date>`coalesce(${payments.refundedAt}, ${payments.refundRequestedAt})`;
const refunded = sql<number>`coalesce(${payments.refundCents}, ${payments.amountCents})`;

/** When a change's refund counts: the day the provider gave it back, else the day of the change (decision 0120). */
const changeRefundAt = sql<Date>`coalesce(${bookingChanges.refundedAt}, ${bookingChanges.createdAt})`;

/**
 * The refunds of the dashboard (decisions 0120, 0121): what cancellations and lower prices gave
 * back in [start, middle) and in [middle, end), by the day it counts, and the latest refund lines
 * (amount, date, provider).
 */
export async function refundFigures(db: DbOrTx, start: Date, middle: Date, end: Date) {
  const inFirst = sql`${refundAt} < ${middle.toISOString()}::timestamptz`;
  const inRange = sql`${refundAt} >= ${start.toISOString()}::timestamptz and ${refundAt} < ${end.toISOString()}::timestamptz`;
  const given = and(isNotNull(payments.refundRequestedAt), gt(refunded, 0));
  const changeFirst = sql`${changeRefundAt} < ${middle.toISOString()}::timestamptz`;
  const changeInRange = sql`${changeRefundAt} >= ${start.toISOString()}::timestamptz and ${changeRefundAt} < ${end.toISOString()}::timestamptz`;
  const [[sums], recent, [changeSums], changeRecent] = await Promise.all([
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
    db
      .select({
        first: sql<number>`coalesce(sum(${bookingChanges.refundCents}) filter (where ${changeFirst}), 0)::bigint`,
        second: sql<number>`coalesce(sum(${bookingChanges.refundCents}) filter (where not ${changeFirst}), 0)::bigint`,
      })
      .from(bookingChanges)
      .where(and(gt(bookingChanges.refundCents, 0), changeInRange)),
    db
      .select({ bookingId: bookingChanges.bookingId, method: payments.method, amountCents: bookingChanges.refundCents, at: changeRefundAt, refundedAt: bookingChanges.refundedAt })
      .from(bookingChanges)
      .innerJoin(payments, eq(payments.id, bookingChanges.refundPaymentId))
      .where(gt(bookingChanges.refundCents, 0))
      .orderBy(desc(changeRefundAt), desc(bookingChanges.id))
      .limit(RECENT),
  ]);
  const latest = [...recent, ...changeRecent].sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime()).slice(0, RECENT);
  return {
    lastMonthCents: Number(sums?.first ?? 0) + Number(changeSums?.first ?? 0),
    thisMonthCents: Number(sums?.second ?? 0) + Number(changeSums?.second ?? 0),
    recent: latest.map((row) => ({
      bookingId: row.bookingId,
      method: row.method,
      amountCents: Number(row.amountCents),
      at: new Date(row.at).toISOString(),
      status: row.refundedAt ? ('refunded' as const) : ('pending' as const),
    })),
  };
}
