import { describe, expect, it } from 'vitest';
import { formatEuros, formatPrice } from './format-euros.ts';

// Intl uses narrow and right-to-left marks as separators; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u200f/g, '');

describe('formatEuros', () => {
  it('formats cents as euros for each language', () => {
    expect(plain(formatEuros(123_450, 'fr'))).toBe('1 234,50 €');
    expect(formatEuros(123_450, 'en')).toBe('€1,234.50');
    expect(plain(formatEuros(123_450, 'ar'))).toBe('1,234.50 €');
    expect(plain(formatEuros(0, 'fr'))).toBe('0,00 €');
  });
});

describe('formatPrice', () => {
  it('shows a whole-euro price without cents, in each language', () => {
    expect(plain(formatPrice(8_400, 'fr'))).toBe('84 €');
    expect(formatPrice(123_400, 'en')).toBe('€1,234');
    expect(plain(formatPrice(8_400, 'ar'))).toBe('84 €');
  });
  it('keeps the cents of an amount that has some', () => {
    expect(plain(formatPrice(12_345, 'fr'))).toBe('123,45 €');
    expect(formatPrice(1_680, 'en')).toBe('€16.80');
  });
});
