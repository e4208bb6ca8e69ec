import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { HolidayBody, holidayRuleOf, isPossibleDayOfMonth } from './holiday-schemas.ts';

describe('HolidayBody', () => {
  it('reads a holiday', () => {
    expect(HolidayBody.parse({ title: 'Noël', day: '25', month: '12' })).toEqual({ title: 'Noël', kind: 'fixed', day: 25, month: 12 });
    expect(HolidayBody.parse({ title: 'Lundi de Pâques', kind: 'easter', easterOffset: '1', day: '', month: '' })).toEqual({
      title: 'Lundi de Pâques',
      kind: 'easter',
      easterOffset: 1,
    });
    expect(HolidayBody.parse({ title: 'Leap day', day: 29, month: 2 }).day).toBe(29);
  });
  it('refuses impossible dates', () => {
    for (const [day, month] of [[31, 2], [30, 2], [31, 4], [31, 6], [31, 9], [31, 11]] as const) {
      expect(issuesOf(HolidayBody.safeParse({ title: 'x', day, month }))).toEqual({ day: 'holiday_invalid_date' });
    }
  });
  it('asks for the fields of its kind', () => {
    expect(issuesOf(HolidayBody.safeParse({ title: 'x' }))).toEqual({ day: 'required', month: 'required' });
    expect(issuesOf(HolidayBody.safeParse({ title: 'x', kind: 'easter', day: 1, month: 1 }))).toEqual({ easterOffset: 'required' });
    expect(issuesOf(HolidayBody.safeParse({ title: 'x', kind: 'easter', easterOffset: 101 }))).toEqual({ easterOffset: 'easter_offset_invalid' });
    expect(issuesOf(HolidayBody.safeParse({ title: 'x', kind: 'lunar', day: 1, month: 1 }))).toEqual({ kind: 'invalid_value' });
    expect(holidayRuleOf(HolidayBody.parse({ title: 'x', kind: 'easter', easterOffset: 39, day: 1, month: 1 }))).toEqual({ kind: 'easter', easterOffset: 39 });
  });
  it('checks fields on their own', () => {
    expect(issuesOf(HolidayBody.safeParse({ title: '', day: 32, month: 13 }))).toEqual({ title: 'required', day: 'day_invalid', month: 'month_invalid' });
  });
  it('knows every possible day of the year', () => {
    let count = 0;
    for (let month = 1; month <= 12; month += 1) for (let day = 1; day <= 31; day += 1) if (isPossibleDayOfMonth(day, month)) count += 1;
    expect(count).toBe(366);
  });
});
