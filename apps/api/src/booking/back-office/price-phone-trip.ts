import type { CarOffer } from '@vtc/shared/booking/booking-responses';
import type { PhoneBookingCompany, PhoneTripBody } from '@vtc/shared/booking/phone-booking-schemas';
import { activeCompanyOf } from '../../accounts/companies/company-access.ts';
import { isNightHour } from '@vtc/shared/time/paris-time';
import type { BookingsDeps } from '../booking-deps.ts';
import { toCarOffer } from '../booking-mappers.ts';
import { bookingHoldLegs } from '../holds/car-holds.ts';
import { findBusyCarIds } from '../holds/car-holds-repository.ts';
import { priceCar, pricingContext } from '../pricing/trip-pricing.ts';
import { placeTrip, tripColumns } from '../trip-route.ts';
import { hireColumns } from '../hire/hire-columns.ts';

/**
 * Every car priced for a trip the company is taking by phone (decision 0119), as step two shows
 * them to an admin: with the return when asked, and a car held then by another booking marked
 * car_busy (both legs); for a company member's account, with the company's discount off and the
 * company named (decision 0155). Nothing is written.
 */
export async function pricePhoneTrip(deps: BookingsDeps, body: PhoneTripBody): Promise<{ cars: CarOffer[]; company: PhoneBookingCompany | null }> {
  const trip = await placeTrip(deps, body);
  const catalogue = await deps.caches.catalogue();
  const columns = tripColumns(body, trip, hireColumns(catalogue, body, trip.origin));
  // A company member's prices have the company's discount off, as the site shows them (decision 0155).
  const company = body.userId === undefined ? null : await activeCompanyOf(deps.db, body.userId);
  const context = pricingContext(catalogue, columns, undefined, company?.discountBasisPoints ?? 0);
  const flags = { night: isNightHour(context.pickup.hour), holiday: context.holiday };
  // No booking yet: id 0 excepts none.
  const legs = await bookingHoldLegs(deps.db, deps.config, { ...columns, stops: trip.stops, returnAt: body.returnAt });
  const busy = await findBusyCarIds(deps.db, legs, 0);
  const cars = context.cars.map((car) =>
    toCarOffer(car, priceCar(columns, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT, body.returnRent), flags, busy.has(car.id)),
  );
  return {
    cars,
    company: company && {
      id: company.id,
      legalName: company.legalName,
      discountBasisPoints: company.discountBasisPoints,
      purchaseOrderRequired: company.purchaseOrderRequired,
    },
  };
}
