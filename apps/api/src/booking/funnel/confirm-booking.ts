import { hasNameSign, makeUpdateBookingInfoBody, type UpdateBookingInfoBody } from '@vtc/shared/booking/booking-info-schemas';
import { canUpdateBookingInfo } from '@vtc/shared/booking/booking-transitions';
import { conflict, fieldError, notFound } from '../../platform/lib/app-error.ts';
import { assertTextConsentNumber, recordTextConsent } from '../../accounts/texts/account-texts.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { readCatalogue } from '../../catalogue/catalogue-snapshot.ts';
import { accessOf, actorOf } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { DECISION_TOKEN_DAYS, issueBookingToken, retireBookingTokens } from '../booking-tokens.ts';
import { accountOf, lockBooking, recordTransition, transitionBooking, type BookingWithStops } from '../bookings-repository.ts';
import { holdCar } from '../holds/car-holds.ts';
import { queueBookingReceivedMails } from '../mails/booking-mails.ts';
import { schedulePendingReminders } from '../reminders/booking-reminders.ts';
import { assertWithinCreditLimit, guestValues } from '../company/on-account.ts';
import { billingOfBooking } from '../company/booking-billing.ts';
import { assertPickupStillValid, priceChosenCar, validationError } from './funnel-checks.ts';
import { companyDiscountOf } from '../pricing/company-discount.ts';
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
    assertTextConsentNumber(info.smsConsent, info.phone);
    // A company member's price has the company's discount off (decision 0150).
    const { car, context } = priceChosenCar(await readCatalogue(tx), booking, await companyDiscountOf(tx, booking.userId));
    const price = priceCar(booking, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT, info.returnRent);
    assertBookable(price);
    const { company, companyId, billing } = await billingOfBooking(tx, accountOf(booking), info.billing, info.reference);
    const guest = guestValues(company, info);
    // A member's booking is on the company's account (decision 0142): no deposit, within the credit limit.
    if (company) await assertWithinCreditLimit(tx, company, id, price.totalCents);
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
      // The name the chauffeur shows in the arrivals hall (decision 0133): the passenger's unless another is given.
      signName: hasNameSign(booking.rentFromType) ? (info.signName ?? info.fullName) : null,
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
      depositCents: company ? 0 : price.depositCents,
      companyId,
      billing,
      ...guest,
    };
    const moved = await transitionBooking(tx, id, 'car_selected', 'pending', values);
    if (!moved) throw conflict('invalid_transition');
    await recordTransition(tx, { bookingId: id, from: 'car_selected', to: 'pending', actor: actorOf(auth, booking) });
    // The answer to "texts about my booking" is the account's, remembered for the next booking (decision 0130).
    await recordTextConsent(tx, accountOf(moved), info.smsConsent);
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
