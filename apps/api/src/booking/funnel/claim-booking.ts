import { notFound } from '../../platform/lib/app-error.ts';
import { hashToken } from '../../platform/lib/random-token.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { lockBooking, recordTransition, updateBooking, type BookingWithStops } from '../bookings-repository.ts';

/**
 * A visitor's quote becomes the signed-in account's (decision 0092): one conditional update on
 * the booking still unclaimed with this token, which then stops working. Claiming one's own
 * booking again answers it unchanged (a retried request); any other booking, or a token already
 * used, answers 404 booking_not_found and changes nothing.
 */
export async function claimBooking(deps: BookingsDeps, auth: AccessClaims, id: number, quoteToken: string): Promise<BookingWithStops> {
  const claimed = await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, { userId: auth.userId, isAdmin: false, quoteTokenHash: hashToken(quoteToken) });
    if (!booking) throw notFound('booking_not_found');
    if (booking.userId === auth.userId) return booking;
    const row = await updateBooking(tx, id, { userId: auth.userId, quoteTokenHash: null });
    await recordTransition(tx, { bookingId: id, from: booking.status, to: booking.status, actor: { userId: auth.userId, kind: 'customer' }, reason: 'quote_claimed' });
    return { ...row, stops: booking.stops };
  });
  deps.caches.keepBooking(claimed);
  return claimed;
}
