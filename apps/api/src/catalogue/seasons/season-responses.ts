import { z } from 'zod';
import { SeasonName } from '@vtc/shared/calendar/season-schemas';
import type { SeasonRow } from './seasons-repository.ts';

/** A season in both namings: the form's (startMonth) and the spec's table (start_month). */
export const SeasonItem = z.object({
  id: z.number().int(),
  name: SeasonName,
  startMonth: z.number().int(),
  endMonth: z.number().int(),
  start_month: z.number().int(),
  end_month: z.number().int(),
  createdAt: z.string().meta({ format: 'date-time' }),
});

export const toSeasonItem = (row: SeasonRow): z.infer<typeof SeasonItem> => ({
  id: row.id,
  name: row.name,
  startMonth: row.startMonth,
  endMonth: row.endMonth,
  start_month: row.startMonth,
  end_month: row.endMonth,
  createdAt: row.createdAt.toISOString(),
});
