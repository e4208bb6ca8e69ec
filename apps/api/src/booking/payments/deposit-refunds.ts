import type { DbOrTx } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { createPaymentProviders, type PaymentProvidersConfig } from './payment-providers.ts';
import { listRefundablePayments } from './payments-repository.ts';
import { addRefund, findRefundToAsk, markRefunded, REFUND_JOB, refundIdempotencyKey } from './refund-lines.ts';

/** Whether the booking has a deposit paid through a provider to give back (the cancellation mail says so). */
export async function hasRefundableDeposit(db: DbOrTx, bookingId: number): Promise<boolean> {
  return (await listRefundablePayments(db, bookingId)).length > 0;
}

/**
 * Gives a free cancellation's deposits back (decisions 0091, 0121, 0152): each card or PayPal
 * payment gives back all it still holds, as a refund line of its own whose durable job, scheduled
 * in the cancellation's transaction, asks the provider exactly once even if the process stops
 * right after the commit, retried with backoff while the provider does not answer.
 */
export async function scheduleDepositRefund(tx: DbOrTx, bookingId: number, now: Date = new Date()): Promise<void> {
  for (const payment of await listRefundablePayments(tx, bookingId)) await addRefund(tx, { ...payment, bookingId }, payment.amountCents, 'cancellation', now);
}

/**
 * The job of one refund line (decision 0152): asks its provider for its amount with the line's
 * idempotency key (Stripe's Idempotency-Key, PayPal's PayPal-Request-Id), so a repeated run (a
 * lapsed lease) never refunds twice, and records the provider's refund id on the line. A refund
 * the provider cannot make is logged and left to the company (decisions 0094, 0114, 0138).
 */
export function refundJob(config: PaymentProvidersConfig): JobDefinition {
  const providers = createPaymentProviders(config);
  return {
    name: REFUND_JOB,
    maxAttempts: 12,
    async run(payload, { db, log }) {
      const found = await findRefundToAsk(db, Number(payload.refundId));
      if (!found || found.refund.refundedAt) return;
      const { refund, payment } = found;
      const provider = payment.method === 'cash' ? undefined : providers.find(payment.method);
      if (!provider) {
        log.warn({ bookingId: refund.bookingId, refundId: refund.id, method: payment.method }, 'refund to make by hand: its provider is not configured');
        return;
      }
      const outcome = await provider.refund(
        { paymentId: payment.id, bookingId: refund.bookingId, reference: payment.providerSessionId, captureId: payment.providerCaptureId, amountCents: refund.amountCents },
        refundIdempotencyKey(refund),
        log,
      );
      if (outcome.kind === 'by_hand') {
        log.warn({ bookingId: refund.bookingId, refundId: refund.id, why: outcome.why }, 'refund to make by hand');
        return;
      }
      await markRefunded(db, refund.id, outcome.refundId, new Date());
      log.info({ bookingId: refund.bookingId, refundId: refund.id, providerRefundId: outcome.refundId, amountCents: refund.amountCents }, 'refund made');
    },
  };
}
