import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceHire, priceOvertime, type HireRate, type PriceHireInput } from './price-hire.ts';

const seasons = [
  { id: 1, name: 'winter', startMonth: 11, endMonth: 4 },
  { id: 2, name: 'summer', startMonth: 5, endMonth: 10 },
];
const summerRate: HireRate = {
  seasonId: 2,
  pricePerHourCents: 7_500,
  minHours: 3,
  kmIncludedPerHour: 20,
  pricePerExtraKmCents: 250,
  pricePerDayCents: 60_000,
};
const base: PriceHireInput = {
  service: { kind: 'hourly', hours: 5 },
  pickup: { year: 2027, month: 7, day: 10, hour: 10 },
  car: { id: 1, seats: 4, packages: 4 },
  party: { adults: 2, children: 0, luggage: { under10kg: 1, above10kg: 1, above30kg: 0 } },
  seasons,
  rates: [summerRate, { ...summerRate, seasonId: 1, pricePerHourCents: 6_000, pricePerDayCents: 45_000 }],
  holidays: [{ day: 14, month: 7 }],
};
const priced = (input: Partial<PriceHireInput>) => {
  const quote = priceHire({ ...base, ...input });
  if (!quote.bookable) throw new Error(`not bookable: ${quote.reason}`);
  return quote;
};

describe('priceHire examples', () => {
  it('prices five day-time hours at the season hourly rate with 100 km included', () => {
    const quote = priced({});
    expect(quote).toMatchObject({ seasonId: 2, billedHours: 5, timeCents: 37_500, kmIncluded: 100, extraKmCents: 0, totalCents: 37_500, depositCents: 7_500 });
  });

  it('bills the minimum hours for a shorter hire', () => {
    expect(priced({ service: { kind: 'hourly', hours: 1 } })).toMatchObject({ billedHours: 3, timeCents: 22_500 });
  });

  it('charges the km beyond those included, in whole euros', () => {
    expect(priced({ km: 130.4 })).toMatchObject({ extraKm: 30.4, extraKmCents: 7_600, totalCents: 45_100 });
  });

  it('adds the night surcharge on the night hours only', () => {
    // 17:00 for 4 h: 17, 18 by day, 19, 20 at night -> 2 x 75 EUR x 20 % = 30 EUR.
    expect(priced({ service: { kind: 'hourly', hours: 4 }, pickup: { year: 2027, month: 7, day: 10, hour: 17 } })).toMatchObject({ nightSurchargeCents: 3_000, timeCents: 33_000 });
  });

  it('caps a long day at the day rate', () => {
    expect(priced({ service: { kind: 'hourly', hours: 10 } })).toMatchObject({ timeCents: 60_000, dayRateApplied: true, kmIncluded: 200 });
  });

  it('prices a hire by the day per day with 8 hours of km per day, and a holiday day surcharged', () => {
    const quote = priced({ service: { kind: 'daily', days: 2 }, pickup: { year: 2027, month: 7, day: 13, hour: 9 } });
    expect(quote).toMatchObject({ billedDays: 2, timeCents: 120_000, kmIncluded: 320, holiday: true, holidaySurchargeCents: 12_000, totalCents: 132_000 });
  });

  it('uses the season of the start month and says why a car cannot be hired', () => {
    expect(priced({ pickup: { year: 2027, month: 1, day: 10, hour: 10 } }).timeCents).toBe(30_000);
    expect(priceHire({ ...base, rates: [] })).toEqual({ bookable: false, reason: 'no_hire_rate' });
    expect(priceHire({ ...base, seasons: [] })).toEqual({ bookable: false, reason: 'no_season' });
    expect(priceHire({ ...base, party: { ...base.party, adults: 9 } })).toEqual({ bookable: false, reason: 'car_not_allowed' });
    expect(priceHire({ ...base, service: { kind: 'daily', days: 1 }, rates: [{ ...summerRate, pricePerDayCents: null }] })).toEqual({ bookable: false, reason: 'no_hire_rate' });
  });

  it('refuses impossible amounts', () => {
    expect(() => priceHire({ ...base, service: { kind: 'hourly', hours: 0 } })).toThrow(RangeError);
    expect(() => priceHire({ ...base, service: { kind: 'daily', days: 1.5 } })).toThrow(RangeError);
    expect(() => priceHire({ ...base, km: -1 })).toThrow(RangeError);
  });

  it('bills overtime in started quarter hours', () => {
    expect(priceOvertime(summerRate, 0)).toEqual({ quarters: 0, cents: 0 });
    expect(priceOvertime(summerRate, 1)).toEqual({ quarters: 1, cents: 1_900 });
    expect(priceOvertime(summerRate, 31)).toEqual({ quarters: 3, cents: 5_600 });
  });
});

const rateArb = fc.record({
  seasonId: fc.constant(2),
  pricePerHourCents: fc.integer({ min: 0, max: 50_000 }),
  minHours: fc.integer({ min: 1, max: 6 }),
  kmIncludedPerHour: fc.integer({ min: 0, max: 40 }),
  pricePerExtraKmCents: fc.integer({ min: 0, max: 1_000 }),
  pricePerDayCents: fc.option(fc.integer({ min: 0, max: 5_000 }).map((euros) => euros * 100), { nil: null }),
});
const hoursArb = fc.integer({ min: 1, max: 96 }).map((quarters) => quarters / 4);
const kmArb = fc.double({ min: 0, max: 2_000, noNaN: true });
const startArb = fc.record({ month: fc.integer({ min: 5, max: 10 }), day: fc.integer({ min: 1, max: 28 }), hour: fc.integer({ min: 0, max: 23 }) });
const withRate = (rate: HireRate, input: Partial<PriceHireInput>) => priceHire({ ...base, holidays: [], rates: [rate], ...input });

describe('priceHire properties', () => {
  it('is never negative and always whole euros', () => {
    fc.assert(
      fc.property(rateArb, hoursArb, kmArb, startArb, (rate, hours, km, start) => {
        const quote = withRate(rate, { service: { kind: 'hourly', hours }, km, pickup: { year: 2027, ...start } });
        if (!quote.bookable) return;
        expect(quote.totalCents).toBeGreaterThanOrEqual(0);
        expect(quote.totalCents % 100).toBe(0);
      }),
    );
  });

  it('never costs less for more hours (the quote, without extra km)', () => {
    fc.assert(
      fc.property(rateArb, hoursArb, hoursArb, startArb, (rate, a, b, start) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        const pickup = { year: 2027, ...start };
        const shortQuote = withRate(rate, { service: { kind: 'hourly', hours: short }, pickup });
        const longQuote = withRate(rate, { service: { kind: 'hourly', hours: long }, pickup });
        if (!shortQuote.bookable || !longQuote.bookable) return;
        expect(longQuote.totalCents).toBeGreaterThanOrEqual(shortQuote.totalCents);
      }),
    );
  });

  it('never costs less for more km', () => {
    fc.assert(
      fc.property(rateArb, hoursArb, kmArb, kmArb, (rate, hours, a, b) => {
        const [near, far] = a <= b ? [a, b] : [b, a];
        const nearQuote = withRate(rate, { service: { kind: 'hourly', hours }, km: near });
        const farQuote = withRate(rate, { service: { kind: 'hourly', hours }, km: far });
        if (!nearQuote.bookable || !farQuote.bookable) return;
        expect(farQuote.totalCents).toBeGreaterThanOrEqual(nearQuote.totalCents);
      }),
    );
  });

  it('never costs more than the day rate plus the extra km for a day (outside holidays)', () => {
    fc.assert(
      fc.property(rateArb, hoursArb, kmArb, startArb, (rate, hours, km, start) => {
        fc.pre(rate.pricePerDayCents !== null);
        const quote = withRate(rate, { service: { kind: 'hourly', hours }, km, pickup: { year: 2027, ...start } });
        if (!quote.bookable) return;
        expect(quote.totalCents).toBeLessThanOrEqual((rate.pricePerDayCents ?? 0) + quote.extraKmCents);
      }),
    );
  });
});
