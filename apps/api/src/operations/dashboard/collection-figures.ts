import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';

/**
 * The dashboard's money still in the street (decision 0117): what was collected in [start, end)
 * (deposits received less what was given back of them, balances recorded), and what completed
 * trips still owe (their total less the deposits kept, every refund line deducted (decision 0152),
 * and the balances recorded); a company's trips are on its monthly invoice instead (decision 0142).
 */
export async function collectionFigures(db: DbOrTx, start: Date, end: Date): Promise<{ collectedThisMonthCents: number; toCollectCents: number; toCollectTrips: number }> {
  const from = start.toISOString();
  const to = end.toISOString();
  const result = await db.execute(sql`
    with collected as (
      select coalesce(sum(p.amount_cents - coalesce((select sum(r.amount_cents) from refunds r where r.payment_id = p.id), 0)), 0) as cents from payments p
        where p.status = 'succeeded' and coalesce(p.paid_at, p.created_at) >= ${from}::timestamptz and coalesce(p.paid_at, p.created_at) < ${to}::timestamptz
      union all
      select coalesce(sum(amount_cents), 0) from booking_balances where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
    ), owed as (
      select b.total_cents
        - coalesce((select sum(p.amount_cents) from payments p where p.booking_id = b.id and p.status = 'succeeded'), 0)
        + coalesce((select sum(r.amount_cents) from refunds r join payments p on p.id = r.payment_id where r.booking_id = b.id and p.status = 'succeeded'), 0)
        - coalesce((select sum(x.amount_cents) from booking_balances x where x.booking_id = b.id), 0) as due
      from bookings b where b.status = 'completed' and b.total_cents is not null and b.company_id is null
    )
    select (select sum(cents) from collected)::bigint as collected,
      coalesce((select sum(due) from owed where due > 0), 0)::bigint as due,
      (select count(*) from owed where due > 0)::int as trips`);
  // PGlite and node-postgres both answer { rows }.
  const [row] = (result as unknown as { rows: { collected: unknown; due: unknown; trips: unknown }[] }).rows;
  return { collectedThisMonthCents: Number(row?.collected ?? 0), toCollectCents: Number(row?.due ?? 0), toCollectTrips: Number(row?.trips ?? 0) };
}
