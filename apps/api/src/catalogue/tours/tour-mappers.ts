import type { TourItem } from '@vtc/shared/tours/tour-responses';
import { centsToEuros } from '@vtc/shared/pricing/euros-to-cents';
import { findSeason } from '@vtc/shared/pricing/find-season';
import type { TourPriceWithRefs, TourRow } from './tours-repository.ts';

/**
 * A tour as the API answers it. `prices` are the visible cars' prices in the season of
 * `month` (the Paris month of today), cheapest first; `seasonPrices` every price.
 */
export function toTourItem(row: TourRow, prices: readonly TourPriceWithRefs[], month: number): TourItem {
  const own = prices.filter((price) => price.tourId === row.id);
  const season = findSeason(
    month,
    own.map((price) => ({ id: price.seasonId, name: price.season.name, startMonth: price.season.startMonth, endMonth: price.season.endMonth })),
  );
  return {
    id: row.id,
    name: { fr: row.nameFr, en: row.nameEn, ar: row.nameAr },
    description: { fr: row.descriptionFr, en: row.descriptionEn, ar: row.descriptionAr },
    durationHours: row.durationHours,
    imgUrl: row.imgUrl,
    hidden: row.hidden,
    departures: row.departures,
    visits: row.visits,
    prices: own
      .filter((price) => season !== undefined && price.seasonId === season.id && !price.car.hidden)
      .sort((a, b) => a.priceCents - b.priceCents || a.carId - b.carId)
      .map((price) => ({
        carId: price.carId,
        carName: price.car.name,
        seats: price.car.seats,
        packages: price.car.packages,
        price: centsToEuros(price.priceCents),
        priceCents: price.priceCents,
      })),
    seasonPrices: own.map((price) => ({
      carId: price.carId,
      seasonId: price.seasonId,
      seasonName: price.season.name,
      price: centsToEuros(price.priceCents),
      priceCents: price.priceCents,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}
