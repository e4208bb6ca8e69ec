import { z } from 'zod';
import type { HolidayRow } from './holidays-repository.ts';

export const HolidayItem = z.object({
  id: z.number().int(),
  title: z.string(),
  day: z.number().int(),
  month: z.number().int(),
  createdAt: z.string().meta({ format: 'date-time' }),
});

export const toHolidayItem = (row: HolidayRow): z.infer<typeof HolidayItem> => ({
  id: row.id,
  title: row.title,
  day: row.day,
  month: row.month,
  createdAt: row.createdAt.toISOString(),
});
