import { describe, expect, it } from 'vitest';
import { formatParisDate, formatParisDateTime, formatParisTime, formatTimeOfDay } from './format-paris.ts';

// 13 August 2026, 14:30 in Paris (summer time, UTC+2); 24 December 2026, 08:05 in Paris (UTC+1).
const summerAfternoon = new Date('2026-08-13T12:30:00Z');
const winterMorning = '2026-12-24T07:05:00Z';

describe('French', () => {
  it('writes times on the 24-hour clock, never am/pm', () => {
    expect(formatParisTime(summerAfternoon, 'fr')).toBe('14:30');
    expect(formatParisTime(winterMorning, 'fr')).toBe('08:05');
    expect(formatTimeOfDay('18:30', 'fr')).toBe('18:30');
    expect(formatTimeOfDay('00:05:00', 'fr')).toBe('00:05');
  });
  it('writes dates dd/mm/yyyy, and long dates with the weekday and month', () => {
    expect(formatParisDate(summerAfternoon, 'fr')).toBe('13/08/2026');
    expect(formatParisDateTime(summerAfternoon, 'fr')).toBe('13/08/2026 14:30');
    expect(formatParisDateTime(summerAfternoon, 'fr', 'long')).toBe('jeudi 13 août 2026 à 14:30');
    expect(formatParisDateTime(winterMorning, 'fr', 'long')).toBe('jeudi 24 décembre 2026 à 08:05');
    expect(formatParisDateTime(winterMorning, 'fr', 'medium')).toBe('24 décembre 2026 à 08:05');
  });
});

describe('Arabic', () => {
  it('writes times on the 24-hour clock with Western digits, no ص/م', () => {
    expect(formatParisTime(summerAfternoon, 'ar')).toBe('14:30');
    expect(formatTimeOfDay('21:15', 'ar')).toBe('21:15');
    expect(formatParisDateTime(summerAfternoon, 'ar')).toBe('13/08/2026 14:30');
  });
  it('names the weekday and month in Arabic with Western digits', () => {
    const long = formatParisDateTime(summerAfternoon, 'ar', 'long');
    expect(long).toContain('الخميس');
    expect(long).toContain('أغسطس');
    expect(long).toContain('2026');
    expect(long).toMatch(/الساعة 14:30$/);
    expect(long).not.toMatch(/[٠-٩]|ص|م$/);
  });
});

describe('English', () => {
  it('keeps the 12-hour clock of the spec', () => {
    expect(formatParisTime(summerAfternoon, 'en')).toBe('02:30 pm');
    expect(formatTimeOfDay('00:05', 'en')).toBe('12:05 am');
    expect(formatTimeOfDay('12:00', 'en')).toBe('12:00 pm');
    expect(formatParisDateTime(summerAfternoon, 'en', 'long')).toBe('Thursday 13 August 2026 at 02:30 pm');
  });
});

describe('bad input', () => {
  it('returns a text that is not a time as it is, and nothing for an invalid instant', () => {
    expect(formatTimeOfDay('25:00', 'fr')).toBe('25:00');
    expect(formatTimeOfDay('soon', 'ar')).toBe('soon');
    expect(formatParisTime('not a date', 'fr')).toBe('');
    expect(formatParisDateTime(Number.NaN, 'ar', 'long')).toBe('');
  });
});
