import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { durations } from '../../platform/db/schema.ts';

export type DurationRow = typeof durations.$inferSelect;
export type DurationValues = Pick<DurationRow, 'origin' | 'destination' | 'durationMinutes'>;

export async function listDurations(db: DbOrTx): Promise<DurationRow[]> {
  return db.select().from(durations).orderBy(asc(durations.id));
}

export async function insertDuration(db: DbOrTx, values: DurationValues): Promise<DurationRow> {
  const [row] = await db.insert(durations).values(values).returning();
  if (!row) throw new Error('duration insert returned nothing');
  return row;
}

export async function updateDuration(db: DbOrTx, id: number, values: DurationValues): Promise<DurationRow | undefined> {
  const [row] = await db.update(durations).set(values).where(eq(durations.id, id)).returning();
  return row;
}

export async function deleteDuration(db: DbOrTx, id: number): Promise<DurationRow | undefined> {
  const [row] = await db.delete(durations).where(eq(durations.id, id)).returning();
  return row;
}
