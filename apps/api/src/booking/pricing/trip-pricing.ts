import { isHoliday } from '@vtc/shared/calendar/holiday-rules';
import { priceTrip, type TripPrice } from '@vtc/shared/pricing/price-trip';
import { getParisParts, type ParisParts } from '@vtc/shared/time/paris-time';
import { AppError } from '../../platform/lib/app-error.ts';
import type { Catalogue } from '../../catalogue/catalogue-snapshot.ts';
import { partyOf, type PartyColumns } from '../booking-party.ts';
import type { CarForPricing } from './route-prices.ts';

/** The parts of a booking its price depends on. */
export type TripForPricing = PartyColumns & {
  pickupAt: Date;
  distanceKm: number;
  /** The price-list route matched at step one (decision 0020). */
  priceListEntryId: number | null;
};

export type PricingContext = {
  catalogue: Catalogue;
  /** The cars (or the one asked for), in fleet order, with their price on the trip's route. */
  cars: CarForPricing[];
  pickup: ParisParts;
  /** Whether the Paris pickup day is a holiday. */
  holiday: boolean;
};

/** What a trip is priced from, for every car or one (`carId`; none when it does not exist). */
export function pricingContext(catalogue: Catalogue, trip: TripForPricing, carId?: number): PricingContext {
  const pickup = getParisParts(trip.pickupAt);
  const routePrices = trip.priceListEntryId === null ? undefined : catalogue.routePrices.get(trip.priceListEntryId);
  const cars = catalogue.cars
    .filter((car) => carId === undefined || car.id === carId)
    .map((car) => ({ ...car, routePriceCents: routePrices?.get(car.id) ?? null }));
  const holiday = isHoliday(catalogue.holidays, pickup);
  return { catalogue, cars, pickup, holiday };
}

/** One car's price for the trip, by the shared rule (decisions 3). */
export function priceCar(
  trip: TripForPricing,
  car: Pick<CarForPricing, 'id' | 'seats' | 'packages' | 'routePriceCents'>,
  context: PricingContext,
  holidaySurchargePercent: number,
  returnTrip = false,
): TripPrice {
  return priceTrip({
    distanceKm: trip.distanceKm,
    pickup: context.pickup,
    car,
    party: partyOf(trip),
    fixedRoutePriceCents: car.routePriceCents,
    seasons: context.catalogue.seasons,
    pricings: context.catalogue.pricingsByCar.get(car.id) ?? [],
    holidays: context.catalogue.holidays,
    holidaySurchargePercent,
    returnTrip,
  });
}

/** A car without a price for the trip is refused: 400 car_not_allowed, 409 no_season / no_pricing_band. */
export function assertBookable(price: TripPrice): asserts price is Extract<TripPrice, { bookable: true }> {
  if (!price.bookable) throw new AppError(price.reason === 'car_not_allowed' ? 400 : 409, price.reason);
}
