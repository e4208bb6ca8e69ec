import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { paymentEvents, payments, refunds } from '../../platform/db/schema.ts';
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
/** Whether the customer chose to hand a deposit or a difference to the chauffeur, not received yet (decisions 0021, 0152). */
export async function hasPendingCashPayment(db: DbOrTx, bookingId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, 'cash'), eq(payments.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

export async function paymentsHeldCents(db: DbOrTx, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ held: sql<number>`coalesce(sum(${heldCents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')));
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
 * What a payment still holds: its amount less every refund line of it (decision 0152: a lower
 * price's, a cancellation's, the company's). No refund gives back more than this. The payment's
 * id is written whole: drizzle names a column without its table in a one-table query, and inside
 * the subquery a bare `id` would be the refund's.
 */
export const heldCents = sql<number>`(${payments.amountCents} - coalesce((select sum(given.amount_cents) from ${refunds} given where given.payment_id = ${sql.raw('"payments"."id"')}), 0))::int`;

/** A booking's succeeded payments that still hold something. */
const holding = (bookingId: number) => and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded'), sql`${heldCents} > 0`);

/** The deposits of a booking paid through a provider that still hold something: what a free cancellation gives back, all of it. */
export async function listRefundablePayments(db: DbOrTx, bookingId: number) {
  const rows = await db
    .select({ id: payments.id, method: payments.method, amountCents: heldCents })
    .from(payments)
    .where(and(holding(bookingId), inArray(payments.method, PROVIDER_METHODS)))
    .orderBy(payments.id);
  return rows.flatMap((row) => (row.method === 'cash' ? [] : [{ ...row, method: row.method, amountCents: Number(row.amountCents) }]));
}

/**
 * Every payment of a booking that succeeded and still holds something, oldest first: what a
 * company's refund may give back. `amountCents` is what each still holds (`heldCents`).
 */
export async function listPaidPayments(db: DbOrTx, bookingId: number): Promise<PaymentRow[]> {
  const rows = await db
    .select({ ...getTableColumns(payments), amountCents: heldCents })
    .from(payments)
    .where(holding(bookingId))
    .orderBy(payments.id);
  return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
}
