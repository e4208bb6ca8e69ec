import { hashToken } from '../platform/lib/random-token.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { notFound } from '../platform/lib/app-error.ts';
import type { AccessClaims } from '../platform/http/access-tokens.ts';
import { findBooking, type Actor, type BookingAccess, type BookingRow, type BookingWithStops } from './bookings-repository.ts';

/** Every booking, as the company's own jobs and actions read them (no session of their own). */
export const ADMIN_ACCESS = { userId: 0, isAdmin: true } as const satisfies BookingAccess;

/** What a session may see: its own bookings, or every one for an admin; nothing without one. */
export const accessOf = (auth: AccessClaims | null): BookingAccess => ({ userId: auth?.userId ?? null, isAdmin: auth?.role === 'admin' });

/**
 * Who is at steps one to three: an account, a visitor holding a quote's token (header
 * X-Quote-Token), or both (a visitor who has just signed in, before claiming; decision 0092).
 */
export type FunnelCaller = { auth: AccessClaims | null; quoteToken?: string | undefined };

export const funnelAccessOf = (caller: FunnelCaller): BookingAccess => ({
  ...accessOf(caller.auth),
  quoteTokenHash: caller.quoteToken ? hashToken(caller.quoteToken) : null,
});

/** An admin acting on someone else's booking is recorded as the admin; anyone else as the customer. */
export function actorOf(auth: AccessClaims | null, booking: Pick<BookingRow, 'userId'>): Actor {
  if (!auth) return { userId: null, kind: 'customer' };
  return { userId: auth.userId, kind: auth.role === 'admin' && booking.userId !== auth.userId ? 'admin' : 'customer' };
}

/** The owner or an admin (decisions 4), or the visitor whose token opens this unclaimed quote. */
export const canSee = (access: BookingAccess, booking: Pick<BookingRow, 'userId' | 'quoteTokenHash'>): boolean =>
  access.isAdmin ||
  (access.userId !== null && booking.userId === access.userId) ||
  (Boolean(access.quoteTokenHash) && booking.userId === null && booking.quoteTokenHash === access.quoteTokenHash);

/** Another user's booking answers like a missing one (decisions 4). */
export async function getBookingOr404(db: DbOrTx, id: number, access: BookingAccess): Promise<BookingWithStops> {
  const booking = await findBooking(db, id, access);
  if (!booking) throw notFound('booking_not_found');
  return booking;
}
