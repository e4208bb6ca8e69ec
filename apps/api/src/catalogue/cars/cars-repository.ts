import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { cars } from '../../platform/db/schema.ts';

export type CarRow = typeof cars.$inferSelect;
export type CarValues = Pick<CarRow, 'name' | 'number' | 'model' | 'seats' | 'packages'>;

export async function listCars(db: DbOrTx): Promise<CarRow[]> {
  return db.select().from(cars).orderBy(asc(cars.id));
}

export async function findCar(db: DbOrTx, id: number): Promise<CarRow | undefined> {
  const [row] = await db.select().from(cars).where(eq(cars.id, id)).limit(1);
  return row;
}

/** Reads a car and locks its row until the transaction ends (its pricing bands are checked under this lock). */
export async function lockCar(tx: DbOrTx, id: number): Promise<CarRow | undefined> {
  const [row] = await tx.select().from(cars).where(eq(cars.id, id)).for('update');
  return row;
}

export async function insertCar(db: DbOrTx, values: CarValues & { imgUrl: string }): Promise<CarRow> {
  const [row] = await db.insert(cars).values(values).returning();
  if (!row) throw new Error('car insert returned nothing');
  return row;
}

export async function updateCar(db: DbOrTx, id: number, values: CarValues & { imgUrl?: string }): Promise<CarRow | undefined> {
  const [row] = await db
    .update(cars)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(cars.id, id))
    .returning();
  return row;
}

/** Deletes a car; its pricing bands and price-list prices go with it (ON DELETE CASCADE). */
export async function deleteCar(db: DbOrTx, id: number): Promise<CarRow | undefined> {
  const [row] = await db.delete(cars).where(eq(cars.id, id)).returning();
  return row;
}
