import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findPricingRow, priceFromRow, priceTrip, type PriceTripInput, type PricingRow } from './price-trip.ts';
import { roundCents, roundToEuroCents } from './round-cents.ts';

const seasons = [
  { id: 1, name: 'winter', startMonth: 11, endMonth: 2 },
  { id: 2, name: 'spring', startMonth: 3, endMonth: 5 },
  { id: 3, name: 'summer', startMonth: 6, endMonth: 10 },
];
const row = (overrides: Partial<PricingRow>): PricingRow => ({
  seasonId: 3,
  kmStart: 0,
  kmEnd: null,
  minPriceCents: null,
  pricePerKmCents: null,
  minPriceNightCents: null,
  priceNightPerKmCents: null,
  ...overrides,
});
const summerRows: PricingRow[] = [
  row({ kmStart: 0, kmEnd: 20, minPriceCents: 6_000, minPriceNightCents: 7_500 }),
  row({ kmStart: 20, kmEnd: 100, pricePerKmCents: 250, priceNightPerKmCents: 310 }),
  row({ kmStart: 100, kmEnd: null, pricePerKmCents: 200 }),
];
const base: PriceTripInput = {
  distanceKm: 30,
  pickup: { month: 7, day: 10, hour: 10 },
  car: { id: 1, seats: 7, packages: 7 },
  party: { adults: 2, children: 1, luggage: { under10kg: 2, above10kg: 1, above30kg: 0 } },
  seasons,
  pricings: summerRows,
  holidays: [
    { day: 14, month: 7 },
    { day: 25, month: 12 },
  ],
};

describe('priceTrip examples', () => {
  it('prices a day trip per km in its band', () => {
    expect(priceTrip(base)).toEqual({
      bookable: true,
      source: 'pricing',
      seasonId: 3,
      night: false,
      holiday: false,
      returnTrip: false,
      oneWayCents: 7_500,
      holidaySurchargeCents: 0,
      totalCents: 7_500,
      depositCents: 1_500,
    });
  });
  it('prices a night trip with the night rate per km, and a night fixed price in the short band', () => {
    expect(priceTrip({ ...base, pickup: { month: 7, day: 10, hour: 19 } })).toMatchObject({ night: true, oneWayCents: 9_300 });
    expect(priceTrip({ ...base, distanceKm: 12.5, pickup: { month: 7, day: 10, hour: 4 } })).toMatchObject({ night: true, oneWayCents: 7_500 });
    expect(priceTrip({ ...base, distanceKm: 12.5, pickup: { month: 7, day: 10, hour: 5 } })).toMatchObject({ night: false, oneWayCents: 6_000 });
  });
  it('uses the day rate at night when the row has no night price', () => {
    expect(priceTrip({ ...base, distanceKm: 150, pickup: { month: 7, day: 10, hour: 22 } })).toMatchObject({ night: true, oneWayCents: 30_000 });
  });
  it('rounds the per-km price to whole euros, halves up (decisions 3.3)', () => {
    expect(priceTrip({ ...base, distanceKm: 33.3 })).toMatchObject({ oneWayCents: 8_300 }); // 83.25 EUR
    expect(priceTrip({ ...base, distanceKm: 33.4 })).toMatchObject({ oneWayCents: 8_400 }); // 83.50 EUR
    expect(priceTrip({ ...base, distanceKm: 33.33, pickup: { month: 7, day: 10, hour: 20 } })).toMatchObject({ oneWayCents: 10_300 }); // 103.32 EUR
  });
  it('keeps a fixed price as stored, cents included, and only the deposit carries computed cents', () => {
    const listed = { ...base, fixedRoutePriceCents: 12_345, seasons: [], pricings: [] };
    expect(priceTrip(listed)).toMatchObject({ oneWayCents: 12_345, totalCents: 12_345, depositCents: 2_469 });
    expect(priceTrip({ ...base, distanceKm: 33.7 })).toMatchObject({ oneWayCents: 8_400, totalCents: 8_400, depositCents: 1_680 });
    expect(priceTrip({ ...base, distanceKm: 33.9, returnTrip: true })).toMatchObject({ oneWayCents: 8_500, totalCents: 17_000, depositCents: 3_400 });
    expect(priceTrip({ ...base, distanceKm: 33.1, pickup: { month: 7, day: 14, hour: 10 } })).toMatchObject({
      oneWayCents: 8_300, // 82.75 EUR -> 83
      holidaySurchargeCents: 1_700, // 20 % of 83 = 16.60 -> 17
      totalCents: 10_000,
      depositCents: 2_000,
    });
  });
  it('adds the holiday surcharge, then doubles for a return trip', () => {
    const holiday = { ...base, pickup: { month: 7, day: 14, hour: 10 } };
    expect(priceTrip(holiday)).toMatchObject({ holiday: true, oneWayCents: 7_500, holidaySurchargeCents: 1_500, totalCents: 9_000, depositCents: 1_800 });
    expect(priceTrip({ ...holiday, returnTrip: true })).toMatchObject({ returnTrip: true, holidaySurchargeCents: 3_000, totalCents: 18_000, depositCents: 3_600 });
    expect(priceTrip({ ...holiday, holidaySurchargePercent: 15 })).toMatchObject({ holidaySurchargeCents: 1_100, totalCents: 8_600 }); // 11.25 EUR -> 11
  });
  it('adds the surcharge on an Easter-relative holiday, found from the year', () => {
    const easterMonday = { ...base, holidays: [{ kind: 'easter', easterOffset: 1 }] } satisfies PriceTripInput;
    expect(priceTrip({ ...easterMonday, pickup: { year: 2027, month: 3, day: 29, hour: 10 }, seasons: [{ id: 3, name: 'all', startMonth: 1, endMonth: 12 }] })).toMatchObject({
      holiday: true,
      holidaySurchargeCents: 1_500,
    });
    expect(priceTrip({ ...easterMonday, pickup: { year: 2026, month: 3, day: 29, hour: 10 }, seasons: [{ id: 3, name: 'all', startMonth: 1, endMonth: 12 }] })).toMatchObject({
      holiday: false,
      holidaySurchargeCents: 0,
    });
  });
  it('prefers the price list, holiday surcharge included', () => {
    const listed = { ...base, fixedRoutePriceCents: 12_000, seasons: [], pricings: [] };
    expect(priceTrip(listed)).toEqual({
      bookable: true,
      source: 'price_list',
      night: false,
      holiday: false,
      returnTrip: false,
      oneWayCents: 12_000,
      holidaySurchargeCents: 0,
      totalCents: 12_000,
      depositCents: 2_400,
    });
    expect(priceTrip({ ...listed, pickup: { month: 12, day: 25, hour: 20 }, returnTrip: true })).toMatchObject({
      night: true,
      holiday: true,
      totalCents: 28_800,
    });
  });
  it('judges an instant on Paris clocks', () => {
    // 2026-07-14T17:30Z is 19:30 in Paris on Bastille Day (a holiday in the list).
    expect(priceTrip({ ...base, pickup: new Date('2026-07-14T17:30:00Z') })).toMatchObject({ night: true, holiday: true, oneWayCents: 9_300 });
    // 2026-12-31T23:30Z is already 1 January in Paris: winter season, no row -> not bookable.
    expect(priceTrip({ ...base, pickup: new Date('2026-10-31T23:30:00Z') })).toEqual({ bookable: false, reason: 'no_pricing_band' });
  });
  it('says why a car is not bookable', () => {
    expect(priceTrip({ ...base, seasons: seasons.filter((s) => s.id !== 3) })).toEqual({ bookable: false, reason: 'no_season' });
    expect(priceTrip({ ...base, pickup: { month: 1, day: 10, hour: 10 } })).toEqual({ bookable: false, reason: 'no_pricing_band' });
    expect(priceTrip({ ...base, pricings: [row({ kmStart: 0, kmEnd: null })] })).toEqual({ bookable: false, reason: 'no_pricing_band' });
    expect(priceTrip({ ...base, party: { ...base.party, adults: 7 } })).toEqual({ bookable: false, reason: 'car_not_allowed' });
    expect(priceTrip({ ...base, fixedRoutePriceCents: 5_000, party: { ...base.party, luggage: { under10kg: 8, above10kg: 0, above30kg: 0 } } })).toEqual({
      bookable: false,
      reason: 'car_not_allowed',
    });
  });
  it('refuses an invalid distance', () => {
    expect(() => priceTrip({ ...base, distanceKm: -1 })).toThrow(RangeError);
    expect(() => priceTrip({ ...base, distanceKm: Number.NaN })).toThrow(RangeError);
  });
});

const cents = fc.integer({ min: 0, max: 500_000 });
const optionalCents = fc.option(cents, { nil: null });
const perKm = fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: null });
const anyRow = fc.record({
  seasonId: fc.constant(1),
  kmStart: fc.constant(0),
  kmEnd: fc.constant(null),
  minPriceCents: optionalCents,
  pricePerKmCents: fc.integer({ min: 0, max: 2_000 }),
  minPriceNightCents: optionalCents,
  priceNightPerKmCents: perKm,
});
const distance = fc.double({ min: 0, max: 3_000, noNaN: true });
const pickup = fc.record({ month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }), hour: fc.integer({ min: 0, max: 23 }) });
const inputs = fc.record({
  distanceKm: distance,
  pickup,
  row: anyRow,
  fixed: fc.option(cents, { nil: null }),
  holiday: fc.boolean(),
  surcharge: fc.integer({ min: 0, max: 100 }),
});
type Sample = { distanceKm: number; pickup: { month: number; day: number; hour: number }; row: PricingRow; fixed: number | null; holiday: boolean; surcharge: number };
const toInput = (v: Sample, returnTrip = false): PriceTripInput => ({
  ...base,
  distanceKm: v.distanceKm,
  pickup: v.pickup,
  seasons: [{ id: 1, name: 'all year', startMonth: 1, endMonth: 12 }],
  pricings: [v.row],
  fixedRoutePriceCents: v.fixed,
  holidays: v.holiday ? [{ day: v.pickup.day, month: v.pickup.month }] : [],
  holidaySurchargePercent: v.surcharge,
  returnTrip,
});

describe('priceTrip properties', () => {
  it('is never negative and always whole cents', () => {
    fc.assert(
      fc.property(inputs, (v) => {
        const price = priceTrip(toInput(v));
        if (!price.bookable) throw new Error('should be bookable');
        for (const amount of [price.oneWayCents, price.holidaySurchargeCents, price.totalCents, price.depositCents]) {
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(amount)).toBe(true);
        }
      }),
    );
  });
  it('prices a return trip at exactly twice the one-way trip', () => {
    fc.assert(
      fc.property(inputs, (v) => {
        const single = priceTrip(toInput(v));
        const both = priceTrip(toInput(v, true));
        if (!single.bookable || !both.bookable) throw new Error('should be bookable');
        expect(both.totalCents).toBe(2 * single.totalCents);
        expect(both.holidaySurchargeCents).toBe(2 * single.holidaySurchargeCents);
        expect(both.oneWayCents).toBe(single.oneWayCents);
      }),
    );
  });
  it('asks a deposit of round(20 % of the total)', () => {
    fc.assert(
      fc.property(inputs, fc.boolean(), (v, returnTrip) => {
        const price = priceTrip(toInput(v, returnTrip));
        if (!price.bookable) throw new Error('should be bookable');
        expect(price.depositCents).toBe(roundCents(price.totalCents * 0.2));
        expect(price.totalCents).toBe((price.oneWayCents + price.holidaySurchargeCents / (returnTrip ? 2 : 1)) * (returnTrip ? 2 : 1));
      }),
    );
  });
  it('uses night rates at night and day rates by day', () => {
    fc.assert(
      fc.property(inputs, (v) => {
        const price = priceTrip(toInput({ ...v, fixed: null }));
        if (!price.bookable) throw new Error('should be bookable');
        const { row, distanceKm } = v;
        const day = row.minPriceCents ?? roundToEuroCents(row.pricePerKmCents! * distanceKm);
        const nightRate =
          row.minPriceNightCents ?? (row.priceNightPerKmCents === null ? null : roundToEuroCents(row.priceNightPerKmCents * distanceKm));
        const isNight = v.pickup.hour >= 19 || v.pickup.hour < 5;
        expect(price.night).toBe(isNight);
        expect(price.oneWayCents).toBe(isNight ? (nightRate ?? day) : day);
      }),
    );
  });
  it('puts every distance in exactly one band: kmStart inclusive, kmEnd exclusive', () => {
    const edges = fc.uniqueArray(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 6 }).map((list) => [0, ...list.sort((a, b) => a - b)]);
    fc.assert(
      fc.property(edges, fc.boolean(), fc.double({ min: 0, max: 1_200, noNaN: true }), (starts, openEnded, km) => {
        const rows = starts.map((kmStart, index) =>
          row({ seasonId: 1, kmStart, kmEnd: starts[index + 1] ?? (openEnded ? null : 1_100), minPriceCents: index + 1 }),
        );
        const matching = rows.filter((r) => r.kmStart <= km && (r.kmEnd === null || km < r.kmEnd));
        expect(matching.length).toBe(km >= 1_100 && !openEnded ? 0 : 1);
        expect(findPricingRow(rows, 1, km)).toBe(matching[0]);
        for (const edge of starts.slice(1)) {
          // An edge belongs to the band that starts there, not to the one that ends there.
          expect(findPricingRow(rows, 1, edge)?.kmStart).toBe(edge);
        }
      }),
    );
  });
});

describe('priceFromRow', () => {
  it('returns null when a row has no price', () => {
    expect(priceFromRow(row({}), 10, false)).toBeNull();
    expect(priceFromRow(row({ minPriceNightCents: 100 }), 10, false)).toBeNull();
    expect(priceFromRow(row({ minPriceNightCents: 100 }), 10, true)).toBe(100);
  });
});
