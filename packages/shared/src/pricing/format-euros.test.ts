import { describe, expect, it } from 'vitest';
import { formatEuros } from './format-euros.ts';

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
