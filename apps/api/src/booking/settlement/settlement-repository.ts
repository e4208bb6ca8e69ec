import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookingBalances, bookingStatusHistory, companyStatements, payments } from '../../platform/db/schema.ts';
import { heldCents, paymentsHeldCents } from '../payments/payments-repository.ts';

export type BalanceRow = typeof bookingBalances.$inferSelect;

/** Deposits received and kept (less every refund of them, decision 0152), in cents. */
export async function depositsReceivedCents(db: DbOrTx, bookingId: number): Promise<number> {
  return paymentsHeldCents(db, bookingId);
}

/** The balance records of a booking, oldest first. */
export async function listBalances(db: DbOrTx, bookingId: number): Promise<BalanceRow[]> {
  return db.select().from(bookingBalances).where(eq(bookingBalances.bookingId, bookingId)).orderBy(asc(bookingBalances.createdAt), asc(bookingBalances.id));
}

export async function insertBalance(tx: DbOrTx, values: typeof bookingBalances.$inferInsert): Promise<BalanceRow> {
  const [row] = await tx.insert(bookingBalances).values(values).returning();
  return row!;
}

/** Whether the month-end statement of a company's trip is paid (decision 0161): false while it is on none. */
export async function statementPaid(db: DbOrTx, statementId: number | null): Promise<boolean> {
  if (statementId === null) return false;
  const [row] = await db.select({ paidAt: companyStatements.paidAt }).from(companyStatements).where(eq(companyStatements.id, statementId));
  return Boolean(row?.paidAt);
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

/**
 * The payments received before the trip and what each still holds, with how and when: what an
 * invoice says was paid before the trip (the deposit, a difference paid after a change, decision 0152).
 */
export async function listDepositsReceived(db: DbOrTx, bookingId: number) {
  const rows = await db
    .select({ amountCents: heldCents, method: payments.method, paidAt: payments.paidAt, createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded'), sql`${heldCents} > 0`))
    .orderBy(asc(payments.id));
  return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
}
