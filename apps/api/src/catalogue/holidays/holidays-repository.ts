import { asc, eq, sql } from 'drizzle-orm';
import type { HolidayRule } from '@vtc/shared/calendar/holiday-rules';
import type { DbOrTx } from '../../platform/db/client.ts';
import { holidays } from '../../platform/db/schema.ts';

export type HolidayRow = typeof holidays.$inferSelect;
export type HolidayValues = Pick<HolidayRow, 'title' | 'kind' | 'day' | 'month' | 'easterOffset'>;

/** The rule a row holds (the database's check keeps the fields of its kind set). */
export function ruleOfRow(row: Pick<HolidayRow, 'kind' | 'day' | 'month' | 'easterOffset'>): HolidayRule {
  return row.kind === 'easter' ? { kind: 'easter', easterOffset: row.easterOffset ?? 0 } : { kind: 'fixed', day: row.day ?? 1, month: row.month ?? 1 };
}

/** Fixed dates in calendar order, then the Easter-relative rules by distance from Easter. */
export async function listHolidays(db: DbOrTx): Promise<HolidayRow[]> {
  return db
    .select()
    .from(holidays)
    .orderBy(asc(sql`${holidays.kind} = 'easter'`), asc(holidays.month), asc(holidays.day), asc(holidays.easterOffset), asc(holidays.id));
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
