import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { payments, refunds } from '../../platform/db/schema.ts';

const RECENT = 5;

/** When a refund counts: the day it was given back, else the day it was asked for (decisions 0121, 0152). */
const refundAt = sql`coalesce(${refunds.refundedAt}, ${refunds.requestedAt})`;

type RecentRow = { bookingId: number; method: (typeof payments.$inferSelect)['method']; amountCents: number; at: string | Date; refundedAt: string | Date | null };

/**
 * The refunds of the dashboard (decisions 0120, 0121, 0152): what was given back in [start,
 * middle) and in [middle, end), by the day each counts, and the latest refund lines (amount, date,
 * provider). One query: every refund is a line of `refunds`, so the sums and the five latest come
 * from one pass (the sums in a subquery beside the latest lines, each latest line joined to its
 * payment for the provider).
 */
export async function refundFigures(db: DbOrTx, start: Date, middle: Date, end: Date) {
  const from = start.toISOString();
  const split = middle.toISOString();
  const to = end.toISOString();
  const result = await db.execute(sql`
    with sums as (
      select
        coalesce(sum(${refunds.amountCents}) filter (where ${refundAt} < ${split}::timestamptz), 0)::bigint as first,
        coalesce(sum(${refunds.amountCents}) filter (where ${refundAt} >= ${split}::timestamptz), 0)::bigint as second
      from ${refunds}
      where ${refundAt} >= ${from}::timestamptz and ${refundAt} < ${to}::timestamptz
    ),
    latest as (
      select ${refunds.bookingId} as "bookingId", ${payments.method} as method, ${refunds.amountCents} as "amountCents",
        ${refundAt} as at, ${refunds.refundedAt} as "refundedAt", ${refunds.id} as id
      from ${refunds} inner join ${payments} on ${payments.id} = ${refunds.paymentId}
      order by ${refundAt} desc, ${refunds.id} desc
      limit ${RECENT}
    )
    select sums.first, sums.second, latest."bookingId", latest.method, latest."amountCents", latest.at, latest."refundedAt"
    from sums left join latest on true
    order by latest.at desc nulls last, latest.id desc nulls last
  `);
  // Both drivers (PGlite, node-postgres) answer `{ rows }`.
  const rows = (result as { rows: unknown[] }).rows as ({ first: string | number; second: string | number } & Partial<RecentRow> & { bookingId: number | null })[];
  const [head] = rows;
  const recent = rows.filter((row): row is typeof row & RecentRow => row.bookingId !== null && row.bookingId !== undefined);
  return {
    lastMonthCents: Number(head?.first ?? 0),
    thisMonthCents: Number(head?.second ?? 0),
    recent: recent.map((row) => ({
      bookingId: Number(row.bookingId),
      method: row.method,
      amountCents: Number(row.amountCents),
      at: new Date(row.at).toISOString(),
      status: row.refundedAt ? ('refunded' as const) : ('pending' as const),
    })),
  };
}
