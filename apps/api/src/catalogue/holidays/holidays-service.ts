import { holidayRuleOf, type HolidayBody } from '@vtc/shared/calendar/holiday-schemas';
import type { Db } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/lib/app-error.ts';
import { isPgError, UNIQUE_VIOLATION } from '../../platform/lib/pg-errors.ts';
import { deleteHoliday, insertHoliday, listHolidays, updateHoliday, type HolidayRow, type HolidayValues } from './holidays-repository.ts';

/** The row's values: the fields of the other kind are cleared. */
function valuesOf(body: HolidayBody): HolidayValues {
  const rule = holidayRuleOf(body);
  return rule.kind === 'easter'
    ? { title: body.title, kind: 'easter', day: null, month: null, easterOffset: rule.easterOffset }
    : { title: body.title, kind: 'fixed', day: rule.day, month: rule.month, easterOffset: null };
}

/** One row per rule (unique indexes): a second one is 409 holiday_exists, on the field that names it. */
function explainWriteError(error: unknown): never {
  if (isPgError(error, UNIQUE_VIOLATION, 'holidays_fixed_date_key')) {
    throw new AppError(409, 'holiday_exists', {}, [{ path: 'day', message: 'holiday_exists' }]);
  }
  if (isPgError(error, UNIQUE_VIOLATION, 'holidays_easter_offset_key')) {
    throw new AppError(409, 'holiday_exists', {}, [{ path: 'easterOffset', message: 'holiday_exists' }]);
  }
  throw error;
}

export async function getHolidays(db: Db): Promise<HolidayRow[]> {
  return listHolidays(db);
}

export async function addHoliday(db: Db, body: HolidayBody): Promise<HolidayRow> {
  return insertHoliday(db, valuesOf(body)).catch(explainWriteError);
}

export async function editHoliday(db: Db, id: number, body: HolidayBody): Promise<HolidayRow> {
  const holiday = await updateHoliday(db, id, valuesOf(body)).catch(explainWriteError);
  if (!holiday) throw notFound();
  return holiday;
}

export async function removeHoliday(db: Db, id: number): Promise<HolidayRow> {
  const holiday = await deleteHoliday(db, id);
  if (!holiday) throw notFound();
  return holiday;
}
