import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { seasons } from '../../platform/db/schema.ts';

export type SeasonRow = typeof seasons.$inferSelect;
export type SeasonValues = Pick<SeasonRow, 'name' | 'startMonth' | 'endMonth'>;

export async function listSeasons(db: DbOrTx): Promise<SeasonRow[]> {
  return db.select().from(seasons).orderBy(asc(seasons.id));
}

export async function findSeasonById(db: DbOrTx, id: number): Promise<SeasonRow | undefined> {
  const [row] = await db.select().from(seasons).where(eq(seasons.id, id)).limit(1);
  return row;
}

/**
 * Serialises changes to the seasons until the transaction ends, so two admins cannot both save
 * overlapping seasons. Reads are not blocked.
 */
export async function lockSeasons(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`lock table ${seasons} in share row exclusive mode`);
}

export async function insertSeason(db: DbOrTx, values: SeasonValues): Promise<SeasonRow> {
  const [row] = await db.insert(seasons).values(values).returning();
  if (!row) throw new Error('season insert returned nothing');
  return row;
}

export async function updateSeason(db: DbOrTx, id: number, values: SeasonValues): Promise<SeasonRow | undefined> {
  const [row] = await db.update(seasons).set(values).where(eq(seasons.id, id)).returning();
  return row;
}

/** Deletes a season with its pricing bands (ON DELETE CASCADE). */
export async function deleteSeason(db: DbOrTx, id: number): Promise<SeasonRow | undefined> {
  const [row] = await db.delete(seasons).where(eq(seasons.id, id)).returning();
  return row;
}
