import { isoDate, type CalendarDate } from '@vtc/shared/calendar/easter-sunday';
import { nextHolidayDate } from '@vtc/shared/calendar/holiday-rules';
import type { HolidayItem } from '@vtc/shared/calendar/calendar-responses';
import { ruleOfRow, type HolidayRow } from './holidays-repository.ts';

/** A holiday as the API shows it; `today` is the Paris date its next occurrence counts from. */
export const toHolidayItem = (row: HolidayRow, today: CalendarDate): HolidayItem => {
  const next = nextHolidayDate(ruleOfRow(row), today);
  return {
    id: row.id,
    title: row.title,
    day: row.day ?? next.day,
    month: row.month ?? next.month,
    kind: row.kind,
    easterOffset: row.easterOffset,
    nextDate: isoDate(next),
    createdAt: row.createdAt.toISOString(),
  };
};
