import { describe, expect, it } from 'vitest';
import { formatLocale } from './format-locale.ts';

describe('formatLocale', () => {
  it('writes Western digits in Arabic and the day before the month in English', () => {
    const date = Date.UTC(2026, 6, 14, 12);
    const short = (language: 'fr' | 'en' | 'ar') => new Intl.DateTimeFormat(formatLocale(language), { timeZone: 'Europe/Paris', dateStyle: 'short' }).format(date);
    expect(short('fr')).toBe('14/07/2026');
    expect(short('en')).toBe('14/07/2026');
    expect(short('ar')).toMatch(/14.*7.*2026/);
    expect(short('ar')).not.toMatch(/[٠-٩]/);
    expect(new Intl.NumberFormat(formatLocale('ar'), { maximumFractionDigits: 1 }).format(24.8)).toBe('24.8');
  });
});
