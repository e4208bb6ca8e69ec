import { waitingMinutesAt } from '@vtc/shared/booking/waiting-time';
import { toBillingDetails } from '../../accounts/companies/company-mappers.ts';
import { findUserById } from '../../accounts/users/users-repository.ts';
import { getBookingOr404, funnelAccessOf, type FunnelCaller } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { toBookingInfo, toBookingSummary, toCarSummary } from '../booking-mappers.ts';
import { bookingTerms, waitingMinutes } from '../booking-terms.ts';
import { billingDefaults } from '../company/booking-billing.ts';
import { priceChosenCar } from './funnel-checks.ts';
import { companyDiscountOf } from '../pricing/company-discount.ts';
import { assertBookable, priceCar } from '../pricing/trip-pricing.ts';

/** Step three: the booking, its car, the one-way and round-trip prices, and the form's defaults. */
export async function getStepThree(deps: BookingsDeps, caller: FunnelCaller, id: number) {
  const booking = await getBookingOr404(deps.db, id, funnelAccessOf(caller));
  const [catalogue, owner] = await Promise.all([
    deps.caches.catalogue(),
    booking.userId === null ? undefined : findUserById(deps.db, booking.userId),
  ]);
  const { car, context } = priceChosenCar(catalogue, booking, await companyDiscountOf(deps.db, booking.userId));
  const oneWay = priceCar(booking, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT);
  const roundTrip = priceCar(booking, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT, true);
  assertBookable(oneWay);
  assertBookable(roundTrip);
  const terms = bookingTerms(deps.config, booking);
  const { billing, company } = await billingDefaults(deps.db, booking, owner?.billing ?? null);
  return {
    ...toBookingSummary(booking, catalogue),
    car: toCarSummary(car),
    price: oneWay.totalCents / 100,
    price_cents: oneWay.totalCents,
    deposit: oneWay.depositCents / 100,
    deposit_cents: oneWay.depositCents,
    round_trip_price: roundTrip.totalCents / 100,
    round_trip_price_cents: roundTrip.totalCents,
    round_trip_deposit: roundTrip.depositCents / 100,
    round_trip_deposit_cents: roundTrip.depositCents,
    night: oneWay.night,
    holiday: oneWay.holiday,
    holiday_surcharge_percent: deps.config.HOLIDAY_SURCHARGE_PERCENT,
    source: oneWay.source,
    customer: {
      fullName: booking.fullName ?? owner?.fullName ?? '',
      email: booking.email ?? owner?.email ?? '',
      phone: booking.phone ?? owner?.phone ?? '',
      smsConsent: Boolean(owner?.smsConsentAt),
    },
    info: toBookingInfo(booking),
    waiting_minutes: terms.waitingMinutes,
    return_waiting_minutes: waitingMinutesAt(booking.rentToType, waitingMinutes(deps.config)),
    free_cancellation_until: terms.freeCancellationUntil.toISOString(),
    billing: billing && toBillingDetails(billing),
    company: company && { id: company.id, legalName: company.legalName, purchaseOrderRequired: company.purchaseOrderRequired, costCentres: company.costCentres },
  };
}
