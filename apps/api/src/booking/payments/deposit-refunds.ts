import type { DbOrTx } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { scheduleJob } from '../../platform/jobs/scheduled-jobs.ts';
import { createPaymentProviders, type PaymentProvidersConfig } from './payment-providers.ts';
import { listRefundablePayments, markPaymentRefunded, requestFullRefunds } from './payments-repository.ts';
import { REFUND_DEPOSIT_JOB } from './refund-lines.ts';


/** Whether the booking has a deposit paid through a provider to give back (the cancellation mail says so). */
export async function hasRefundableDeposit(db: DbOrTx, bookingId: number): Promise<boolean> {
  return (await listRefundablePayments(db, bookingId)).length > 0;
}

/**
 * Gives a cancellation's deposit back (decisions 0091, 0121): a durable job, scheduled in the
 * cancellation's transaction, so the refund is asked for exactly once even if the process stops
 * right after the commit, and retried with backoff while the provider does not answer. The
 * deposits no decision covers yet are given back whole; each shows as a refund line from now.
 */
export async function scheduleDepositRefund(tx: DbOrTx, bookingId: number, now: Date = new Date()): Promise<void> {
  await requestFullRefunds(tx, bookingId, now);
  await scheduleJob(tx, { key: `${REFUND_DEPOSIT_JOB}-${bookingId}`, name: REFUND_DEPOSIT_JOB, payload: { bookingId } });
}

/**
 * The job: for each paid deposit of the booking not yet refunded, ask its provider for the
 * amount the cancellation decided (all of it unless the company said less, decision 0121) with an idempotency key per payment (Stripe's Idempotency-Key, PayPal's
 * PayPal-Request-Id), so a repeated run (a lapsed lease) never refunds twice; the refund id is
 * recorded on the payment. A deposit the provider cannot give back is logged, to be refunded by
 * hand (decisions 0094, 0114).
 */
export function refundDepositJob(config: PaymentProvidersConfig): JobDefinition {
  const providers = createPaymentProviders(config);
  return {
    name: REFUND_DEPOSIT_JOB,
    maxAttempts: 12,
    async run(payload, { db, log }) {
      const bookingId = Number(payload.bookingId);
      for (const payment of await listRefundablePayments(db, bookingId)) {
        const provider = providers.find(payment.method);
        if (!provider) {
          log.warn({ bookingId, paymentId: payment.id, method: payment.method }, 'deposit to refund by hand: its provider is not configured');
          continue;
        }
        const outcome = await provider.refund(
          { paymentId: payment.id, bookingId, reference: payment.reference, captureId: payment.captureId, amountCents: payment.amountCents },
          `refund-payment-${payment.id}`,
          log,
        );
        if (outcome.kind === 'by_hand') {
          log.warn({ bookingId, paymentId: payment.id, method: payment.method, why: outcome.why }, 'deposit to refund by hand');
          continue;
        }
        await markPaymentRefunded(db, payment.id, outcome.refundId);
        log.info({ bookingId, refundId: outcome.refundId, method: payment.method, amountCents: payment.amountCents }, 'deposit refunded');
      }
    },
  };
}
