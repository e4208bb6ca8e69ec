import type { z } from 'zod';
import { canUpdateBookingInfo } from '@vtc/shared/booking/booking-transitions';
import { isPickupTimeValid } from '@vtc/shared/time/paris-time';
import { AppError, conflict, fieldError } from '../../platform/lib/app-error.ts';
import type { Catalogue } from '../../catalogue/catalogue-snapshot.ts';
import type { BookingRow, BookingWithStops } from '../bookings-repository.ts';
import type { CarForPricing } from '../pricing/route-prices.ts';
import { pricingContext, type PricingContext } from '../pricing/trip-pricing.ts';

/** Zod issues as the 400 the error plugin would give: the first message per field. */
export function validationError(error: z.ZodError): AppError {
  const seen = new Set<string>();
  const fieldErrors = error.issues
    .map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
    .filter((e) => !seen.has(e.path) && seen.add(e.path));
  return new AppError(400, 'validation_failed', {}, fieldErrors);
}

/**
 * The 2-hour lead time (decisions 4) holds at every step that moves the booking forward, not only
 * at step one: a draft left open must not be confirmed once its pickup is near or past.
 */
export function assertPickupStillValid(booking: Pick<BookingRow, 'pickupAt'>, now: Date = new Date()): void {
  if (!isPickupTimeValid(booking.pickupAt, now)) throw fieldError('date', 'time_not_valid');
}

/** The chosen car of a booking that may still be confirmed, with its prices now; 409 otherwise. */
export function priceChosenCar(catalogue: Catalogue, booking: BookingWithStops, discountBasisPoints = 0): { car: CarForPricing; context: PricingContext } {
  if (!canUpdateBookingInfo(booking.status) || booking.carId === null) throw conflict('invalid_transition');
  const context = pricingContext(catalogue, booking, booking.carId, discountBasisPoints);
  const car = context.cars[0];
  if (!car) throw conflict('invalid_transition');
  return { car, context };
}
