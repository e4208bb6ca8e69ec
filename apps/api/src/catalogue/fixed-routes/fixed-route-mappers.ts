import { centsToEuros } from '@vtc/shared/pricing/euros-to-cents';
import type { CarRow } from '../cars/cars-repository.ts';
import { locateDestination } from '../places/locate-destination.ts';
import type { PricingListEntry } from './fixed-routes-repository.ts';
import type { PriceListCar, PricingListItem } from '@vtc/shared/pricing/pricing-responses';

export function toPricingListItem(entry: PricingListEntry): PricingListItem {
  return {
    id: entry.id,
    origin: entry.origin,
    destination: { ...entry.destination, ...locateDestination(entry.destination.name) },
    place_to: entry.placeTo,
    pricingCars: entry.prices.map((price) => ({
      id: price.id,
      price: centsToEuros(price.priceCents),
      price_cents: price.priceCents,
      car: { id: price.car.id, name: price.car.name, img_url: price.car.imgUrl },
    })),
    createdAt: entry.createdAt.toISOString(),
  };
}

export const toPriceListCar = (car: CarRow): PriceListCar => ({
  id: car.id,
  name: car.name,
  img_url: car.imgUrl,
  seats: car.seats,
  packages: car.packages,
});
