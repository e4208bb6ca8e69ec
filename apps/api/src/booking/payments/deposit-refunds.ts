import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { payments } from '../../platform/db/schema.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { scheduleJob } from '../../platform/jobs/scheduled-jobs.ts';
import { createStripe } from './stripe-client.ts';

export const REFUND_DEPOSIT_JOB = 'refund-deposit';

/** The card deposits of a booking that were paid and not yet given back. */
async function refundablePayments(db: DbOrTx, bookingId: number) {
  return db
    .select({ id: payments.id, sessionId: payments.providerSessionId, amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, 'stripe'), eq(payments.status, 'succeeded'), isNull(payments.refundedAt)));
}

/** Whether the booking has a card deposit to give back (the cancellation mail says so). */
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
 * The job: for each paid card session of the booking not yet refunded, read its payment intent
 * and ask Stripe for a full refund with an idempotency key per payment, so a repeated run (a
 * lapsed lease) never refunds twice; the refund id is recorded on the payment.
 */
export function refundDepositJob(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>): JobDefinition {
  const setup = createStripe(config);
  return {
    name: REFUND_DEPOSIT_JOB,
    maxAttempts: 12,
    async run(payload, { db, log }) {
      const bookingId = Number(payload.bookingId);
      if (!setup) {
        log.warn({ bookingId }, 'deposit to refund by hand: Stripe is not configured');
        return;
      }
      for (const payment of await refundablePayments(db, bookingId)) {
        if (!payment.sessionId) continue;
        const session = await setup.stripe.checkout.sessions.retrieve(payment.sessionId);
        const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        if (!intent) {
          log.warn({ bookingId, sessionId: payment.sessionId }, 'paid session without a payment intent: refund by hand');
          continue;
        }
        const refund = await setup.stripe.refunds.create(
          { payment_intent: intent, reason: 'requested_by_customer', metadata: { bookingId: String(bookingId) } },
          { idempotencyKey: `refund-payment-${payment.id}` },
        );
        await db.update(payments).set({ refundId: refund.id, refundedAt: new Date() }).where(eq(payments.id, payment.id));
        log.info({ bookingId, refundId: refund.id, amountCents: payment.amountCents }, 'deposit refunded');
      }
    },
  };
}
