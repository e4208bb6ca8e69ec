import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { paymentEvents, payments } from '../../platform/db/schema.ts';

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

/**
 * A deposit paid by card (a Checkout Session) or with PayPal (an order) succeeded: its row says
 * so, created if the session or order was not ours yet. False when the row already said succeeded
 * (another event for the same payment).
 */
export async function markSessionPaid(
  tx: DbOrTx,
  values: { bookingId: number; sessionId: string; amountCents: number; currency: string; method: 'stripe' | 'paypal'; captureId?: string | undefined },
): Promise<boolean> {
  const captureId = values.captureId ?? null;
  const rows = await tx
    .insert(payments)
    .values({
      bookingId: values.bookingId,
      method: values.method,
      amountCents: values.amountCents,
      currency: values.currency,
      status: 'succeeded',
      providerSessionId: values.sessionId,
      providerCaptureId: captureId,
      paidAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: payments.providerSessionId,
      set: { status: 'succeeded', paidAt: sql`now()`, providerCaptureId: sql`coalesce(${payments.providerCaptureId}, ${captureId})` },
      setWhere: sql`${payments.status} <> 'succeeded'`,
    })
    .returning({ id: payments.id });
  return rows.length === 1;
}

/** A session that ended without payment; a succeeded one stays succeeded whatever the order of events. */
export async function markSessionEnded(tx: DbOrTx, sessionId: string, status: 'expired' | 'failed'): Promise<void> {
  await tx
    .update(payments)
    .set({ status })
    .where(and(eq(payments.providerSessionId, sessionId), eq(payments.status, 'pending')));
}

/**
 * The cash deposit a customer promised (decision 0021) was handed over: its pending cash payment
 * becomes succeeded now; recorded anew if none was pending. Returns the amount received.
 */
export async function markCashDepositReceived(tx: DbOrTx, bookingId: number, amountCents: number): Promise<number> {
  const updated = await tx
    .update(payments)
    .set({ status: 'succeeded', paidAt: sql`now()` })
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, 'cash'), eq(payments.status, 'pending')))
    .returning({ amountCents: payments.amountCents });
  if (updated.length > 0) return updated.reduce((sum, row) => sum + row.amountCents, 0);
  await tx.insert(payments).values({ bookingId, method: 'cash', amountCents, status: 'succeeded', paidAt: sql`now()` });
  return amountCents;
}

/** The PayPal order a booking's deposit page created, and whether it is paid already. */
export async function findPaypalOrder(db: DbOrTx, bookingId: number, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, 'paypal'), eq(payments.providerSessionId, orderId)));
  return row;
}

/** The Checkout sessions of a booking still waiting for a card payment. */
export async function listPendingCardSessions(db: DbOrTx, bookingId: number): Promise<string[]> {
  const rows = await db
    .select({ sessionId: payments.providerSessionId })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, 'stripe'), eq(payments.status, 'pending')));
  return rows.flatMap((row) => (row.sessionId ? [row.sessionId] : []));
}
