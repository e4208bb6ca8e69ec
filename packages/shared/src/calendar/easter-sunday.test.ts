import { describe, expect, it } from 'vitest';
import { addDays, easterSunday, isoDate } from './easter-sunday.ts';

describe('easterSunday', () => {
  it('knows the Easter Sundays of the calendars', () => {
    const known: Record<number, string> = {
      1818: '1818-03-22', // earliest possible
      1943: '1943-04-25', // latest possible
      2000: '2000-04-23',
      2008: '2008-03-23',
      2019: '2019-04-21',
      2024: '2024-03-31',
      2025: '2025-04-20',
      2026: '2026-04-05',
      2027: '2027-03-28',
      2028: '2028-04-16',
      2038: '2038-04-25',
      2285: '2285-03-22',
    };
    for (const [year, date] of Object.entries(known)) expect(isoDate(easterSunday(Number(year)))).toBe(date);
  });
  it('always falls on a Sunday between 22 March and 25 April', () => {
    for (let year = 1583; year <= 3000; year += 1) {
      const { month, day } = easterSunday(year);
      expect(new Date(Date.UTC(year, month - 1, day)).getUTCDay()).toBe(0);
      expect(month * 100 + day).toBeGreaterThanOrEqual(322);
      expect(month * 100 + day).toBeLessThanOrEqual(425);
    }
  });
  it('refuses years before the Gregorian calendar', () => {
    expect(() => easterSunday(1582)).toThrow(RangeError);
    expect(() => easterSunday(2026.5)).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('crosses months and years', () => {
    expect(isoDate(addDays({ year: 2027, month: 3, day: 28 }, 1))).toBe('2027-03-29');
    expect(isoDate(addDays({ year: 2027, month: 3, day: 28 }, 39))).toBe('2027-05-06');
    expect(isoDate(addDays({ year: 2027, month: 3, day: 28 }, 50))).toBe('2027-05-17');
    expect(isoDate(addDays({ year: 2026, month: 12, day: 31 }, 1))).toBe('2027-01-01');
    expect(isoDate(addDays({ year: 2026, month: 4, day: 5 }, -2))).toBe('2026-04-03');
  });
});
