import { centsToEuros } from '@vtc/shared/pricing/euros-to-cents';
import type { HourlyRateItem } from '@vtc/shared/pricing/pricing-responses';
import type { HourlyRateWithRefs } from './hire-rates-repository.ts';

export function toHourlyRateItem(row: HourlyRateWithRefs): HourlyRateItem {
  return {
    id: row.id,
    carId: row.carId,
    seasonId: row.seasonId,
    pricePerHour: centsToEuros(row.pricePerHourCents),
    pricePerHourCents: row.pricePerHourCents,
    minHours: row.minHours,
    kmIncludedPerHour: row.kmIncludedPerHour,
    pricePerExtraKm: centsToEuros(row.pricePerExtraKmCents),
    pricePerExtraKmCents: row.pricePerExtraKmCents,
    pricePerDay: row.pricePerDayCents === null ? null : centsToEuros(row.pricePerDayCents),
    pricePerDayCents: row.pricePerDayCents,
    car: { id: row.car.id, name: row.car.name, img_url: row.car.imgUrl },
    season: { id: row.season.id, name: row.season.name, start_month: row.season.startMonth, end_month: row.season.endMonth },
    createdAt: row.createdAt.toISOString(),
  };
}
