import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { cars, destinations, origins, pricingListEntries, pricingListPrices } from '../../platform/db/schema.ts';

export type EntryRow = typeof pricingListEntries.$inferSelect;
export type EntryValues = Pick<EntryRow, 'originId' | 'destinationId' | 'placeTo'>;
export type EntryPrice = { carId: number; priceCents: number };

export type PricingListEntry = EntryRow & {
  origin: Pick<typeof origins.$inferSelect, 'id' | 'name' | 'title'>;
  destination: Pick<typeof destinations.$inferSelect, 'id' | 'name'>;
  prices: { id: number; priceCents: number; car: Pick<typeof cars.$inferSelect, 'id' | 'name' | 'imgUrl'> }[];
};

/**
 * Entries with their origin, destination and car prices, by origin then destination: all of
 * them (the catalogue filters in memory), or one.
 */
export async function listEntries(db: DbOrTx, filter: { id?: number }): Promise<PricingListEntry[]> {
  const entries = await db
    .select({
      entry: pricingListEntries,
      origin: { id: origins.id, name: origins.name, title: origins.title },
      destination: { id: destinations.id, name: destinations.name },
    })
    .from(pricingListEntries)
    .innerJoin(origins, eq(origins.id, pricingListEntries.originId))
    .innerJoin(destinations, eq(destinations.id, pricingListEntries.destinationId))
    .where(filter.id === undefined ? undefined : eq(pricingListEntries.id, filter.id))
    .orderBy(asc(origins.id), asc(destinations.id), asc(pricingListEntries.id));
  if (entries.length === 0) return [];

  const prices = await db
    .select({
      entryId: pricingListPrices.entryId,
      id: pricingListPrices.id,
      priceCents: pricingListPrices.priceCents,
      car: { id: cars.id, name: cars.name, imgUrl: cars.imgUrl },
    })
    .from(pricingListPrices)
    .innerJoin(cars, eq(cars.id, pricingListPrices.carId))
    .where(inArray(pricingListPrices.entryId, entries.map(({ entry }) => entry.id)))
    .orderBy(asc(cars.id));
  const byEntry = new Map<number, PricingListEntry['prices']>();
  for (const { entryId, ...price } of prices) byEntry.set(entryId, [...(byEntry.get(entryId) ?? []), price]);
  return entries.map(({ entry, origin, destination }) => ({ ...entry, origin, destination, prices: byEntry.get(entry.id) ?? [] }));
}

export async function findEntry(db: DbOrTx, id: number): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(pricingListEntries).where(eq(pricingListEntries.id, id)).limit(1);
  return row;
}

export async function insertEntry(db: DbOrTx, values: EntryValues): Promise<EntryRow> {
  const [row] = await db.insert(pricingListEntries).values(values).returning();
  if (!row) throw new Error('pricing list insert returned nothing');
  return row;
}

export async function updateEntry(db: DbOrTx, id: number, values: EntryValues): Promise<EntryRow | undefined> {
  const [row] = await db.update(pricingListEntries).set(values).where(eq(pricingListEntries.id, id)).returning();
  return row;
}

/** Sets the car prices of an entry: the cars not in `prices` lose their price on this route. */
export async function replacePrices(db: DbOrTx, entryId: number, prices: EntryPrice[]): Promise<void> {
  await db.delete(pricingListPrices).where(eq(pricingListPrices.entryId, entryId));
  if (prices.length > 0) await db.insert(pricingListPrices).values(prices.map((price) => ({ entryId, ...price })));
}

/** Deletes an entry with its prices (ON DELETE CASCADE). */
export async function deleteEntry(db: DbOrTx, id: number): Promise<EntryRow | undefined> {
  const [row] = await db.delete(pricingListEntries).where(eq(pricingListEntries.id, id)).returning();
  return row;
}

/** Which of these car ids exist. */
export async function existingCarIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: cars.id }).from(cars).where(inArray(cars.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** The prices of an entry for cars hidden from customers (the form does not show them). */
export async function hiddenCarPrices(db: DbOrTx, entryId: number): Promise<EntryPrice[]> {
  return db
    .select({ carId: pricingListPrices.carId, priceCents: pricingListPrices.priceCents })
    .from(pricingListPrices)
    .innerJoin(cars, eq(cars.id, pricingListPrices.carId))
    .where(and(eq(pricingListPrices.entryId, entryId), eq(cars.hidden, true)));
}
