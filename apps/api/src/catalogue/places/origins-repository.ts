import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { origins } from '../../platform/db/schema.ts';

export type OriginRow = typeof origins.$inferSelect;
export type OriginValues = Pick<OriginRow, 'name' | 'title'>;

export async function listOrigins(db: DbOrTx): Promise<OriginRow[]> {
  return db.select().from(origins).orderBy(asc(origins.id));
}

export async function findOrigin(db: DbOrTx, id: number): Promise<OriginRow | undefined> {
  const [row] = await db.select().from(origins).where(eq(origins.id, id)).limit(1);
  return row;
}

export async function insertOrigin(db: DbOrTx, values: OriginValues): Promise<OriginRow> {
  const [row] = await db.insert(origins).values(values).returning();
  if (!row) throw new Error('origin insert returned nothing');
  return row;
}

export async function updateOrigin(db: DbOrTx, id: number, values: OriginValues): Promise<OriginRow | undefined> {
  const [row] = await db.update(origins).set(values).where(eq(origins.id, id)).returning();
  return row;
}

/** Deletes an origin with its destinations and price-list entries (ON DELETE CASCADE). */
export async function deleteOrigin(db: DbOrTx, id: number): Promise<OriginRow | undefined> {
  const [row] = await db.delete(origins).where(eq(origins.id, id)).returning();
  return row;
}
