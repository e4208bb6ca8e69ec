import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookingBalances, bookingStatusHistory, payments } from '../../platform/db/schema.ts';

export type BalanceRow = typeof bookingBalances.$inferSelect;

/** Deposits received and kept (not refunded), in cents. */
export async function depositsReceivedCents(db: DbOrTx, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded'), isNull(payments.refundedAt)));
  return Number(row?.total ?? 0);
}

/** The balance records of a booking, oldest first. */
export async function listBalances(db: DbOrTx, bookingId: number): Promise<BalanceRow[]> {
  return db.select().from(bookingBalances).where(eq(bookingBalances.bookingId, bookingId)).orderBy(asc(bookingBalances.createdAt), asc(bookingBalances.id));
}

export async function insertBalance(tx: DbOrTx, values: typeof bookingBalances.$inferInsert): Promise<BalanceRow> {
  const [row] = await tx.insert(bookingBalances).values(values).returning();
  return row!;
}

/** When the chauffeur last reported the customer absent (mission status no_show), if ever. */
export async function noShowReportedAt(db: DbOrTx, bookingId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: bookingStatusHistory.createdAt })
    .from(bookingStatusHistory)
    .where(and(eq(bookingStatusHistory.bookingId, bookingId), eq(bookingStatusHistory.missionStatus, 'no_show')))
    .orderBy(desc(bookingStatusHistory.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** The deposits received and kept, with how and when: what an invoice says was paid before the trip. */
export async function listDepositsReceived(db: DbOrTx, bookingId: number) {
  return db
    .select({ amountCents: payments.amountCents, method: payments.method, paidAt: payments.paidAt, createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded'), isNull(payments.refundedAt)))
    .orderBy(asc(payments.id));
}
