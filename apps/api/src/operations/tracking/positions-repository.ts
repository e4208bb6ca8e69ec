import { desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { missionPositions } from '../../platform/db/schema.ts';

export type PositionRow = typeof missionPositions.$inferSelect;
export type NewPosition = Omit<typeof missionPositions.$inferInsert, 'id' | 'createdAt'>;

export async function insertPosition(tx: DbOrTx, values: NewPosition): Promise<PositionRow> {
  const [row] = await tx.insert(missionPositions).values(values).returning();
  return row!;
}

/** The last position given through this mission link (the order the phone took them in). */
export async function lastPosition(db: DbOrTx, missionLinkId: number): Promise<PositionRow | undefined> {
  const [row] = await db
    .select()
    .from(missionPositions)
    .where(eq(missionPositions.missionLinkId, missionLinkId))
    .orderBy(desc(missionPositions.recordedAt))
    .limit(1);
  return row;
}

/** Deletes the positions kept long enough (`keep_until` before `now`); how many went. */
export async function purgePositions(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db.delete(missionPositions).where(lt(missionPositions.keepUntil, now)).returning({ id: missionPositions.id });
  return rows.length;
}

