import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { cars, pricings, seasons } from '../../platform/db/schema.ts';

export type PricingRow = typeof pricings.$inferSelect;
export type PricingValues = Omit<PricingRow, 'id' | 'createdAt'>;
export type PricingWithRefs = PricingRow & {
  car: Pick<typeof cars.$inferSelect, 'id' | 'name' | 'imgUrl'>;
  season: Pick<typeof seasons.$inferSelect, 'id' | 'name' | 'startMonth' | 'endMonth'>;
};

const withRefs = {
  pricing: pricings,
  car: { id: cars.id, name: cars.name, imgUrl: cars.imgUrl },
  season: { id: seasons.id, name: seasons.name, startMonth: seasons.startMonth, endMonth: seasons.endMonth },
};

/** Bands with their car and season, by car, season and start km; optionally of one car and/or season. */
export async function listPricings(db: DbOrTx, filter: { carId?: number; seasonId?: number; id?: number }): Promise<PricingWithRefs[]> {
  const conditions: SQL[] = [];
  if (filter.carId !== undefined) conditions.push(eq(pricings.carId, filter.carId));
  if (filter.seasonId !== undefined) conditions.push(eq(pricings.seasonId, filter.seasonId));
  if (filter.id !== undefined) conditions.push(eq(pricings.id, filter.id));
  const rows = await db
    .select(withRefs)
    .from(pricings)
    .innerJoin(cars, eq(cars.id, pricings.carId))
    .innerJoin(seasons, eq(seasons.id, pricings.seasonId))
    .where(and(...conditions))
    .orderBy(asc(pricings.carId), asc(pricings.seasonId), asc(pricings.kmStart), asc(pricings.id));
  return rows.map(({ pricing, car, season }) => ({ ...pricing, car, season }));
}

export async function findPricingWithRefs(db: DbOrTx, id: number): Promise<PricingWithRefs | undefined> {
  const [row] = await listPricings(db, { id });
  return row;
}

export async function findPricing(db: DbOrTx, id: number): Promise<PricingRow | undefined> {
  const [row] = await db.select().from(pricings).where(eq(pricings.id, id)).limit(1);
  return row;
}

/** The km bands of one car in one season. */
export async function listBands(db: DbOrTx, carId: number, seasonId: number): Promise<Pick<PricingRow, 'id' | 'kmStart' | 'kmEnd'>[]> {
  return db
    .select({ id: pricings.id, kmStart: pricings.kmStart, kmEnd: pricings.kmEnd })
    .from(pricings)
    .where(and(eq(pricings.carId, carId), eq(pricings.seasonId, seasonId)));
}

export async function insertPricing(db: DbOrTx, values: PricingValues): Promise<PricingRow> {
  const [row] = await db.insert(pricings).values(values).returning();
  if (!row) throw new Error('pricing insert returned nothing');
  return row;
}

export async function updatePricing(db: DbOrTx, id: number, values: PricingValues): Promise<PricingRow | undefined> {
  const [row] = await db.update(pricings).set(values).where(eq(pricings.id, id)).returning();
  return row;
}

export async function deletePricing(db: DbOrTx, id: number): Promise<PricingRow | undefined> {
  const [row] = await db.delete(pricings).where(eq(pricings.id, id)).returning();
  return row;
}
