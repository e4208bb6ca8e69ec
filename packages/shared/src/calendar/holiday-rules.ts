import { daysInMonth } from '../time/paris-time.ts';
import { addDays, easterSunday, type CalendarDate } from './easter-sunday.ts';

/** How a holiday recurs: on a day and month, or a number of days after Easter Sunday (decision 0073). */
export const HOLIDAY_KINDS = ['fixed', 'easter'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

/** The French movable feasts, in days after Easter Sunday. */
export const EASTER_OFFSETS = { easterMonday: 1, ascension: 39, whitMonday: 50 } as const;

/** The largest distance from Easter, in days, a rule may name (Whit Monday is 50). */
export const MAX_EASTER_OFFSET = 100;

/** A holiday as prices read it. A rule without `kind` is a fixed date (the spec's day and month). */
export type HolidayRule = { kind?: 'fixed'; day: number; month: number } | { kind: 'easter'; easterOffset: number };

/** The date a rule falls on in a year; null for 29 February in a common year. */
export function holidayDateIn(rule: HolidayRule, year: number): CalendarDate | null {
  if (rule.kind === 'easter') return addDays(easterSunday(year), rule.easterOffset);
  return rule.day <= daysInMonth(year, rule.month) ? { year, month: rule.month, day: rule.day } : null;
}

const sameDay = (a: CalendarDate, b: { month: number; day: number }) => a.month === b.month && a.day === b.day;

/**
 * Whether a day is a holiday under any rule. Easter-relative rules need the year: without it
 * only fixed dates are matched.
 */
export function isHoliday(rules: readonly HolidayRule[], date: { year?: number; month: number; day: number }): boolean {
  return rules.some((rule) => {
    if (rule.kind !== 'easter') return sameDay({ year: 0, month: rule.month, day: rule.day }, date);
    if (date.year === undefined) return false;
    const falls = holidayDateIn(rule, date.year);
    return falls !== null && sameDay(falls, date);
  });
}

const order = (date: CalendarDate) => date.year * 10_000 + date.month * 100 + date.day;

/** The first date on or after `from` that the rule falls on (29 February waits for a leap year). */
export function nextHolidayDate(rule: HolidayRule, from: CalendarDate): CalendarDate {
  for (let year = from.year; ; year += 1) {
    const date = holidayDateIn(rule, year);
    if (date && order(date) >= order(from)) return date;
  }
}
