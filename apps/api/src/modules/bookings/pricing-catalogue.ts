import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PricingRow, PricingSeason } from '@vtc/shared/pricing/price-trip';
import type { DbOrTx } from '../../db/client';
import { cars, destinations, holidays, origins, pricingListEntries, pricingListPrices, pricings, seasons } from '../../db/schema';
import { prepareOnce } from './prepared-statements';
import { pickRoute, routeMatchKeySql } from './route-match';

/** A car as pricing needs it, with its price-list price on the booking's route (null: none). */
export type CarForPricing = Pick<typeof cars.$inferSelect, 'id' | 'name' | 'model' | 'seats' | 'packages' | 'imgUrl'> & {
  routePriceCents: number | null;
};
export type CarPricingRow = PricingRow & { carId: number };

/** Everything a trip's price reads from the catalogue. */
export type PricingCatalogue = {
  /** The cars (or the one asked for), in fleet order. */
  cars: CarForPricing[];
  /** The season of the pickup month; null when no season covers it. */
  season: PricingSeason | null;
  /** That season's pricing rows of those cars. */
  rows: CarPricingRow[];
  holiday: boolean;
};

const placeholder = {
  month: sql.placeholder('month'),
  day: sql.placeholder('day'),
  entryId: sql.placeholder('entryId'),
  carId: sql.placeholder('carId'),
};

const monthInSeason = sql`case when ${seasons.startMonth} <= ${seasons.endMonth} then ${placeholder.month} between ${seasons.startMonth} and ${seasons.endMonth} else (${placeholder.month} >= ${seasons.startMonth} or ${placeholder.month} <= ${seasons.endMonth}) end`;

/** The season holding the month: the lowest id if several do, as `findSeason` does in the order of ids. */
const firstSeason = (db: DbOrTx) => db.select({ id: seasons.id }).from(seasons).where(monthInSeason).orderBy(asc(seasons.id)).limit(1);

/**
 * One row per car and pricing band: the car, its price on the price-list route, the season of
 * the month (joined to every row), that season's bands of the car, and whether the day is a
 * holiday. Small catalogue tables, all joined on keys: one round trip for the whole step two.
 */
const catalogueQuery = (db: DbOrTx, oneCar: boolean) =>
  db
    .select({
      car: { id: cars.id, name: cars.name, model: cars.model, seats: cars.seats, packages: cars.packages, imgUrl: cars.imgUrl },
      routePriceCents: pricingListPrices.priceCents,
      season: { id: seasons.id, name: seasons.name, startMonth: seasons.startMonth, endMonth: seasons.endMonth },
      holiday: sql<boolean>`exists (select 1 from ${holidays} where ${holidays.month} = ${placeholder.month} and ${holidays.day} = ${placeholder.day})`,
      pricing: {
        carId: pricings.carId,
        seasonId: pricings.seasonId,
        kmStart: pricings.kmStart,
        kmEnd: pricings.kmEnd,
        minPriceCents: pricings.minPriceCents,
        pricePerKmCents: pricings.pricePerKmCents,
        minPriceNightCents: pricings.minPriceNightCents,
        priceNightPerKmCents: pricings.priceNightPerKmCents,
      },
    })
    .from(cars)
    .leftJoin(pricingListPrices, and(eq(pricingListPrices.carId, cars.id), eq(pricingListPrices.entryId, placeholder.entryId)))
    .leftJoin(seasons, sql`${seasons.id} = (${firstSeason(db)})`)
    .leftJoin(pricings, and(eq(pricings.carId, cars.id), eq(pricings.seasonId, seasons.id)))
    .where(oneCar ? eq(cars.id, placeholder.carId) : undefined)
    .orderBy(asc(cars.id), asc(pricings.kmStart))
    .prepare(oneCar ? 'pricing_catalogue_of_car' : 'pricing_catalogue');

/**
 * The catalogue a trip is priced from, for every car or one (`carId`): the pickup's Paris month
 * and day pick the season and the holiday; `entryId` is the booking's price-list route.
 */
export async function loadCatalogue(
  db: DbOrTx,
  query: { month: number; day: number; entryId: number | null; carId?: number },
): Promise<PricingCatalogue> {
  const values = { month: query.month, day: query.day, entryId: query.entryId };
  const rows =
    query.carId === undefined
      ? await prepareOnce(db, 'pricing_catalogue', (d) => catalogueQuery(d, false)).execute(values)
      : await prepareOnce(db, 'pricing_catalogue_of_car', (d) => catalogueQuery(d, true)).execute({ ...values, carId: query.carId });
  const byId = new Map<number, CarForPricing>();
  for (const row of rows) {
    if (!byId.has(row.car.id)) byId.set(row.car.id, { ...row.car, routePriceCents: row.routePriceCents });
  }
  return {
    cars: [...byId.values()],
    season: rows[0]?.season ?? null,
    rows: rows.flatMap((row) => (row.pricing ? [row.pricing] : [])),
    holiday: rows[0]?.holiday ?? false,
  };
}

/** A car's summary for pages that show it without pricing it. */
export async function findCar(db: DbOrTx, id: number): Promise<Omit<CarForPricing, 'routePriceCents'> | undefined> {
  const [row] = await db
    .select({ id: cars.id, name: cars.name, model: cars.model, seats: cars.seats, packages: cars.packages, imgUrl: cars.imgUrl })
    .from(cars)
    .where(eq(cars.id, id))
    .limit(1);
  return row;
}

const originName = routeMatchKeySql(origins.name);
const originTitle = routeMatchKeySql(origins.title);
const destinationName = routeMatchKeySql(destinations.name);
const placeTo = routeMatchKeySql(pricingListEntries.placeTo);
const anyKey = (key: SQL, list: string) => sql`${key} = any(${sql.placeholder(list)}::text[])`;

const matchingRoutes = (db: DbOrTx) =>
  db
    .select({ entryId: pricingListEntries.id, originName, originTitle, destinationName, placeTo })
    .from(pricingListEntries)
    .innerJoin(origins, eq(origins.id, pricingListEntries.originId))
    .innerJoin(destinations, eq(destinations.id, pricingListEntries.destinationId))
    .where(
      and(
        or(anyKey(originName, 'originKeys'), anyKey(originTitle, 'originKeys')),
        or(anyKey(destinationName, 'destinationKeys'), anyKey(placeTo, 'destinationKeys')),
      ),
    )
    .prepare('matching_routes');

/**
 * The price-list route of a trip (decision 0020): the entry whose origin and destination match
 * the places' keys, the most specific match first; null when none does. Run once, at step one.
 */
export async function findRouteEntry(db: DbOrTx, originKeys: readonly string[], destinationKeys: readonly string[]): Promise<number | null> {
  if (originKeys.length === 0 || destinationKeys.length === 0) return null;
  const rows = await prepareOnce(db, 'matching_routes', matchingRoutes).execute({
    originKeys: [...originKeys],
    destinationKeys: [...destinationKeys],
  });
  const best = pickRoute(
    rows.map((row) => ({
      entryId: row.entryId,
      originKeys: [row.originName, row.originTitle].filter((key): key is string => Boolean(key)),
      destinationKeys: [row.destinationName, row.placeTo].filter((key): key is string => Boolean(key)),
    })),
    originKeys,
    destinationKeys,
  );
  return best?.entryId ?? null;
}
