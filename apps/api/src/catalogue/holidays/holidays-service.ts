import type { HolidayBody } from '@vtc/shared/calendar/holiday-schemas';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/lib/app-error.ts';
import { deleteHoliday, insertHoliday, listHolidays, updateHoliday, type HolidayRow } from './holidays-repository.ts';

export async function getHolidays(db: Db): Promise<HolidayRow[]> {
  return listHolidays(db);
}

export async function addHoliday(db: Db, body: HolidayBody): Promise<HolidayRow> {
  return insertHoliday(db, body);
}

export async function editHoliday(db: Db, id: number, body: HolidayBody): Promise<HolidayRow> {
  const holiday = await updateHoliday(db, id, body);
  if (!holiday) throw notFound();
  return holiday;
}

export async function removeHoliday(db: Db, id: number): Promise<HolidayRow> {
  const holiday = await deleteHoliday(db, id);
  if (!holiday) throw notFound();
  return holiday;
}
