import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { cars, hourlyRates, seasons } from '../../platform/db/schema.ts';

export type HourlyRateRow = typeof hourlyRates.$inferSelect;
export type HourlyRateValues = Omit<HourlyRateRow, 'id' | 'createdAt'>;
export type HourlyRateWithRefs = HourlyRateRow & {
  car: Pick<typeof cars.$inferSelect, 'id' | 'name' | 'imgUrl'>;
  season: Pick<typeof seasons.$inferSelect, 'id' | 'name' | 'startMonth' | 'endMonth'>;
};

const withRefs = {
  rate: hourlyRates,
  car: { id: cars.id, name: cars.name, imgUrl: cars.imgUrl },
  season: { id: seasons.id, name: seasons.name, startMonth: seasons.startMonth, endMonth: seasons.endMonth },
};

/** Hourly rates with their car and season, by car and season; optionally of one car, season or id. */
export async function listHourlyRates(db: DbOrTx, filter: { carId?: number; seasonId?: number; id?: number }): Promise<HourlyRateWithRefs[]> {
  const conditions: SQL[] = [];
  if (filter.carId !== undefined) conditions.push(eq(hourlyRates.carId, filter.carId));
  if (filter.seasonId !== undefined) conditions.push(eq(hourlyRates.seasonId, filter.seasonId));
  if (filter.id !== undefined) conditions.push(eq(hourlyRates.id, filter.id));
  const rows = await db
    .select(withRefs)
    .from(hourlyRates)
    .innerJoin(cars, eq(cars.id, hourlyRates.carId))
    .innerJoin(seasons, eq(seasons.id, hourlyRates.seasonId))
    .where(and(...conditions))
    .orderBy(asc(hourlyRates.carId), asc(hourlyRates.seasonId), asc(hourlyRates.id));
  return rows.map(({ rate, car, season }) => ({ ...rate, car, season }));
}

export async function findHourlyRateWithRefs(db: DbOrTx, id: number): Promise<HourlyRateWithRefs | undefined> {
  const [row] = await listHourlyRates(db, { id });
  return row;
}

export async function insertHourlyRate(db: DbOrTx, values: HourlyRateValues): Promise<HourlyRateRow> {
  const [row] = await db.insert(hourlyRates).values(values).returning();
  if (!row) throw new Error('hourly rate insert returned nothing');
  return row;
}

export async function updateHourlyRate(db: DbOrTx, id: number, values: HourlyRateValues): Promise<HourlyRateRow | undefined> {
  const [row] = await db.update(hourlyRates).set(values).where(eq(hourlyRates.id, id)).returning();
  return row;
}

export async function deleteHourlyRate(db: DbOrTx, id: number): Promise<HourlyRateRow | undefined> {
  const [row] = await db.delete(hourlyRates).where(eq(hourlyRates.id, id)).returning();
  return row;
}
