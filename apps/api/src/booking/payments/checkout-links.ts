import type { DbOrTx } from '../../platform/db/client.ts';
import { issueBookingToken } from '../booking-tokens.ts';
import { checkoutUrl } from '../mails/booking-mails.ts';

const DAY_MS = 86_400_000;

/**
 * A new link to a booking's deposit page: a checkout token valid until the pickup, and at least a
 * day (a late decision or change still leaves time to pay), and the page's address. The one place
 * that issues it: acceptance (decision 0022), a higher price (decision 0152) and the link sent
 * again (decision 0177).
 */
export async function issueCheckoutLink(tx: DbOrTx, publicUrl: string, booking: { id: number; pickupAt: Date }, now = new Date()): Promise<{ token: string; url: string }> {
  const expiresAt = new Date(Math.max(booking.pickupAt.getTime(), now.getTime() + DAY_MS));
  const token = await issueBookingToken(tx, booking.id, 'checkout', expiresAt);
  return { token, url: checkoutUrl(publicUrl, booking.id, token) };
}
