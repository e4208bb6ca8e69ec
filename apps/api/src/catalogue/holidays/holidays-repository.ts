import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { holidays } from '../../platform/db/schema.ts';

export type HolidayRow = typeof holidays.$inferSelect;
export type HolidayValues = Pick<HolidayRow, 'title' | 'day' | 'month'>;

/** In calendar order. */
export async function listHolidays(db: DbOrTx): Promise<HolidayRow[]> {
  return db.select().from(holidays).orderBy(asc(holidays.month), asc(holidays.day), asc(holidays.id));
}

export async function insertHoliday(db: DbOrTx, values: HolidayValues): Promise<HolidayRow> {
  const [row] = await db.insert(holidays).values(values).returning();
  if (!row) throw new Error('holiday insert returned nothing');
  return row;
}

export async function updateHoliday(db: DbOrTx, id: number, values: HolidayValues): Promise<HolidayRow | undefined> {
  const [row] = await db.update(holidays).set(values).where(eq(holidays.id, id)).returning();
  return row;
}

export async function deleteHoliday(db: DbOrTx, id: number): Promise<HolidayRow | undefined> {
  const [row] = await db.delete(holidays).where(eq(holidays.id, id)).returning();
  return row;
}
