import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { cars, seasons, tourPrices, tours } from '../../platform/db/schema.ts';

export type TourRow = typeof tours.$inferSelect;
export type TourValues = Omit<TourRow, 'id' | 'createdAt' | 'updatedAt'>;
export type TourPriceWithRefs = {
  tourId: number;
  carId: number;
  seasonId: number;
  priceCents: number;
  car: Pick<typeof cars.$inferSelect, 'name' | 'seats' | 'packages' | 'hidden'>;
  season: Pick<typeof seasons.$inferSelect, 'name' | 'startMonth' | 'endMonth'>;
};

/** Tours in creation order; only the visible ones unless `includeHidden`. */
export async function listTours(db: DbOrTx, options: { includeHidden: boolean; id?: number }): Promise<TourRow[]> {
  const conditions: SQL[] = [];
  if (!options.includeHidden) conditions.push(eq(tours.hidden, false));
  if (options.id !== undefined) conditions.push(eq(tours.id, options.id));
  return db
    .select()
    .from(tours)
    .where(and(...conditions))
    .orderBy(asc(tours.id));
}

/** The prices of some tours with their car and season. */
export async function listTourPrices(db: DbOrTx, tourIds: readonly number[]): Promise<TourPriceWithRefs[]> {
  if (tourIds.length === 0) return [];
  const rows = await db
    .select({
      tourId: tourPrices.tourId,
      carId: tourPrices.carId,
      seasonId: tourPrices.seasonId,
      priceCents: tourPrices.priceCents,
      car: { name: cars.name, seats: cars.seats, packages: cars.packages, hidden: cars.hidden },
      season: { name: seasons.name, startMonth: seasons.startMonth, endMonth: seasons.endMonth },
    })
    .from(tourPrices)
    .innerJoin(cars, eq(cars.id, tourPrices.carId))
    .innerJoin(seasons, eq(seasons.id, tourPrices.seasonId))
    .where(inArray(tourPrices.tourId, [...tourIds]))
    .orderBy(asc(tourPrices.tourId), asc(tourPrices.seasonId), asc(tourPrices.carId));
  return rows;
}

/** The tour's row, locked until the transaction ends. */
export async function lockTour(db: DbOrTx, id: number): Promise<TourRow | undefined> {
  const [row] = await db.select().from(tours).where(eq(tours.id, id)).for('update');
  return row;
}

export async function insertTour(db: DbOrTx, values: TourValues): Promise<TourRow> {
  const [row] = await db.insert(tours).values(values).returning();
  if (!row) throw new Error('tour insert returned nothing');
  return row;
}

export async function updateTour(db: DbOrTx, id: number, values: Partial<TourValues>): Promise<TourRow | undefined> {
  const [row] = await db
    .update(tours)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tours.id, id))
    .returning();
  return row;
}

/** Replaces the tour's prices by these. */
export async function replaceTourPrices(db: DbOrTx, tourId: number, prices: readonly { carId: number; seasonId: number; priceCents: number }[]): Promise<void> {
  await db.delete(tourPrices).where(eq(tourPrices.tourId, tourId));
  if (prices.length > 0) await db.insert(tourPrices).values(prices.map((price) => ({ tourId, ...price })));
}

export async function deleteTour(db: DbOrTx, id: number): Promise<TourRow | undefined> {
  const [row] = await db.delete(tours).where(eq(tours.id, id)).returning();
  return row;
}
