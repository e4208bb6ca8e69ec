import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentEvents, payments } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(tx: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/**
 * Records a provider event once: the event id is the primary key, so a replayed event inserts
 * nothing and the caller knows to do nothing (decision 0023).
 */
export async function recordPaymentEvent(tx: DbOrTx, eventId: string, type: string): Promise<boolean> {
  const rows = await tx.insert(paymentEvents).values({ eventId, type }).onConflictDoNothing().returning({ eventId: paymentEvents.eventId });
  return rows.length === 1;
}

/** The card payment of a Checkout Session succeeded: its row says so, created if the session was not ours yet. */
export async function markSessionPaid(tx: DbOrTx, values: { bookingId: number; sessionId: string; amountCents: number; currency: string }): Promise<void> {
  await tx
    .insert(payments)
    .values({
      bookingId: values.bookingId,
      method: 'stripe',
      amountCents: values.amountCents,
      currency: values.currency,
      status: 'succeeded',
      providerSessionId: values.sessionId,
      paidAt: sql`now()`,
    })
    .onConflictDoUpdate({ target: payments.providerSessionId, set: { status: 'succeeded', paidAt: sql`now()` } });
}

/** A session that ended without payment; a succeeded one stays succeeded whatever the order of events. */
export async function markSessionEnded(tx: DbOrTx, sessionId: string, status: 'expired' | 'failed'): Promise<void> {
  await tx
    .update(payments)
    .set({ status })
    .where(and(eq(payments.providerSessionId, sessionId), eq(payments.status, 'pending')));
}
