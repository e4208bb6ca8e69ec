import { z } from 'zod';
import { HOLIDAY_KINDS } from './holiday-rules.ts';
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

/**
 * A holiday rule. `day` and `month` are the rule's own for a fixed date, and those of `nextDate`
 * for an Easter-relative one, so a reader of the spec's fields always gets a real date.
 */
export const HolidayItem = z.object({
  id: z.number().int(),
  title: z.string(),
  day: z.number().int(),
  month: z.number().int(),
  kind: z.enum(HOLIDAY_KINDS),
  easterOffset: z.number().int().nullable().meta({ description: 'Days after Easter Sunday (kind easter)' }),
  nextDate: z.string().meta({ format: 'date', description: 'The next day it falls on (Paris), today included' }),
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
