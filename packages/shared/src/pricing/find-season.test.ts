import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findSeason, monthInSeason, seasonMonths, seasonsOverlap } from './find-season.ts';

const seasons = [
  { id: 1, name: 'winter', startMonth: 11, endMonth: 2 },
  { id: 2, name: 'spring', startMonth: 3, endMonth: 5 },
  { id: 3, name: 'summer', startMonth: 6, endMonth: 8 },
  { id: 4, name: 'autumn', startMonth: 9, endMonth: 10 },
];

describe('findSeason', () => {
  it('finds plain and wrapping ranges', () => {
    expect([1, 2, 3, 5, 6, 8, 9, 10, 11, 12].map((m) => findSeason(m, seasons)?.id)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 1, 1]);
  });
  it('gives undefined for a month no season holds', () => {
    expect(findSeason(7, seasons.filter((s) => s.id !== 3))).toBeUndefined();
    expect(findSeason(1, [])).toBeUndefined();
  });
  it('takes the first of overlapping seasons', () => {
    expect(findSeason(6, [{ id: 9, startMonth: 5, endMonth: 7 }, seasons[2]!])?.id).toBe(9);
  });
  it('treats a one-month season and a full-year wrap', () => {
    expect(seasonMonths({ startMonth: 4, endMonth: 4 })).toEqual([4]);
    expect(seasonMonths({ startMonth: 12, endMonth: 11 })).toHaveLength(12);
    expect(seasonMonths({ startMonth: 11, endMonth: 2 })).toEqual([1, 2, 11, 12]);
  });
  it('agrees with the month count of a range (property)', () => {
    const month = fc.integer({ min: 1, max: 12 });
    fc.assert(
      fc.property(month, month, (startMonth, endMonth) => {
        const expected = startMonth <= endMonth ? endMonth - startMonth + 1 : 12 - startMonth + 1 + endMonth;
        expect(seasonMonths({ startMonth, endMonth })).toHaveLength(expected);
        expect(monthInSeason(startMonth, { startMonth, endMonth })).toBe(true);
        expect(monthInSeason(endMonth, { startMonth, endMonth })).toBe(true);
      }),
    );
  });
});

describe('seasonsOverlap', () => {
  it('detects shared months, wrapping included', () => {
    expect(seasonsOverlap(seasons[0]!, seasons[1]!)).toBe(false);
    expect(seasonsOverlap(seasons[0]!, { startMonth: 12, endMonth: 12 })).toBe(true);
    expect(seasonsOverlap({ startMonth: 10, endMonth: 1 }, { startMonth: 11, endMonth: 3 })).toBe(true);
  });
});
