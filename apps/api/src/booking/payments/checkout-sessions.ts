import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../platform/db/client.ts';
import { listPendingCardSessions, markSessionEnded } from './payments-repository.ts';
import type { StripeSetup } from './stripe-client.ts';

/**
 * Closes the booking's open Stripe Checkout sessions (decision 0023), so that at most one card
 * page can take the deposit and none stays payable after a cancellation. Each pending session is
 * expired through the SDK and its payment marked expired. Stripe refuses to expire a session that
 * is already complete (or expired): that error is logged and the row left to the webhook, which
 * records what really happened. Never throws for a Stripe error.
 */
export async function expirePendingCardSessions(
  deps: { db: DbOrTx; stripe?: StripeSetup | null | undefined; log: FastifyBaseLogger },
  bookingId: number,
): Promise<string[]> {
  if (!deps.stripe) return [];
  const expired: string[] = [];
  for (const sessionId of await listPendingCardSessions(deps.db, bookingId)) {
    try {
      await deps.stripe.stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      deps.log.warn({ err: error, bookingId, sessionId }, 'stripe checkout session could not be expired');
      continue;
    }
    await markSessionEnded(deps.db, sessionId, 'expired');
    expired.push(sessionId);
  }
  return expired;
}
