import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToEuros, eurosField, eurosToCents, optionalEurosField, parseEuros } from './euros-to-cents.ts';

describe('eurosToCents', () => {
  it('converts amounts typed with a dot or a comma', () => {
    expect(eurosToCents('85')).toBe(8_500);
    expect(eurosToCents('85.5')).toBe(8_550);
    expect(eurosToCents(' 85,55 ')).toBe(8_555);
    expect(eurosToCents(0.29)).toBe(29);
    expect(eurosToCents(1.15)).toBe(115);
    expect(eurosToCents(0)).toBe(0);
  });
  it('refuses negative amounts, more than two decimals and non-numbers', () => {
    for (const bad of ['-1', '1.234', '1e3', 'abc', '', '1 000', -1, 1.234, Number.NaN, Infinity]) {
      expect(parseEuros(bad), String(bad)).toBeNull();
      expect(() => eurosToCents(bad)).toThrow(RangeError);
    }
  });
  it('round-trips every amount of cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(eurosToCents(centsToEuros(cents))).toBe(cents);
        expect(eurosToCents(centsToEuros(cents).toFixed(2))).toBe(cents);
      }),
    );
  });
});

describe('eurosField', () => {
  it('gives euros, refuses bad amounts with price_invalid, blank with required', () => {
    expect(eurosField().parse('85,50')).toBe(85.5);
    expect(eurosField().parse(85.5)).toBe(85.5);
    expect(eurosField().safeParse('85.555').error?.issues[0]?.message).toBe('price_invalid');
    expect(eurosField().safeParse('').error?.issues[0]?.message).toBe('required');
    expect(optionalEurosField().parse('')).toBeUndefined();
    expect(optionalEurosField().safeParse('-3').error?.issues[0]?.message).toBe('price_invalid');
  });
});
