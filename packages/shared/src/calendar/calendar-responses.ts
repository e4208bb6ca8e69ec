import { z } from 'zod';
import { SeasonName } from './season-schemas.ts';

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
export type SeasonItem = z.infer<typeof SeasonItem>;

export const HolidayItem = z.object({
  id: z.number().int(),
  title: z.string(),
  day: z.number().int(),
  month: z.number().int(),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type HolidayItem = z.infer<typeof HolidayItem>;

export const DurationItem = z.object({
  id: z.number().int(),
  origin: z.string(),
  destination: z.string(),
  duration: z.number().int().meta({ description: 'Minutes' }),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type DurationItem = z.infer<typeof DurationItem>;
