import { makeUpdateBookingInfoBody, type UpdateBookingInfoBody } from '@vtc/shared/booking/booking-info-schemas';
import { canUpdateBookingInfo } from '@vtc/shared/booking/booking-transitions';
import { conflict, fieldError, notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { readCatalogue } from '../../catalogue/catalogue-snapshot.ts';
import { accessOf, actorOf } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { DECISION_TOKEN_DAYS, issueBookingToken, retireBookingTokens } from '../booking-tokens.ts';
import { lockBooking, recordTransition, transitionBooking, type BookingWithStops } from '../bookings-repository.ts';
import { holdCar } from '../holds/car-holds.ts';
import { queueBookingReceivedMails } from '../mails/booking-mails.ts';
import { schedulePendingReminders } from '../reminders/booking-reminders.ts';
import { assertPickupStillValid, priceChosenCar, validationError } from './funnel-checks.ts';
import { assertBookable, priceCar } from '../pricing/trip-pricing.ts';

/**
 * Step three's confirmation, once (decision 0016). Prices are computed again (with the return
 * trip if asked); the confirmation moves car_selected to pending and, in the same transaction,
 * queues the customer's receipt and the company's request with a new decision token. The
 * booking row is locked, so of concurrent confirmations one makes the transition and the others
 * find it pending: 409 invalid_transition, nothing changed, nothing sent.
 */
export async function updateBookingInfo(
  deps: BookingsDeps,
  auth: AccessClaims,
  id: number,
  body: UpdateBookingInfoBody,
): Promise<BookingWithStops> {
  if (body.bookingId !== id) throw fieldError('bookingId', 'invalid_value');
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, accessOf(auth));
    if (!booking) throw notFound('booking_not_found');
    if (!canUpdateBookingInfo(booking.status)) throw conflict('invalid_transition');
    assertPickupStillValid(booking);
    // The return must follow this booking's pickup: checked now that the pickup is known.
    // An airport pickup needs its flight number: judged on the booking's own places.
    const parsed = makeUpdateBookingInfoBody({ pickupAt: booking.pickupAt, pickupType: booking.rentFromType, returnPickupType: booking.rentToType }).safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    const info = parsed.data;
    // A hire is one block of time: no return trip (issue 22).
    if (booking.serviceType !== 'transfer' && info.returnRent) throw fieldError('returnRent', 'invalid_value');
    const { car, context } = priceChosenCar(await readCatalogue(tx), booking);
    const price = priceCar(booking, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT, info.returnRent);
    assertBookable(price);
    const values = {
      fullName: info.fullName,
      email: info.email,
      phone: info.phone,
      customerState: info.state ?? null,
      paymentMethod: info.method,
      message: info.message ?? null,
      address: info.address ?? null,
      city: info.city ?? null,
      arriveTime: info.arriveTime ?? null,
      trainNumber: info.trainNumber ?? null,
      flightNumber: info.flightNumber ?? null,
      arriveFrom: info.arriveFrom ?? null,
      returnRent: info.returnRent,
      returnAt: info.returnAt ?? null,
      returnAddress: info.returnAddress ?? null,
      returnCity: info.returnCity ?? null,
      returnArriveTime: info.returnArriveTime ?? null,
      returnArriveFrom: info.returnArriveFrom ?? null,
      returnTrainNumber: info.returnTrainNumber ?? null,
      returnFlightNumber: info.returnFlightNumber ?? null,
      oneWayCents: price.oneWayCents,
      holidaySurchargeCents: price.holidaySurchargeCents,
      totalCents: price.totalCents,
      depositCents: price.depositCents,
    };
    const moved = await transitionBooking(tx, id, 'car_selected', 'pending', values);
    if (!moved) throw conflict('invalid_transition');
    await recordTransition(tx, { bookingId: id, from: 'car_selected', to: 'pending', actor: actorOf(auth, booking) });
    // The database refuses a hold overlapping another booking's: 409 car_busy, nothing kept.
    await holdCar(tx, deps.config, { ...moved, stops: booking.stops });
    await retireBookingTokens(tx, id, 'decision');
    const token = await issueBookingToken(tx, id, 'decision', new Date(Date.now() + DECISION_TOKEN_DAYS * 86_400_000));
    const confirmed = { ...moved, stops: booking.stops };
    await queueBookingReceivedMails(tx, deps, confirmed, token);
    await schedulePendingReminders(tx, deps.config, id);
    return confirmed;
  });
}
