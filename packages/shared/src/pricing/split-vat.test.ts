import { describe, expect, it } from 'vitest';
import { splitVat } from './split-vat.ts';

describe('splitVat', () => {
  it('takes 10 % VAT out of a price including tax', () => {
    expect(splitVat(11_000, 10)).toEqual({ totalExclTaxCents: 10_000, vatCents: 1_000, totalInclTaxCents: 11_000 });
  });

  it('rounds the amount excluding tax to the cent and keeps the sum exact', () => {
    // 45,60 € / 1.1 = 41,4545… → 41,45 € + 4,15 €
    expect(splitVat(4_560, 10)).toEqual({ totalExclTaxCents: 4_145, vatCents: 415, totalInclTaxCents: 4_560 });
    // 5 cents / 1.1 = 4,545… cents → 5 cents excluding tax, no VAT
    expect(splitVat(5, 10)).toEqual({ totalExclTaxCents: 5, vatCents: 0, totalInclTaxCents: 5 });
    for (const ttc of [1, 99, 12_345, 999_999]) {
      const split = splitVat(ttc, 5.5);
      expect(split.totalExclTaxCents + split.vatCents).toBe(ttc);
    }
  });

  it('works on negative amounts (credit notes) symmetrically', () => {
    expect(splitVat(-4_560, 10)).toEqual({ totalExclTaxCents: -4_145, vatCents: -415, totalInclTaxCents: -4_560 });
  });

  it('refuses what is not an amount or a rate', () => {
    expect(() => splitVat(1.5, 10)).toThrow(RangeError);
    expect(() => splitVat(100, -1)).toThrow(RangeError);
  });
});
