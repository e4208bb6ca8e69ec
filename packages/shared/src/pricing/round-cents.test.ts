import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { percentOfCents, percentOfCentsToEuro, roundCents, roundToEuroCents } from './round-cents.ts';

describe('roundCents', () => {
  it('rounds halves away from zero', () => {
    expect(roundCents(2.5)).toBe(3);
    expect(roundCents(2.4999)).toBe(2);
    expect(roundCents(-2.5)).toBe(-3);
    expect(roundCents(0)).toBe(0);
    expect(Object.is(roundCents(-0.2), 0)).toBe(true);
  });
  it('is not fooled by binary noise', () => {
    expect(0.145 * 100).toBe(14.499999999999998);
    expect(roundCents(0.145 * 100)).toBe(15);
    expect(roundCents(1.005 * 1000)).toBe(1005);
    expect(roundCents(4.35 * 100)).toBe(435);
  });
  it('refuses what is not a number', () => {
    expect(() => roundCents(Number.NaN)).toThrow(RangeError);
    expect(() => roundCents(Infinity)).toThrow(RangeError);
  });
  it('gives integers within half a cent (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (amount) => {
        const rounded = roundCents(amount);
        expect(Number.isInteger(rounded)).toBe(true);
        expect(Math.abs(rounded - amount)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});

describe('percentOfCents', () => {
  it('takes a rounded percentage', () => {
    expect(percentOfCents(12_345, 20)).toBe(2469);
    expect(percentOfCents(12_343, 20)).toBe(2469); // 2468.6
    expect(percentOfCents(12_342, 20)).toBe(2468); // 2468.4
    expect(percentOfCents(0, 20)).toBe(0);
  });
});

describe('roundToEuroCents', () => {
  it('rounds cents to whole euros, halves away from zero', () => {
    expect(roundToEuroCents(8_325)).toBe(8_300);
    expect(roundToEuroCents(8_350)).toBe(8_400);
    expect(roundToEuroCents(8_349.99)).toBe(8_300);
    expect(roundToEuroCents(0)).toBe(0);
    expect(roundToEuroCents(0.145 * 10_000)).toBe(1_500); // 14.4999... EUR read as 14.50
  });
  it('gives whole euros within half a euro (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e8, noNaN: true }), (amount) => {
        const rounded = roundToEuroCents(amount);
        expect(rounded % 100).toBe(0);
        expect(Math.abs(rounded - amount)).toBeLessThanOrEqual(50 + 1e-4);
      }),
    );
  });
  it('takes a percentage in whole euros', () => {
    expect(percentOfCentsToEuro(8_300, 20)).toBe(1_700); // 16.60
    expect(percentOfCentsToEuro(7_500, 15)).toBe(1_100); // 11.25
  });
});
