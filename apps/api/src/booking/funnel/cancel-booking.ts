import { canTransition } from '@vtc/shared/booking/booking-transitions';
import { isFreeCancellation } from '@vtc/shared/booking/cancellation-policy';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { accessOf, actorOf } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { cancelLockedBooking } from '../booking-cancellation.ts';
import { lockBooking } from '../bookings-repository.ts';
import { issueCreditNotes } from '../documents/booking-invoices.ts';
import { queueBookingCancelledMails } from '../mails/booking-mails.ts';
import { closeOpenPayments } from '../payments/open-payments.ts';
import { hasRefundableDeposit, scheduleDepositRefund } from '../payments/deposit-refunds.ts';

/**
 * Cancels a booking that has not ended (decisions 4). More than 48 hours before pickup it is
 * free; later, a deposit already paid is kept. The history's reason says which; links already
 * sent stop working, and the booking's open Stripe Checkout sessions are expired.
 */
export async function cancelBooking(deps: BookingsDeps, auth: AccessClaims, id: number, now: Date = new Date()) {
  const result = await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, accessOf(auth));
    if (!booking) throw notFound('booking_not_found');
    if (!canTransition(booking.status, 'cancelled')) throw conflict('invalid_transition');
    const free = isFreeCancellation(booking.pickupAt, now);
    const depositKept = !free && booking.status === 'paid';
    // A free cancellation gives a card deposit back, through a durable job (decision 0091).
    const refunded = free && booking.status === 'paid' && (await hasRefundableDeposit(tx, id));
    const reason = refunded ? 'free_cancellation_refunded' : free ? 'free_cancellation' : depositKept ? 'late_cancellation_deposit_kept' : 'late_cancellation';
    const moved = await cancelLockedBooking(tx, booking, actorOf(auth, booking), { reason });
    if (refunded) await scheduleDepositRefund(tx, id, now);
    // A refunded deposit is cancelled by a credit note; a kept one keeps its receipt (decision 0088).
    if (!depositKept) await issueCreditNotes(tx, deps.config, id);
    const notifyCompany = ['pending', 'accepted', 'paid'].includes(booking.status);
    await queueBookingCancelledMails(tx, deps, { ...moved, stops: booking.stops }, { free, depositKept, refunded, notifyCompany });
    return { booking: moved, free, depositKept, refunded };
  });
  // Once cancelled, no open payment page may still take the deposit. After the commit: a
  // payment that completes meanwhile finds the booking cancelled and the company is told.
  await closeOpenPayments(deps, id);
  return result;
}
