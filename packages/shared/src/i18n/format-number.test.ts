import { describe, expect, it } from 'vitest';
import { formatLocale } from './format-locale.ts';
import { formatEuroAmount, formatKilometres, formatNumber } from './format-number.ts';
import { LANGUAGES } from './languages.ts';

/** Values of every shape the site writes: whole, cents, tenths, ties, thousands, millions, negative. */
function samples(): number[] {
  const values = [0, 0.04, 0.05, 0.5, 1, 1.005, 1.05, 1.15, 2.5, 9.95, 9.99, 12.5, 24.85, 99.95, 999, 999.5, 999.96, 1000, 1234.5, 12_345.678, 999_999.95, 1_234_567.891];
  for (let cents = 0; cents <= 300_000; cents += 137) values.push(cents / 100);
  // A fixed sequence of pseudo-random values (the test gives the same ones every run).
  let seed = 7;
  for (let index = 0; index < 2000; index += 1) {
    seed = (seed * 48_271) % 2_147_483_647;
    values.push((seed % 10_000_000) / 10 ** (seed % 5));
  }
  return [...values, ...values.map((value) => -value).filter((value) => value !== 0)];
}

describe('formatNumber and its money and distance forms', () => {
  const values = samples();

  it.each(LANGUAGES)('write every value as Intl does in %s (numbers of up to 0, 1, 2 and 3 decimals, at least 1 or 2)', (language) => {
    for (const digits of [
      { minimumFractionDigits: 0, maximumFractionDigits: 0 },
      { minimumFractionDigits: 0, maximumFractionDigits: 1 },
      { minimumFractionDigits: 2, maximumFractionDigits: 2 },
      { minimumFractionDigits: 1, maximumFractionDigits: 2 },
      {},
    ]) {
      const intl = new Intl.NumberFormat(formatLocale(language), digits);
      for (const value of values) expect(formatNumber(value, language, digits), `${value} ${JSON.stringify(digits)}`).toBe(intl.format(value));
    }
  });

  it.each(LANGUAGES)('write euros and kilometres as Intl does in %s', (language) => {
    const euros = new Intl.NumberFormat(formatLocale(language), { style: 'currency', currency: 'EUR' });
    const wholeEuros = new Intl.NumberFormat(formatLocale(language), { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
    const km = new Intl.NumberFormat(formatLocale(language), { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
    for (const value of values) {
      expect(formatEuroAmount(value, language, 2), String(value)).toBe(euros.format(value));
      expect(formatEuroAmount(value, language, 0), String(value)).toBe(wholeEuros.format(value));
      expect(formatKilometres(value, language), String(value)).toBe(km.format(value));
    }
  });

  it('reads as the company writes: narrow spaces in French, Western digits in Arabic', () => {
    expect(formatNumber(1234.5, 'fr')).toBe('1\u202f234,5');
    expect(formatNumber(1234.5, 'ar')).toBe('1,234.5');
    expect(formatEuroAmount(84, 'fr', 0)).toBe('84\u00a0€');
    expect(formatEuroAmount(-12.3, 'en', 2)).toBe('-€12.30');
    expect(formatKilometres(24.85, 'ar')).toBe('24.9 كم');
  });

  it('leaves to Intl what it writes in another form', () => {
    for (const value of [1e21, 1e-7, -0, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatNumber(value, 'fr')).toBe(new Intl.NumberFormat('fr-FR').format(value));
    }
  });
});
