import { z } from 'zod';
import { daysInMonth } from '../time/paris-time.ts';
import { integerField, requiredText, whenFieldsValid } from '../validation/form-fields.ts';
import { Month } from './season-schemas.ts';

/** Whether a day and month exist in some year: 29/02 does (leap years), 31/04 never does. */
export function isPossibleDayOfMonth(day: number, month: number): boolean {
  return day >= 1 && month >= 1 && month <= 12 && day <= daysInMonth(2000, month);
}

/** Admin public holiday (/holiday add and update): recurring every year on day/month. */
export const HolidayBody = z
  .object({
    title: requiredText(100),
    day: integerField(1, 31, 'day_invalid'),
    month: Month,
  })
  .refine((body) => isPossibleDayOfMonth(body.day, body.month), {
    message: 'holiday_invalid_date',
    path: ['day'],
    ...whenFieldsValid('day', 'month'),
  });
export type HolidayBody = z.infer<typeof HolidayBody>;
