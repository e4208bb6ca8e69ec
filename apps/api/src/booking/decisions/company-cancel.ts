import type { CompanyCancelBody } from '@vtc/shared/booking/company-cancel-schemas';
import { canTransition } from '@vtc/shared/booking/booking-transitions';
import { isFreeCancellation } from '@vtc/shared/booking/cancellation-policy';
import { conflict, fieldError, notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { accessOf } from '../booking-access.ts';
import { cancelLockedBooking } from '../booking-cancellation.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { lockBooking } from '../bookings-repository.ts';
import { issueCreditNotes } from '../documents/booking-invoices.ts';
import { queueBookingCancelledMails } from '../mails/booking-mails.ts';
import { queueChauffeurCancelledMail } from '../mails/company-cancel-mails.ts';
import { closeOpenPayments } from '../payments/open-payments.ts';
import { listPaidPayments } from '../payments/payments-repository.ts';
import { addRefund } from '../payments/refund-lines.ts';

/** The cents a refund choice gives back of `paidCents`; an amount above it is 400 refund_above_paid. */
function refundOf(choice: CompanyCancelBody['refund'], paidCents: number, free: boolean): number {
  if (choice === 'none') return 0;
  if (choice === 'full') return paidCents;
  if (choice === 'policy') return free ? paidCents : 0;
  if (choice > paidCents) throw fieldError('refund', 'refund_above_paid');
  return choice;
}

/**
 * The company cancels a booking, accepted or paid or still pending, with the refund it chooses
 * (decision 0121), in one transaction on the locked booking, so that concurrent cancellations
 * (the company's twice, or the company's and the customer's) end with one cancellation, one
 * refund and one credit note; the others answer 409 invalid_transition and change nothing.
 * What was paid is given back oldest payment first: through Stripe or PayPal by the durable
 * refund job of each refund line (one provider call per line, idempotency key per line, decision
 * 0152), cash recorded as handed back. A credit note of the amount refunded; the customer's mail (with the .ics that
 * removes the trip) and the assigned chauffeur's.
 */
export async function companyCancelBooking(deps: BookingsDeps, auth: AccessClaims, id: number, body: CompanyCancelBody, now: Date = new Date()) {
  const result = await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, accessOf(auth));
    if (!booking) throw notFound('booking_not_found');
    if (!canTransition(booking.status, 'cancelled')) throw conflict('invalid_transition');
    const paid = await listPaidPayments(tx, id);
    const paidCents = paid.reduce((sum, payment) => sum + payment.amountCents, 0);
    const free = isFreeCancellation(booking.pickupAt, now);
    const refundCents = refundOf(body.refund, paidCents, free);
    const moved = await cancelLockedBooking(tx, booking, { userId: auth.userId, kind: 'admin' }, { note: body.reason });
    const shares = splitRefund(paid, refundCents);
    // A refund line per payment given something back, each asked of its provider by its own job (decision 0152).
    for (const [index, payment] of paid.entries()) if ((shares[index] ?? 0) > 0) await addRefund(tx, payment, shares[index]!, 'cancellation', now);
    // A refund is cancelled by a credit note of its amount; what is kept keeps its receipt (decision 0088).
    const notes = refundCents > 0 ? await issueCreditNotes(tx, deps.config, id, refundCents) : [];
    const updated = { ...moved, stops: booking.stops };
    const byCompany = { reason: body.reason, refundCents };
    await queueBookingCancelledMails(tx, deps, updated, { free, depositKept: refundCents < paidCents, refunded: refundCents > 0, byCompany, notifyCompany: false });
    await queueChauffeurCancelledMail(tx, updated, body.reason);
    return { booking: moved, refundCents, creditNote: notes[0]?.number ?? null };
  });
  // As after the customer's cancellation: no page still open may take the deposit.
  await closeOpenPayments(deps, id);
  return result;
}

/** `refundCents` split over the payments, oldest first: each gives back at most what it paid. */
function splitRefund(paid: { amountCents: number }[], refundCents: number): number[] {
  let left = refundCents;
  return paid.map((payment) => {
    const cents = Math.min(payment.amountCents, left);
    left -= cents;
    return cents;
  });
}
