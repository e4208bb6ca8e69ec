import { canTransition, type BookingStatus } from '@vtc/shared/booking/booking-transitions';
import type { ServiceType } from '@vtc/shared/booking/service-types';
import { hireBlocks } from '@vtc/shared/booking/hire-times';
import { parisDayStart } from '@vtc/shared/time/paris-time';
import { parseSearch } from '../../platform/db/text-search.ts';
import { AppError, conflict, notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { findUserById } from '../../accounts/users/users-repository.ts';
import { markCashDepositReceived } from '../payments/payments-repository.ts';
import { listRefundLines } from '../payments/refund-lines.ts';
import { queueBookingAcceptedMail, queueBookingRejectedMail, queueCashConfirmedMails, queueDepositPaidMails, queueOnAccountConfirmedMails } from '../mails/booking-mails.ts';
import { queueBookingAcceptedText, queueCashConfirmedText } from '../mails/booking-texts.ts';
import { consumeBookingToken, retireBookingTokens } from '../booking-tokens.ts';
import { issueCheckoutLink } from '../payments/checkout-links.ts';
import { depositDueOnline } from '../payments/deposit-link.ts';
import {
  listBookingsPage,
  resolveSearch,
  listHistory,
  listPayments,
  lockBooking,
  recordTransition,
  transitionBooking,
  type Actor,
  type BookingRow,
  type BookingWithStops,
  type MissionStatusValue,
} from '../bookings-repository.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { ADMIN_ACCESS, getBookingOr404 } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { decodeCursor, toPage } from '../booking-pages.ts';
import { findCar } from '../../catalogue/cars/cars-repository.ts';
import { holdCar } from '../holds/car-holds.ts';
import { cancelPendingReminders, schedulePickupReminder } from '../reminders/booking-reminders.ts';
import { scheduleFeedbackRequest } from '../feedback/feedback-requests.ts';
import { issueDepositReceipt, issueTripInvoice } from '../documents/booking-invoices.ts';
import { issueVoucherVersion } from '../documents/booking-vouchers.ts';
import { listBookingDocuments } from '../documents/documents-repository.ts';
import { invoiceLinesOfBooking } from '../documents/documents-service.ts';
import { settlementView } from '../settlement/settlement-view.ts';
import type { HireEndBilled } from '../hire-end/hire-facts.ts';

/**
 * The admin list, newest first by keyset (decision 0071): `q` finds words of the contact's or
 * the account's name and e-mail, a phone in any format, or a booking number; `from` and `to`
 * are pickup days in Paris, both included; `status` filters. No count is taken.
 */
export async function listBookings(
  deps: BookingsDeps,
  query: { status?: BookingStatus; serviceType?: ServiceType; q?: string; from?: string; to?: string; after?: string; limit: number },
) {
  const after = decodeCursor(query.after);
  const terms = parseSearch(query.q);
  const rows = await listBookingsPage(deps.db, {
    status: query.status,
    serviceType: query.serviceType,
    search: terms && (await resolveSearch(deps.db, terms)),
    pickupFrom: query.from ? parisDayStart(query.from) : undefined,
    pickupBefore: query.to ? parisDayStart(query.to, 1) : undefined,
    after,
    limit: query.limit + 1,
  });
  return toPage(rows, query.limit);
}

/** Everything about one booking: stops, account, car, status history and payments. */
export async function getBookingDetails(deps: BookingsDeps, id: number) {
  const booking = await getBookingOr404(deps.db, id, ADMIN_ACCESS);
  const [owner, car, history, payments, refundLines, settlement, tours, invoiceLines, documents, depositDue] = await Promise.all([
    booking.userId === null ? undefined : findUserById(deps.db, booking.userId),
    booking.carId === null ? undefined : findCar(deps.db, booking.carId),
    listHistory(deps.db, id),
    listPayments(deps.db, id),
    listRefundLines(deps.db, id),
    settlementView(deps.db, deps.config, booking),
    deps.caches.catalogue(),
    invoiceLinesOfBooking(deps.db, id),
    listBookingDocuments(deps.db, id),
    depositDueOnline(deps.db, booking, new Date()),
  ]);
  return { booking, owner, car, history, payments, refundLines, settlement, tours, invoiceLines, documents, depositDue };
}

export type Decision = { status: 'accepted' | 'rejected'; token?: string | undefined; reason?: string | undefined };

/**
 * The company's answer to a pending booking (decision 0022). With a token (the e-mailed link) it
 * must be this booking's unused decision token, else 404 token_invalid; an admin in the back
 * office may omit it. The token is used up in the same transaction as the transition, so a
 * refused transition (409) leaves it usable. Accepting queues the deposit link (a new checkout
 * token, valid until pickup); rejecting stores the reason and tells the customer.
 */
export async function decideBooking(deps: BookingsDeps, auth: AccessClaims, id: number, decision: Decision): Promise<BookingRow> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    if (!booking) throw notFound('booking_not_found');
    if (decision.token !== undefined && !(await consumeBookingToken(tx, id, 'decision', decision.token))) {
      throw notFound('token_invalid');
    }
    if (!canTransition(booking.status, decision.status)) throw conflict('invalid_transition');
    // A request whose pickup has come can no longer be accepted: it lapses (decision 0176).
    if (decision.status === 'accepted' && booking.pickupAt.getTime() <= Date.now()) throw conflict('pickup_passed');
    const reason = decision.status === 'rejected' ? (decision.reason ?? null) : null;
    const moved = await transitionBooking(tx, id, booking.status, decision.status, { rejectionReason: reason });
    if (!moved) throw conflict('invalid_transition');
    await recordTransition(tx, { bookingId: id, from: booking.status, to: decision.status, actor: { userId: auth.userId, kind: 'admin' }, note: reason });
    await retireBookingTokens(tx, id, 'decision');
    await cancelPendingReminders(tx, id);
    const updated = { ...moved, stops: booking.stops };
    if (decision.status === 'accepted') {
      await startAcceptedBooking(tx, deps, updated);
    } else {
      await queueBookingRejectedMail(tx, deps, updated, reason);
    }
    return moved;
  });
}

/** When the last leg starts: a return trip is done only once its return has begun, a hire by the day once its last day has. */
export const lastLegStart = (booking: Pick<BookingRow, 'pickupAt' | 'returnRent' | 'returnAt' | 'serviceType' | 'hireMinutes' | 'hireDays'>): Date =>
  booking.returnRent && booking.returnAt ? booking.returnAt : (hireBlocks(booking)?.at(-1)?.from ?? booking.pickupAt);

/**
 * What acceptance sets going, in the caller's transaction, for a booking just accepted (by the
 * company's decision, or taken by phone, decision 0119): its car is held (409 car_busy when the
 * constraint refuses an overlap), its voucher issued (decision 0087), the deposit link mailed
 * (held until the account's address is verified) or, for cash paid on board (decision 0117), the
 * booking confirmed to both sides without a link, a company member's booking confirmed on account
 * (decision 0142), and the pickup reminder scheduled. A customer who agreed to texts gets the news
 * by text too (decision 0130).
 */
export async function startAcceptedBooking(tx: DbOrTx, deps: BookingsDeps, booking: BookingWithStops): Promise<void> {
  await holdCar(tx, deps.config, booking);
  await issueVoucherVersion(tx, deps.config, booking.id);
  if (booking.companyId !== null) {
    // A company member's booking is billed on account at month-end (decision 0142): no deposit link.
    await queueOnAccountConfirmedMails(tx, deps, booking);
  } else if (booking.paymentMethod === 'cash') {
    await queueCashConfirmedMails(tx, deps, booking);
    await queueCashConfirmedText(tx, deps, booking);
  } else {
    // The deposit link lives until pickup, and at least a day for a late decision.
    const { token, url } = await issueCheckoutLink(tx, deps.config.PUBLIC_URL, booking);
    await queueBookingAcceptedMail(tx, deps, booking, token);
    await queueBookingAcceptedText(tx, deps, booking, url);
  }
  await schedulePickupReminder(tx, deps.config, booking);
}

/**
 * After the ride: accepted or paid -> completed, in the caller's transaction on a booking it has
 * locked. The one path to `completed`, whoever closes the trip (the admin, or the chauffeur's
 * `done`, decision 0083): what must happen on completion belongs here. A trip is completed
 * whatever became of its deposit (decision 0117): 409 invalid_transition unless accepted or
 * paid, 409 trip_not_started before the pickup time (the return's, for a return trip).
 */
export async function completeTrip(
  tx: DbOrTx,
  config: BookingsDeps['config'],
  booking: BookingWithStops,
  actor: Actor,
  note: { missionStatus?: MissionStatusValue; hireEnd?: HireEndBilled } = {},
): Promise<BookingWithStops> {
  if (!canTransition(booking.status, 'completed')) throw conflict('invalid_transition');
  // Never before pickup (decision 0117): an early "done" would invoice a trip not yet driven.
  const from = lastLegStart(booking);
  if (Date.now() < from.getTime()) throw new AppError(409, 'trip_not_started', { from });
  const moved = await transitionBooking(tx, booking.id, booking.status, 'completed');
  if (!moved) throw conflict('invalid_transition');
  await recordTransition(tx, { bookingId: booking.id, from: booking.status, to: 'completed', actor, missionStatus: note.missionStatus });
  // The invoice (decision 0088) is numbered in this transaction: a rollback leaves no gap. A
  // company member's trip is invoiced on the company's month-end statement instead (decision 0142).
  if (booking.companyId === null) await issueTripInvoice(tx, config, booking.id, note.hireEnd ?? null);
  // The customer is asked for a rating FEEDBACK_REQUEST_DELAY_HOURS later (decision 0146).
  await scheduleFeedbackRequest(tx, config, booking.id);
  return { ...moved, stops: booking.stops };
}

/** After the ride: accepted or paid -> completed (admin), with the trip's invoice; never before pickup. */
export async function completeBooking(deps: BookingsDeps, auth: AccessClaims, id: number): Promise<BookingRow> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    if (!booking) throw notFound('booking_not_found');
    return completeTrip(tx, deps.config, booking, { userId: auth.userId, kind: 'admin' });
  });
}

/**
 * The cash deposit was received (decision 0021): an accepted booking whose payment method is
 * cash moves to paid (admin in the history), its pending cash payment is marked succeeded and
 * the same "deposit paid" mails as a card payment are queued, all in one transaction. Anything
 * else (another status, a card booking) is 409 invalid_transition.
 */
export async function recordCashDeposit(deps: BookingsDeps, auth: AccessClaims, id: number): Promise<BookingRow> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    if (!booking) throw notFound('booking_not_found');
    if (booking.status !== 'accepted' || booking.paymentMethod !== 'cash') throw conflict('invalid_transition');
    const moved = await transitionBooking(tx, id, 'accepted', 'paid');
    if (!moved) throw conflict('invalid_transition');
    await recordTransition(tx, { bookingId: id, from: 'accepted', to: 'paid', actor: { userId: auth.userId, kind: 'admin' }, reason: 'cash_deposit_received' });
    const received = await markCashDepositReceived(tx, id, booking.depositCents ?? 0);
    for (const payment of received) await issueDepositReceipt(tx, deps.config, id, payment.amountCents, payment.id);
    const paidCents = received.reduce((sum, payment) => sum + payment.amountCents, 0);
    await retireBookingTokens(tx, id, 'checkout');
    await queueDepositPaidMails(tx, deps, { ...moved, stops: booking.stops }, paidCents);
    return moved;
  });
}
