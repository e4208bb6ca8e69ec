import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { destinations, pricingListEntries } from '../../platform/db/schema.ts';

export type DestinationRow = typeof destinations.$inferSelect;
export type DestinationValues = Pick<DestinationRow, 'name' | 'originId'>;

/** Destinations in creation order, of one origin or of all. */
export async function listDestinations(db: DbOrTx, originId?: number): Promise<DestinationRow[]> {
  return db
    .select()
    .from(destinations)
    .where(originId === undefined ? undefined : eq(destinations.originId, originId))
    .orderBy(asc(destinations.id));
}

export async function findDestination(db: DbOrTx, id: number): Promise<DestinationRow | undefined> {
  const [row] = await db.select().from(destinations).where(eq(destinations.id, id)).limit(1);
  return row;
}

export async function insertDestination(db: DbOrTx, values: DestinationValues): Promise<DestinationRow> {
  const [row] = await db.insert(destinations).values(values).returning();
  if (!row) throw new Error('destination insert returned nothing');
  return row;
}

export async function updateDestination(db: DbOrTx, id: number, values: DestinationValues): Promise<DestinationRow | undefined> {
  const [row] = await db.update(destinations).set(values).where(eq(destinations.id, id)).returning();
  return row;
}

/** Keeps the price-list entries of a destination on the destination's origin after it moved. */
export async function moveEntriesOfDestination(db: DbOrTx, destinationId: number, originId: number): Promise<void> {
  await db.update(pricingListEntries).set({ originId }).where(eq(pricingListEntries.destinationId, destinationId));
}

/** Deletes a destination with its price-list entries (ON DELETE CASCADE). */
export async function deleteDestination(db: DbOrTx, id: number): Promise<DestinationRow | undefined> {
  const [row] = await db.delete(destinations).where(eq(destinations.id, id)).returning();
  return row;
}
