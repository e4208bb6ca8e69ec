import { priceTrip, type TripPrice } from '@vtc/shared/pricing/price-trip';
import { getParisParts, type ParisParts } from '@vtc/shared/time/paris-time';
import type { DbOrTx } from '../../db/client';
import { loadCatalogue, type CarForPricing, type PricingCatalogue } from './pricing-catalogue';

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

export type PricingContext = PricingCatalogue & { pickup: ParisParts };

/** The catalogue for the trip's Paris pickup month and day and its route, of every car or one. */
export async function loadPricingContext(db: DbOrTx, trip: TripForPricing, carId?: number): Promise<PricingContext> {
  const pickup = getParisParts(trip.pickupAt);
  const catalogue = await loadCatalogue(db, { month: pickup.month, day: pickup.day, entryId: trip.priceListEntryId, carId });
  return { ...catalogue, pickup };
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
    party: {
      adults: trip.adults,
      children: trip.children,
      luggage: { under10kg: trip.luggageUnder10kg, above10kg: trip.luggageAbove10kg, above30kg: trip.luggageAbove30kg },
    },
    fixedRoutePriceCents: car.routePriceCents,
    seasons: context.season ? [context.season] : [],
    pricings: context.rows.filter((row) => row.carId === car.id),
    holidays: context.holiday ? [{ day: context.pickup.day, month: context.pickup.month }] : [],
    holidaySurchargePercent,
    returnTrip,
  });
}
