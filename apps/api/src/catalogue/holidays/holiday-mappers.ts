import type { HolidayRow } from './holidays-repository.ts';
import type { HolidayItem } from '@vtc/shared/calendar/calendar-responses';

export const toHolidayItem = (row: HolidayRow): HolidayItem => ({
  id: row.id,
  title: row.title,
  day: row.day,
  month: row.month,
  createdAt: row.createdAt.toISOString(),
});
