import { canTransition } from '@vtc/shared/booking/booking-transitions';
import type { HistoryReasonCode } from '@vtc/shared/booking/history-entries';
import { conflict } from '../platform/lib/app-error.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { retireBookingTokens } from './booking-tokens.ts';
import { recordTransition, transitionBooking, type Actor, type BookingRow, type BookingWithStops } from './bookings-repository.ts';
import { cancelBookingReminders } from './reminders/booking-reminders.ts';

/**
 * What every cancellation does, the customer's (decision 0091) or the company's (decision 0121),
 * in its transaction on a booking it has locked: the booking becomes cancelled with a raised
 * calendar sequence (its .ics then removes the trip), the history says who and why, links
 * already sent stop working and no reminder goes out. 409 invalid_transition for a completed,
 * rejected or cancelled booking. Refunds, documents and mails are the caller's.
 */
export async function cancelLockedBooking(
  tx: DbOrTx,
  booking: BookingWithStops,
  actor: Actor,
  why: { reason?: HistoryReasonCode; note?: string },
): Promise<BookingRow> {
  if (!canTransition(booking.status, 'cancelled')) throw conflict('invalid_transition');
  const moved = await transitionBooking(tx, booking.id, booking.status, 'cancelled', { calendarSequence: booking.calendarSequence + 1 });
  if (!moved) throw conflict('invalid_transition');
  await recordTransition(tx, { bookingId: booking.id, from: booking.status, to: 'cancelled', actor, ...why });
  await retireBookingTokens(tx, booking.id);
  await cancelBookingReminders(tx, booking.id);
  return moved;
}
