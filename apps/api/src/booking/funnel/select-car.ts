import { canChangeCar } from '@vtc/shared/booking/booking-transitions';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import { readCatalogue } from '../../catalogue/catalogue-snapshot.ts';
import { actorOf, funnelAccessOf, type FunnelCaller } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { lockBooking, recordTransition, transitionBooking, updateBooking, type BookingWithStops } from '../bookings-repository.ts';
import { assertCarFree } from '../holds/car-holds.ts';
import { assertPickupStillValid } from './funnel-checks.ts';
import { companyDiscountOf } from '../pricing/company-discount.ts';
import { assertBookable, priceCar, pricingContext } from '../pricing/trip-pricing.ts';

/**
 * Step two's choice: the car must exist (404 car_not_exist), take the party (400
 * car_not_allowed) and have a price for the trip (409 no_season / no_pricing_band). Its one-way
 * price is stored; draft moves to car_selected, a car_selected booking just changes car.
 */
export async function selectCar(deps: BookingsDeps, caller: FunnelCaller, bookingId: number, carId: number): Promise<BookingWithStops> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId, funnelAccessOf(caller));
    if (!booking) throw notFound('booking_not_found');
    if (!canChangeCar(booking.status)) throw conflict('invalid_transition');
    assertPickupStillValid(booking);
    // A price that is stored is computed from the database of record, not from memory.
    const context = pricingContext(await readCatalogue(tx), booking, carId, await companyDiscountOf(tx, booking.userId));
    const car = context.cars[0];
    if (!car) throw notFound('car_not_exist');
    const price = priceCar(booking, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT);
    assertBookable(price);
    await assertCarFree(tx, deps.config, { ...booking, returnAt: null }, car.id);
    const values = {
      carId: car.id,
      oneWayCents: price.oneWayCents,
      holidaySurchargeCents: price.holidaySurchargeCents,
      totalCents: price.totalCents,
      depositCents: price.depositCents,
    };
    if (booking.status === 'car_selected') return { ...(await updateBooking(tx, booking.id, values)), stops: booking.stops };
    const moved = await transitionBooking(tx, booking.id, 'draft', 'car_selected', values);
    if (!moved) throw conflict('invalid_transition');
    await recordTransition(tx, { bookingId: booking.id, from: 'draft', to: 'car_selected', actor: actorOf(caller.auth, booking) });
    return { ...moved, stops: booking.stops };
  });
}
