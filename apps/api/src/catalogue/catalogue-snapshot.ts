import { asc, eq } from 'drizzle-orm';
import type { HolidayRule } from '@vtc/shared/calendar/holiday-rules';
import type { PricingRow, PricingSeason } from '@vtc/shared/pricing/price-trip';
import type { HireRate } from '@vtc/shared/pricing/price-hire';
import type { DbOrTx } from '../platform/db/client.ts';
import { cars, holidays, hourlyRates, pricings, seasons, tourPrices, tours } from '../platform/db/schema.ts';
import { listEntries, type PricingListEntry } from './fixed-routes/fixed-routes-repository.ts';
import { ruleOfRow } from './holidays/holidays-repository.ts';
import { readTogether } from '../platform/db/read-together.ts';

export type CatalogueCar = Pick<typeof cars.$inferSelect, 'id' | 'name' | 'model' | 'seats' | 'packages' | 'imgUrl'>;
export type CarPricingRow = PricingRow & { carId: number };

/** A tour as a booking needs it (issue 22): hidden ones too, for the bookings made before. */
export type CatalogueTour = {
  id: number;
  name: { fr: string; en: string; ar: string };
  durationHours: number;
  hidden: boolean;
  departures: readonly { name: string; lat: number; lon: number }[];
  /** Price in cents: car id → season id → cents. */
  prices: ReadonlyMap<number, ReadonlyMap<number, number>>;
};

/**
 * Everything prices are computed from, and the public price list: small tables the company
 * edits from the back office, read whole and kept in memory (decision 0026). Never mutated.
 */
export type Catalogue = {
  /** The cars customers may book, in fleet order (id): hidden cars are left out (decision 0074). */
  cars: readonly CatalogueCar[];
  /** By id: the first holding a month is the one `findSeason` picks. */
  seasons: readonly PricingSeason[];
  /** Each car's pricing bands, by km start. */
  pricingsByCar: ReadonlyMap<number, readonly CarPricingRow[]>;
  holidays: readonly HolidayRule[];
  /** The fixed-price routes with the prices of the cars customers may book, by origin then destination. */
  priceList: readonly PricingListEntry[];
  /** The price (cents) of a car on a price-list route: entry id → car id → cents. */
  routePrices: ReadonlyMap<number, ReadonlyMap<number, number>>;
  /** Each car's hire rates, one per season (issue 22). */
  hireRatesByCar: ReadonlyMap<number, readonly HireRate[]>;
  /** Every tour by id, hidden ones included (`hidden` says so). */
  tours: ReadonlyMap<number, CatalogueTour>;
};

/** Reads the whole catalogue (eight small queries, run together outside a transaction). */
export async function readCatalogue(db: DbOrTx): Promise<Catalogue> {
  const [carRows, seasonRows, pricingRows, holidayRows, allEntries, rateRows, tourRows, tourPriceRows] = await readTogether(db, [
    () =>
      db
        .select({ id: cars.id, name: cars.name, model: cars.model, seats: cars.seats, packages: cars.packages, imgUrl: cars.imgUrl })
        .from(cars)
        .where(eq(cars.hidden, false))
        .orderBy(asc(cars.id)),
    () =>
      db
        .select({ id: seasons.id, name: seasons.name, startMonth: seasons.startMonth, endMonth: seasons.endMonth })
        .from(seasons)
        .orderBy(asc(seasons.id)),
    () =>
      db
        .select({
          carId: pricings.carId,
          seasonId: pricings.seasonId,
          kmStart: pricings.kmStart,
          kmEnd: pricings.kmEnd,
          minPriceCents: pricings.minPriceCents,
          pricePerKmCents: pricings.pricePerKmCents,
          minPriceNightCents: pricings.minPriceNightCents,
          priceNightPerKmCents: pricings.priceNightPerKmCents,
        })
        .from(pricings)
        .orderBy(asc(pricings.carId), asc(pricings.kmStart), asc(pricings.id)),
    () => db.select({ kind: holidays.kind, day: holidays.day, month: holidays.month, easterOffset: holidays.easterOffset }).from(holidays),
    () => listEntries(db, {}),
    () =>
      db
        .select({
          carId: hourlyRates.carId,
          seasonId: hourlyRates.seasonId,
          pricePerHourCents: hourlyRates.pricePerHourCents,
          minHours: hourlyRates.minHours,
          kmIncludedPerHour: hourlyRates.kmIncludedPerHour,
          pricePerExtraKmCents: hourlyRates.pricePerExtraKmCents,
          pricePerDayCents: hourlyRates.pricePerDayCents,
        })
        .from(hourlyRates)
        .orderBy(asc(hourlyRates.carId), asc(hourlyRates.seasonId)),
    () =>
      db
        .select({
          id: tours.id,
          nameFr: tours.nameFr,
          nameEn: tours.nameEn,
          nameAr: tours.nameAr,
          durationHours: tours.durationHours,
          hidden: tours.hidden,
          departures: tours.departures,
        })
        .from(tours)
        .orderBy(asc(tours.id)),
    () => db.select({ tourId: tourPrices.tourId, carId: tourPrices.carId, seasonId: tourPrices.seasonId, priceCents: tourPrices.priceCents }).from(tourPrices),
  ]);
  const offered = new Set(carRows.map((car) => car.id));
  const priceList = allEntries.map((entry) => ({ ...entry, prices: entry.prices.filter((price) => offered.has(price.car.id)) }));
  const pricingsByCar = new Map<number, CarPricingRow[]>();
  for (const row of pricingRows) if (offered.has(row.carId)) pricingsByCar.set(row.carId, [...(pricingsByCar.get(row.carId) ?? []), row]);
  const routePrices = new Map(
    priceList.map((entry) => [entry.id, new Map(entry.prices.map((price) => [price.car.id, price.priceCents]))] as const),
  );
  const hireRatesByCar = new Map<number, HireRate[]>();
  for (const { carId, ...rate } of rateRows) if (offered.has(carId)) hireRatesByCar.set(carId, [...(hireRatesByCar.get(carId) ?? []), rate]);
  const pricesByTour = new Map<number, Map<number, Map<number, number>>>();
  for (const row of tourPriceRows) {
    if (!offered.has(row.carId)) continue;
    const byCar = pricesByTour.get(row.tourId) ?? new Map<number, Map<number, number>>();
    byCar.set(row.carId, (byCar.get(row.carId) ?? new Map<number, number>()).set(row.seasonId, row.priceCents));
    pricesByTour.set(row.tourId, byCar);
  }
  const tourMap = new Map(
    tourRows.map((tour) => [
      tour.id,
      {
        id: tour.id,
        name: { fr: tour.nameFr, en: tour.nameEn, ar: tour.nameAr },
        durationHours: tour.durationHours,
        hidden: tour.hidden,
        departures: tour.departures,
        prices: pricesByTour.get(tour.id) ?? new Map(),
      } satisfies CatalogueTour,
    ]),
  );
  return {
    cars: carRows,
    seasons: seasonRows,
    pricingsByCar,
    holidays: holidayRows.map(ruleOfRow),
    priceList,
    routePrices,
    hireRatesByCar,
    tours: tourMap,
  };
}
