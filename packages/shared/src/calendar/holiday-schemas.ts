import { z } from 'zod';
import { daysInMonth } from '../time/paris-time.ts';
import { optionalIntegerField, requiredText, whenFieldsValid } from '../validation/form-fields.ts';
import { HOLIDAY_KINDS, MAX_EASTER_OFFSET } from './holiday-rules.ts';

/** Whether a day and month exist in some year: 29/02 does (leap years), 31/04 never does. */
export function isPossibleDayOfMonth(day: number, month: number): boolean {
  return day >= 1 && month >= 1 && month <= 12 && day <= daysInMonth(2000, month);
}

/** 'fixed' when missing or blank, so the spec's body (title, day, month) keeps its meaning. */
const HolidayKindField = z.preprocess(
  (value: string | null | undefined) => (value === null || value === undefined || value === '' ? 'fixed' : value),
  z.enum(HOLIDAY_KINDS, { error: 'invalid_value' }),
);

const isFixed = (body: { kind: string }) => body.kind === 'fixed';

/**
 * Admin public holiday (/holiday add and update), recurring every year: a fixed date (day and
 * month, the date must exist: 31/02 is refused) or a number of days after Easter Sunday
 * (`kind: 'easter'`, `easterOffset`: Easter Monday 1, Ascension 39, Whit Monday 50).
 */
export const HolidayBody = z
  .object({
    title: requiredText(100),
    kind: HolidayKindField,
    day: optionalIntegerField(1, 31, 'day_invalid'),
    month: optionalIntegerField(1, 12, 'month_invalid'),
    easterOffset: optionalIntegerField(-MAX_EASTER_OFFSET, MAX_EASTER_OFFSET, 'easter_offset_invalid'),
  })
  .refine((body) => !isFixed(body) || body.day !== undefined, { message: 'required', path: ['day'], ...whenFieldsValid('kind', 'day') })
  .refine((body) => !isFixed(body) || body.month !== undefined, { message: 'required', path: ['month'], ...whenFieldsValid('kind', 'month') })
  .refine((body) => !isFixed(body) || body.day === undefined || body.month === undefined || isPossibleDayOfMonth(body.day, body.month), {
    message: 'holiday_invalid_date',
    path: ['day'],
    ...whenFieldsValid('kind', 'day', 'month'),
  })
  .refine((body) => isFixed(body) || body.easterOffset !== undefined, {
    message: 'required',
    path: ['easterOffset'],
    ...whenFieldsValid('kind', 'easterOffset'),
  });
export type HolidayBody = z.infer<typeof HolidayBody>;

/** The rule a body names, without the fields of the other kind. */
export function holidayRuleOf(body: HolidayBody): { kind: 'fixed'; day: number; month: number } | { kind: 'easter'; easterOffset: number } {
  if (body.kind === 'easter') return { kind: 'easter', easterOffset: body.easterOffset ?? 0 };
  return { kind: 'fixed', day: body.day ?? 1, month: body.month ?? 1 };
}

