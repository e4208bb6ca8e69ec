import { isHoliday } from '@vtc/shared/calendar/holiday-rules';
import type { Party } from '@vtc/shared/pricing/check-car-fits';
import { priceTrip, type TripPrice } from '@vtc/shared/pricing/price-trip';
import { getParisParts, type ParisParts } from '@vtc/shared/time/paris-time';
import type { Catalogue } from '../../catalogue/catalogue-snapshot.ts';
import type { CarForPricing } from './route-prices.ts';

/** The parts of a booking its price depends on. */
export type TripForPricing = {
  pickupAt: Date;
  distanceKm: number;
  adults: number;
  children: number;
  luggageUnder10kg: number;
  luggageAbove10kg: number;
  luggageAbove30kg: number;
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

/** The people and luggage a car must take for this trip. */
export function partyOf(trip: TripForPricing): Party {
  return {
    adults: trip.adults,
    children: trip.children,
    luggage: { under10kg: trip.luggageUnder10kg, above10kg: trip.luggageAbove10kg, above30kg: trip.luggageAbove30kg },
  };
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
