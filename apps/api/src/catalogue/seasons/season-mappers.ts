import type { SeasonRow } from './seasons-repository.ts';
import type { SeasonItem } from '@vtc/shared/calendar/calendar-responses';

export const toSeasonItem = (row: SeasonRow): SeasonItem => ({
  id: row.id,
  name: row.name,
  startMonth: row.startMonth,
  endMonth: row.endMonth,
  start_month: row.startMonth,
  end_month: row.endMonth,
  createdAt: row.createdAt.toISOString(),
});
