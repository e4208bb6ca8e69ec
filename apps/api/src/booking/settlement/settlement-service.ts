import type { BalanceBody } from '@vtc/shared/booking/booking-balance';
import { AppError, conflict, notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { bookingTerms } from '../booking-terms.ts';
import { retireBookingTokens } from '../booking-tokens.ts';
import { lockBooking, recordTransition, transitionBooking, type BookingRow } from '../bookings-repository.ts';
import { queueNoShowMail } from '../mails/booking-mails.ts';
import { cancelBookingReminders } from '../reminders/booking-reminders.ts';
import { recordBalance, settlementOf, type Settlement } from './settlement.ts';
import { noShowReportedAt } from './settlement-repository.ts';
import { ADMIN_ACCESS } from '../booking-access.ts';

/** `PUT /api/booking/balance/{id}`: the company records what was collected of a done trip's balance. */
export async function recordBalanceByAdmin(deps: BookingsDeps, auth: AccessClaims, id: number, body: BalanceBody): Promise<Settlement> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    if (!booking) throw notFound('booking_not_found');
    return recordBalance(tx, booking, body, { kind: 'admin', userId: auth.userId });
  });
}

/**
 * `PUT /api/booking/no-show/{id}`: the company confirms the chauffeur's "client absent"
 * (decision 0117). The booking is cancelled (reason no_show, actor admin), the deposit received
 * is kept (no refund, no credit note: the receipt stands), its reminders and links end, and the
 * customer is mailed. 409 no_show_not_reported unless the chauffeur reported it, 409
 * no_show_too_early before the waiting time included is over, 409 invalid_transition unless the
 * booking is accepted or paid.
 */
export async function confirmNoShow(deps: BookingsDeps, auth: AccessClaims, id: number): Promise<BookingRow> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    if (!booking) throw notFound('booking_not_found');
    if (booking.status !== 'accepted' && booking.status !== 'paid') throw conflict('invalid_transition');
    if ((await noShowReportedAt(tx, id)) === null) throw conflict('no_show_not_reported');
    const opensAt = new Date(booking.pickupAt.getTime() + bookingTerms(deps.config, booking).waitingMinutes * 60_000);
    if (Date.now() < opensAt.getTime()) throw new AppError(409, 'no_show_too_early', { from: opensAt });
    const moved = await transitionBooking(tx, id, booking.status, 'cancelled', { calendarSequence: booking.calendarSequence + 1 });
    if (!moved) throw conflict('invalid_transition');
    await recordTransition(tx, { bookingId: id, from: booking.status, to: 'cancelled', actor: { userId: auth.userId, kind: 'admin' }, reason: 'no_show' });
    await retireBookingTokens(tx, id);
    await cancelBookingReminders(tx, id);
    const { depositCents } = await settlementOf(tx, booking);
    await queueNoShowMail(tx, deps, { ...moved, stops: booking.stops }, depositCents);
    return moved;
  });
}
