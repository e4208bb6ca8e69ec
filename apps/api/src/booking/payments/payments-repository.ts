import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookingChanges, paymentEvents, payments } from '../../platform/db/schema.ts';
import type { ProviderId } from './payment-provider.ts';

const PROVIDER_METHODS: ProviderId[] = ['stripe', 'paypal'];

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
 * so, created if the session or order was not ours yet. Its id, or null when the row already said
 * succeeded (another event for the same payment).
 */
export async function markSessionPaid(
  tx: DbOrTx,
  values: { bookingId: number; sessionId: string; amountCents: number; currency: string; method: ProviderId; captureId?: string | undefined },
): Promise<number | null> {
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
  return rows[0]?.id ?? null;
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
 * becomes succeeded now; recorded anew if none was pending. Returns each payment received.
 */
export async function markCashDepositReceived(tx: DbOrTx, bookingId: number, amountCents: number): Promise<{ id: number; amountCents: number }[]> {
  const updated = await tx
    .update(payments)
    .set({ status: 'succeeded', paidAt: sql`now()` })
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, 'cash'), eq(payments.status, 'pending')))
    .returning({ id: payments.id, amountCents: payments.amountCents });
  if (updated.length > 0) return updated;
  return tx.insert(payments).values({ bookingId, method: 'cash', amountCents, status: 'succeeded', paidAt: sql`now()` }).returning({ id: payments.id, amountCents: payments.amountCents });
}

/**
 * What a booking's succeeded payments still hold in all (their amounts less what changes and
 * cancellations gave back): what its deposit is measured against (decision 0152).
 */
export async function paymentsHeldCents(db: DbOrTx, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ held: sql<number>`coalesce(sum(${heldCents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded'), isNull(payments.refundedAt)));
  return Number(row?.held ?? 0);
}

/** The payment a booking's deposit page opened with a provider (a Checkout session, a PayPal order), and whether it is paid already. */
export async function findProviderPayment(db: DbOrTx, bookingId: number, method: ProviderId, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, method), eq(payments.providerSessionId, reference)));
  return row;
}

/** The provider pages of a booking still waiting for a payment. */
export async function listPendingPayments(db: DbOrTx, bookingId: number): Promise<{ method: ProviderId; reference: string }[]> {
  const rows = await db
    .select({ method: payments.method, reference: payments.providerSessionId })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.method, PROVIDER_METHODS), eq(payments.status, 'pending')));
  return rows.flatMap((row) => (row.reference && row.method !== 'cash' ? [{ method: row.method, reference: row.reference }] : []));
}

/**
 * What a payment still holds: its amount less what changes of the booking gave back from it
 * after a lower price (decision 0120). A cancellation never gives back more than this. The
 * payment's id is written whole: drizzle names a column without its table in a one-table query,
 * and inside the subquery a bare `id` would be the change's.
 */
export const heldCents = sql<number>`(${payments.amountCents} - coalesce((select sum(given.refund_cents) from ${bookingChanges} given where given.refund_payment_id = ${sql.raw('"payments"."id"')}), 0))::int`;

/** The cents a refund gives back of a payment: what its cancellation decided, else all it still holds (decision 0121). */
const refundAmount = sql<number>`coalesce(${payments.refundCents}, ${heldCents})`;

/** A booking's payments that succeeded through a provider and were not given back yet. */
const providerDepositsNotGivenBack = (bookingId: number) =>
  and(eq(payments.bookingId, bookingId), inArray(payments.method, PROVIDER_METHODS), eq(payments.status, 'succeeded'), isNull(payments.refundedAt));

/** The deposits of a booking paid through a provider, not yet given back and not kept by the cancellation's decision. */
export async function listRefundablePayments(db: DbOrTx, bookingId: number) {
  const rows = await db
    .select({ id: payments.id, method: payments.method, reference: payments.providerSessionId, captureId: payments.providerCaptureId, amountCents: refundAmount })
    .from(payments)
    .where(and(providerDepositsNotGivenBack(bookingId), sql`${refundAmount} > 0`));
  return rows.flatMap((row) => (row.method === 'cash' ? [] : [{ ...row, method: row.method, amountCents: Number(row.amountCents) }]));
}

/**
 * Every payment of a booking that succeeded and was not given back yet, oldest first: what a
 * company's refund may give back. `amountCents` is what each still holds (`heldCents`).
 */
export async function listPaidPayments(db: DbOrTx, bookingId: number): Promise<PaymentRow[]> {
  const rows = await db
    .select({ ...getTableColumns(payments), amountCents: heldCents })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded'), isNull(payments.refundedAt)))
    .orderBy(payments.id);
  return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
}

/**
 * A cancellation's decision on one payment (decision 0121): `cents` to give back (0: kept). A
 * refund to ask of a provider becomes a line at once, given back later by the refund job; cash is
 * handed back by the company, so it is recorded as given back now.
 */
export async function decidePaymentRefund(tx: DbOrTx, payment: Pick<PaymentRow, 'id' | 'method'>, cents: number, now: Date): Promise<void> {
  const asked = cents > 0 ? now : null;
  await tx
    .update(payments)
    .set({ refundCents: cents, refundRequestedAt: asked, ...(payment.method === 'cash' && asked ? { refundedAt: asked } : {}) })
    .where(eq(payments.id, payment.id));
}

/** A free cancellation gives back every provider deposit no decision covers yet, all it still holds: each becomes a refund line now. */
export async function requestFullRefunds(tx: DbOrTx, bookingId: number, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ refundCents: heldCents, refundRequestedAt: now })
    .where(and(providerDepositsNotGivenBack(bookingId), isNull(payments.refundCents)));
}

/** A payment given back: the provider's refund id, now. */
export async function markPaymentRefunded(db: DbOrTx, paymentId: number, refundId: string): Promise<void> {
  await db.update(payments).set({ refundId, refundedAt: new Date() }).where(eq(payments.id, paymentId));
}
