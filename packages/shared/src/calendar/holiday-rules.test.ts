import { describe, expect, it } from 'vitest';
import { isoDate } from './easter-sunday.ts';
import { EASTER_OFFSETS, holidayDateIn, isHoliday, nextHolidayDate, type HolidayRule } from './holiday-rules.ts';

const easterMonday: HolidayRule = { kind: 'easter', easterOffset: EASTER_OFFSETS.easterMonday };
const ascension: HolidayRule = { kind: 'easter', easterOffset: EASTER_OFFSETS.ascension };
const whitMonday: HolidayRule = { kind: 'easter', easterOffset: EASTER_OFFSETS.whitMonday };

describe('holiday rules', () => {
  it('moves the Easter holidays with Easter', () => {
    const dates = (rule: HolidayRule) => [2025, 2026, 2027, 2038].map((year) => isoDate(holidayDateIn(rule, year)!));
    expect(dates(easterMonday)).toEqual(['2025-04-21', '2026-04-06', '2027-03-29', '2038-04-26']);
    expect(dates(ascension)).toEqual(['2025-05-29', '2026-05-14', '2027-05-06', '2038-06-03']);
    expect(dates(whitMonday)).toEqual(['2025-06-09', '2026-05-25', '2027-05-17', '2038-06-14']);
  });
  it('keeps fixed dates, 29 February in leap years only', () => {
    expect(isoDate(holidayDateIn({ day: 14, month: 7 }, 2027)!)).toBe('2027-07-14');
    expect(holidayDateIn({ kind: 'fixed', day: 29, month: 2 }, 2027)).toBeNull();
    expect(isoDate(holidayDateIn({ kind: 'fixed', day: 29, month: 2 }, 2028)!)).toBe('2028-02-29');
  });
  it('tells whether a day is a holiday', () => {
    const rules: HolidayRule[] = [{ day: 1, month: 5 }, easterMonday];
    expect(isHoliday(rules, { year: 2027, month: 3, day: 29 })).toBe(true);
    expect(isHoliday(rules, { year: 2026, month: 3, day: 29 })).toBe(false);
    expect(isHoliday(rules, { year: 2026, month: 4, day: 6 })).toBe(true);
    expect(isHoliday(rules, { year: 2031, month: 5, day: 1 })).toBe(true);
    expect(isHoliday(rules, { month: 5, day: 1 })).toBe(true);
    expect(isHoliday(rules, { month: 3, day: 29 })).toBe(false);
  });
  it('finds the next date a rule falls on', () => {
    expect(isoDate(nextHolidayDate(easterMonday, { year: 2027, month: 3, day: 29 }))).toBe('2027-03-29');
    expect(isoDate(nextHolidayDate(easterMonday, { year: 2027, month: 3, day: 30 }))).toBe('2028-04-17');
    expect(isoDate(nextHolidayDate({ day: 25, month: 12 }, { year: 2026, month: 12, day: 26 }))).toBe('2027-12-25');
    expect(isoDate(nextHolidayDate({ day: 29, month: 2 }, { year: 2025, month: 1, day: 1 }))).toBe('2028-02-29');
  });
});
