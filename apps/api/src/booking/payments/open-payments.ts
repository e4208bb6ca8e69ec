import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { ProviderId } from './payment-provider.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { listPendingPayments, markSessionEnded } from './payments-repository.ts';

/**
 * Closes the booking's provider pages still open (decision 0023), so that at most one page can
 * take the deposit and none stays payable after a cancellation: each pending payment of a
 * provider that can close its pages (Stripe Checkout) is closed and marked expired. A page the
 * provider will not close (already complete or expired) is left to the webhook, which records
 * what really happened. Never throws for a provider's error.
 */
export async function closeOpenPayments(
  deps: { db: DbOrTx; providers?: PaymentProviders | undefined; log: FastifyBaseLogger },
  bookingId: number,
  only?: ProviderId,
): Promise<string[]> {
  if (!deps.providers) return [];
  const closed: string[] = [];
  for (const payment of await listPendingPayments(deps.db, bookingId)) {
    if (only && payment.method !== only) continue;
    const provider = deps.providers.find(payment.method);
    if (!provider?.close || !(await provider.close(payment.reference, bookingId, deps.log))) continue;
    await markSessionEnded(deps.db, payment.reference, 'expired');
    closed.push(payment.reference);
  }
  return closed;
}
