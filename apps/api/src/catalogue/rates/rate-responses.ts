import { z } from 'zod';
import { centsToEuros } from '@vtc/shared/pricing/euros-to-cents';
import { SeasonName } from '@vtc/shared/calendar/season-schemas';
import type { PricingWithRefs } from './rates-repository.ts';

const euros = (description: string) => z.number().nullable().meta({ description: `${description}, in EUR (null when not set)` });
const cents = (description: string) => z.number().int().nullable().meta({ description: `${description}, in integer cents (null when not set)` });

/**
 * A km band of one car in one season, in the spec's naming. Amounts come twice: EUR numbers to
 * fill the form (min_price 65.5) and integer cents (min_price_cents 6550), which are what is stored.
 */
export const PricingItem = z.object({
  id: z.number().int(),
  carId: z.number().int(),
  seasonId: z.number().int(),
  km_start: z.number().int().meta({ description: 'Start of the band, inclusive' }),
  km_end: z.number().int().nullable().meta({ description: 'End of the band, exclusive; null is open ended' }),
  min_price: euros('Fixed day price'),
  price_perKm: euros('Day price per km'),
  min_price_night: euros('Fixed night price'),
  price_night: euros('Night price per km'),
  min_price_cents: cents('Fixed day price'),
  price_per_km_cents: cents('Day price per km'),
  min_price_night_cents: cents('Fixed night price'),
  price_night_cents: cents('Night price per km'),
  car: z.object({ id: z.number().int(), name: z.string(), img_url: z.string().nullable() }),
  season: z.object({ id: z.number().int(), name: SeasonName, start_month: z.number().int(), end_month: z.number().int() }),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type PricingItem = z.infer<typeof PricingItem>;

const toEuros = (value: number | null) => (value === null ? null : centsToEuros(value));

export function toPricingItem(row: PricingWithRefs): PricingItem {
  return {
    id: row.id,
    carId: row.carId,
    seasonId: row.seasonId,
    km_start: row.kmStart,
    km_end: row.kmEnd,
    min_price: toEuros(row.minPriceCents),
    price_perKm: toEuros(row.pricePerKmCents),
    min_price_night: toEuros(row.minPriceNightCents),
    price_night: toEuros(row.priceNightPerKmCents),
    min_price_cents: row.minPriceCents,
    price_per_km_cents: row.pricePerKmCents,
    min_price_night_cents: row.minPriceNightCents,
    price_night_cents: row.priceNightPerKmCents,
    car: { id: row.car.id, name: row.car.name, img_url: row.car.imgUrl },
    season: { id: row.season.id, name: row.season.name, start_month: row.season.startMonth, end_month: row.season.endMonth },
    createdAt: row.createdAt.toISOString(),
  };
}
