import { z } from 'zod';
import { centsToEuros } from '@vtc/shared/pricing/euros-to-cents';
import { listResponse } from '../../platform/lib/api-schemas.ts';
import type { CarRow } from '../cars/cars-repository.ts';
import type { PricingListEntry } from './fixed-routes-repository.ts';

/** A fixed-price route with the price of each car that serves it. */
export const PricingListItem = z.object({
  id: z.number().int(),
  origin: z.object({ id: z.number().int(), name: z.string(), title: z.string().nullable() }),
  destination: z.object({ id: z.number().int(), name: z.string() }),
  place_to: z.string().nullable().meta({ description: 'Free-text label of the destination' }),
  pricingCars: z.array(
    z.object({
      id: z.number().int(),
      price: z.number().meta({ description: 'EUR' }),
      price_cents: z.number().int(),
      car: z.object({ id: z.number().int(), name: z.string(), img_url: z.string().nullable() }),
    }),
  ),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type PricingListItem = z.infer<typeof PricingListItem>;

/** The public price list: `{ data: [...] }`. */
export const PricingListResponse = listResponse(PricingListItem);

export function toPricingListItem(entry: PricingListEntry): PricingListItem {
  return {
    id: entry.id,
    origin: entry.origin,
    destination: entry.destination,
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

/** A car as a column of the public price list. */
export const PriceListCar = z.object({
  id: z.number().int(),
  name: z.string(),
  img_url: z.string().nullable(),
  seats: z.number().int(),
  packages: z.number().int(),
});

export const toPriceListCar = (car: CarRow): z.infer<typeof PriceListCar> => ({
  id: car.id,
  name: car.name,
  img_url: car.imgUrl,
  seats: car.seats,
  packages: car.packages,
});
