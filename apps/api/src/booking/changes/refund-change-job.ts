import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { createPaymentProviders, type PaymentProvidersConfig } from '../payments/payment-providers.ts';
import { REFUND_CHANGE_JOB } from '../payments/refund-lines.ts';
import { findChange, findPayment, updateChange } from './changes-repository.ts';

/**
 * Gives back the part of a card or PayPal deposit a lower price no longer needs (decision 0120),
 * through the provider-neutral refund (decision 0114): a durable job scheduled in the change's
 * transaction, asking once per change (idempotency key `refund-change-<id>`), retried while the
 * provider does not answer; the refund id is kept on the change. Without the provider's keys the
 * company refunds by hand (logged).
 */
export function refundChangeJob(config: PaymentProvidersConfig): JobDefinition {
  const providers = createPaymentProviders(config);
  return {
    name: REFUND_CHANGE_JOB,
    maxAttempts: 12,
    async run(payload, { db, log }) {
      const change = await findChange(db, Number(payload.changeId));
      if (!change || change.refundedAt || change.refundCents <= 0 || change.refundPaymentId === null) return;
      const payment = await findPayment(db, change.refundPaymentId);
      const provider = payment && payment.method !== 'cash' ? providers.find(payment.method) : undefined;
      if (!payment || !provider) {
        log.warn({ bookingId: change.bookingId, changeId: change.id }, 'deposit difference to refund by hand: its provider is not configured');
        return;
      }
      const outcome = await provider.refund(
        {
          paymentId: payment.id,
          bookingId: change.bookingId,
          reference: payment.providerSessionId,
          captureId: payment.providerCaptureId,
          amountCents: change.refundCents,
        },
        `${REFUND_CHANGE_JOB}-${change.id}`,
        log,
      );
      if (outcome.kind === 'by_hand') {
        log.warn({ bookingId: change.bookingId, changeId: change.id, why: outcome.why }, 'deposit difference to refund by hand');
        return;
      }
      await updateChange(db, change.id, { refundId: outcome.refundId, refundedAt: new Date() });
      log.info({ bookingId: change.bookingId, changeId: change.id, refundId: outcome.refundId, amountCents: change.refundCents }, 'deposit difference refunded');
    },
  };
}
