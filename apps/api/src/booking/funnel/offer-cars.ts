import { StepTwoResponse, type CarOffer, type StepTwoContact } from '@vtc/shared/booking/booking-responses';
import { checkCarFits, type Party } from '@vtc/shared/pricing/check-car-fits';
import { splitParty } from '@vtc/shared/pricing/split-party';
import { isNightHour } from '@vtc/shared/time/paris-time';
import { notFound } from '../../platform/lib/app-error.ts';
import { toJson } from '../../platform/lib/json-reply.ts';
import type { Catalogue } from '../../catalogue/catalogue-snapshot.ts';
import { canSee, funnelAccessOf, type FunnelCaller } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { toBookingSummary, toCarOffer } from '../booking-mappers.ts';
import type { BookingWithStops } from '../bookings-repository.ts';
import { bookingHoldLegs } from '../holds/car-holds.ts';
import { findBusyCarIds } from '../holds/car-holds-repository.ts';
import { companyDiscountOf } from '../pricing/company-discount.ts';
import { priceCar, pricingContext } from '../pricing/trip-pricing.ts';
import { partyOf } from '../booking-party.ts';

/** Step two's answers, by booking and audience as cached: made again when the catalogue or the holds have changed since. */
const stepTwoAnswers = new WeakMap<BookingWithStops, Map<StepTwoAudience, { catalogue: Catalogue; holds: object; json: string }>>();

type StepTwoAudience = 'customer' | 'admin';

/** Reasons that speak of the company's price list, not of the customer's trip: never shown to a customer (decision 0100). */
const INTERNAL_REASONS: ReadonlySet<string> = new Set(['no_season', 'no_pricing_band', 'no_hire_rate', 'no_tour_price']);

/**
 * The cars a caller is shown and the way forward when none can be chosen (decision 0100). A
 * customer does not see the cars the price list cannot price; an admin does, with the reason.
 */
function stepTwoOffers(offers: CarOffer[], party: Party, audience: StepTwoAudience): { cars: CarOffer[]; contact: StepTwoContact } {
  const cars = audience === 'admin' ? offers : offers.filter((offer) => !(offer.reason && INTERNAL_REASONS.has(offer.reason)));
  // Judged on the cars this caller can choose from: a car the price list leaves out takes no one.
  const partyTooLarge = !cars.some((offer) => checkCarFits(offer, party));
  const split = partyTooLarge ? splitParty(cars, party).map(({ id, name, seats, packages }) => ({ id, name, seats, packages })) : [];
  return { cars, contact: { offered: !cars.some((offer) => offer.allowed), party_too_large: partyTooLarge, split } };
}

/**
 * Step two: the booking and every car priced for it, as the response's JSON. From memory while
 * the caches hold the booking and the catalogue, and made once per version of both (decision 0026).
 */
export async function getStepTwoJson(deps: BookingsDeps, caller: FunnelCaller, id: number): Promise<string> {
  const booking = await deps.caches.booking(id);
  if (!booking || !canSee(funnelAccessOf(caller), booking)) throw notFound('booking_not_found');
  const audience: StepTwoAudience = caller.auth?.role === 'admin' ? 'admin' : 'customer';
  const catalogue = await deps.caches.catalogue();
  // Taken before the holds are read: a change announced meanwhile makes the answer stale at once.
  const holds = deps.caches.holdsVersion();
  const answers = stepTwoAnswers.get(booking) ?? new Map();
  const known = answers.get(audience);
  if (known?.catalogue === catalogue && known.holds === holds) return known.json;
  // A company member sees the company's discount off each price (decision 0150).
  const context = pricingContext(catalogue, booking, undefined, await companyDiscountOf(deps.db, booking.userId));
  const flags = { night: isNightHour(context.pickup.hour), holiday: context.holiday };
  // Only the outbound leg: the return trip is chosen at step three, which checks it again.
  const busy = await findBusyCarIds(deps.db, await bookingHoldLegs(deps.db, deps.config, { ...booking, returnAt: null }), booking.id);
  const offers: CarOffer[] = context.cars.map((car) =>
    toCarOffer(car, priceCar(booking, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT), flags, busy.has(car.id)),
  );
  const json = toJson(StepTwoResponse, { booking: toBookingSummary(booking, catalogue), ...stepTwoOffers(offers, partyOf(booking), audience) });
  answers.set(audience, { catalogue, holds, json });
  stepTwoAnswers.set(booking, answers);
  return json;
}
