import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { payments } from '../../platform/db/schema.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { scheduleJob } from '../../platform/jobs/scheduled-jobs.ts';
import { createStripe } from './stripe-client.ts';
import { createPaypal, type PaypalConfig } from './paypal-client.ts';

export const REFUND_DEPOSIT_JOB = 'refund-deposit';

/** The card and PayPal deposits of a booking that were paid and not yet given back. */
async function refundablePayments(db: DbOrTx, bookingId: number) {
  return db
    .select({ id: payments.id, method: payments.method, sessionId: payments.providerSessionId, captureId: payments.providerCaptureId, amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(eq(payments.bookingId, bookingId), inArray(payments.method, ['stripe', 'paypal']), eq(payments.status, 'succeeded'), isNull(payments.refundedAt)),
    );
}

/** Whether the booking has a card or PayPal deposit to give back (the cancellation mail says so). */
export async function hasRefundableDeposit(db: DbOrTx, bookingId: number): Promise<boolean> {
  return (await refundablePayments(db, bookingId)).length > 0;
}

/**
 * Gives a free cancellation's card deposit back (decision 0091): a durable job, scheduled in the
 * cancellation's transaction, so the refund is asked for exactly once even if the process stops
 * right after the commit, and retried with backoff while Stripe does not answer.
 */
export async function scheduleDepositRefund(tx: DbOrTx, bookingId: number): Promise<void> {
  await scheduleJob(tx, { key: `${REFUND_DEPOSIT_JOB}-${bookingId}`, name: REFUND_DEPOSIT_JOB, payload: { bookingId } });
}

/**
 * The job: for each paid deposit of the booking not yet refunded, ask its provider for a full
 * refund with an idempotency key per payment (Stripe's Idempotency-Key, PayPal's
 * PayPal-Request-Id), so a repeated run (a lapsed lease) never refunds twice; the refund id is
 * recorded on the payment. A card deposit goes back through the Checkout session's payment
 * intent, a PayPal one through its capture (decision 0094).
 */
export function refundDepositJob(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'> & PaypalConfig): JobDefinition {
  const stripe = createStripe(config);
  const paypal = createPaypal(config);
  return {
    name: REFUND_DEPOSIT_JOB,
    maxAttempts: 12,
    async run(payload, { db, log }) {
      const bookingId = Number(payload.bookingId);
      for (const payment of await refundablePayments(db, bookingId)) {
        let refundId: string | undefined;
        if (payment.method === 'paypal') {
          if (!paypal || !payment.captureId) {
            log.warn({ bookingId, paymentId: payment.id }, 'deposit to refund by hand: PayPal is not configured or the capture is unknown');
            continue;
          }
          const { result } = await paypal.payments.refundCapturedPayment({
            captureId: payment.captureId,
            paypalRequestId: `refund-payment-${payment.id}`,
            body: { noteToPayer: `Booking ${bookingId}`, customId: String(bookingId) },
          });
          refundId = result.id;
        } else {
          if (!stripe || !payment.sessionId) {
            log.warn({ bookingId, paymentId: payment.id }, 'deposit to refund by hand: Stripe is not configured');
            continue;
          }
          const session = await stripe.stripe.checkout.sessions.retrieve(payment.sessionId);
          const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
          if (!intent) {
            log.warn({ bookingId, sessionId: payment.sessionId }, 'paid session without a payment intent: refund by hand');
            continue;
          }
          const refund = await stripe.stripe.refunds.create(
            { payment_intent: intent, reason: 'requested_by_customer', metadata: { bookingId: String(bookingId) } },
            { idempotencyKey: `refund-payment-${payment.id}` },
          );
          refundId = refund.id;
        }
        if (!refundId) throw new Error(`refund of payment ${payment.id} answered no id`);
        await db.update(payments).set({ refundId, refundedAt: new Date() }).where(eq(payments.id, payment.id));
        log.info({ bookingId, refundId, method: payment.method, amountCents: payment.amountCents }, 'deposit refunded');
      }
    },
  };
}
