import { centsToEuros } from '@vtc/shared/pricing/euros-to-cents';
import type { PricingWithRefs } from './rates-repository.ts';
import type { PricingItem } from '@vtc/shared/pricing/pricing-responses';

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
