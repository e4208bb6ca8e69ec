import { z } from 'zod';

/** Booking life cycle of decisions 4. */
export const BOOKING_STATUSES = ['draft', 'car_selected', 'pending', 'accepted', 'rejected', 'paid', 'completed', 'cancelled'] as const;
export const BookingStatus = z.enum(BOOKING_STATUSES, { error: 'invalid_value' });
export type BookingStatus = z.infer<typeof BookingStatus>;

/**
 * The allowed moves: the path draft -> car_selected -> pending -> accepted | rejected -> paid ->
 * completed (or accepted -> completed: a trip paid on board, or whose deposit never came), and cancelled from any state before completed that is still live (not rejected,
 * which already ends the booking, and not cancelled). Anything else is refused ('invalid_transition', 409).
 */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  draft: ['car_selected', 'cancelled'],
  car_selected: ['pending', 'cancelled'],
  pending: ['accepted', 'rejected', 'cancelled'],
  // A trip the chauffeur finished is completed whatever became of its deposit (decision 0117).
  accepted: ['paid', 'completed', 'cancelled'],
  rejected: [],
  paid: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

/** No move leaves these. */
export function isFinalStatus(status: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[status].length === 0;
}

/**
 * Step two may be repeated (the customer goes back and picks another car) until the booking is
 * confirmed: changing the car of a car_selected booking keeps its status, it is not a transition.
 */
export function canChangeCar(status: BookingStatus): boolean {
  return status === 'draft' || status === 'car_selected';
}

/**
 * Step three is a one-time confirmation: only a car_selected booking takes it (and becomes
 * pending). Once the company has been asked to decide, the price and details it was sent no
 * longer change from the customer's side; a pending booking answers 409 (decision 0016).
 */
export function canUpdateBookingInfo(status: BookingStatus): boolean {
  return status === 'car_selected';
}
