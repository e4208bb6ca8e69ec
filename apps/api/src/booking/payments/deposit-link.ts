import { isPickupTimeValid } from '@vtc/shared/time/paris-time';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import { accessOf } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { lockBooking, type BookingWithStops } from '../bookings-repository.ts';
import { queueDepositLinkMail } from '../mails/booking-mails.ts';
import { issueCheckoutLink } from './checkout-links.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { depositOwedCents } from './deposit-payments.ts';
import { hasPendingCashPayment } from './payments-repository.ts';

/**
 * The deposit link, again (decision 0177). A customer who lost the acceptance mail, or whose mail
 * waited for their address to be confirmed, pays from "Mes réservations"; the company sends the
 * link again from the drawer. Each call issues a new checkout token (valid until pickup, and at
 * least a day); the links sent before keep working until they expire, so an older mail still
 * opens the same page (choosing cash on it retires them all). Nothing is due, and 409
 * deposit_not_due answers, for an accepted cash booking (paid on board), a company's (billed on
 * its statement), a booking not accepted or paid, one whose pickup is less than the two hours'
 * lead time away (the page takes no payment then), or a paid booking that owes no difference or
 * will hand it to the chauffeur.
 */

export type DepositDue = { cents: number; difference: boolean };

/** What the booking still owes online: an accepted booking's deposit, or a paid booking's difference after a higher price (decision 0152). */
export async function depositDueOnline(tx: DbOrTx, booking: BookingWithStops, now: Date): Promise<DepositDue | null> {
  // The deposit page takes no payment within the lead time of the pickup (deposit-payments.ts).
  if (booking.companyId !== null || !isPickupTimeValid(booking.pickupAt, now)) return null;
  // Cash chosen at step three, or on the deposit page, is paid on board (decision 0117).
  if (booking.status === 'accepted' && booking.paymentMethod === 'cash') return null;
  if (booking.status === 'accepted') return (booking.depositCents ?? 0) > 0 ? { cents: booking.depositCents!, difference: false } : null;
  // A difference the customer chose to hand to the chauffeur (decision 0152) is not asked online.
  if (booking.status !== 'paid' || (await hasPendingCashPayment(tx, booking.id))) return null;
  const due = await depositOwedCents(tx, booking);
  return due > 0 ? { cents: due, difference: true } : null;
}

export type DepositLink = { id: number; url: string; dueCents: number; mailed: boolean };

/** A new link to the deposit page of a booking the caller may see; the company's call mails it to the customer too. */
export async function issueDepositLink(deps: Pick<BookingsDeps, 'db' | 'config'>, auth: AccessClaims, id: number, { mail }: { mail: boolean }): Promise<DepositLink> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, accessOf(auth));
    if (!booking) throw notFound('booking_not_found');
    const now = new Date();
    const due = await depositDueOnline(tx, booking, now);
    if (!due) throw conflict('deposit_not_due');
    const { url } = await issueCheckoutLink(tx, deps.config.PUBLIC_URL, booking, now);
    if (mail) await queueDepositLinkMail(tx, deps, booking, url, due);
    return { id: booking.id, url, dueCents: due.cents, mailed: mail };
  });
}
