import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { issuesOf } from '../test-support/issues.ts';
import { kmBandsOverlap, PricingBody } from './pricing-schemas.ts';

describe('PricingBody', () => {
  it('reads form values as numbers and euros', () => {
    expect(PricingBody.parse({ carId: '3', seasonId: '1', kmStart: '0', kmEnd: '20', minPrice: '60', minPriceNight: '75,50', pricePerKm: '', priceNight: null })).toEqual({
      carId: 3,
      seasonId: 1,
      kmStart: 0,
      kmEnd: 20,
      minPrice: 60,
      minPriceNight: 75.5,
      pricePerKm: undefined,
      priceNight: undefined,
    });
  });
  it('accepts its own output again', () => {
    const once = PricingBody.parse({ carId: 1, seasonId: 2, kmStart: 20, pricePerKm: '2.5' });
    expect(PricingBody.parse(once)).toEqual(once);
  });
  it('needs car, season and kmStart', () => {
    expect(issuesOf(PricingBody.safeParse({ minPrice: 10 }))).toEqual({ carId: 'required', seasonId: 'required', kmStart: 'required' });
  });
  it('needs a fixed price or a price per km, even while another field is wrong', () => {
    expect(issuesOf(PricingBody.safeParse({ carId: 1, seasonId: 1, kmStart: 0, priceNight: 3 }))).toEqual({ minPrice: 'price_required' });
    expect(issuesOf(PricingBody.safeParse({ seasonId: 1, kmStart: 0 }))).toEqual({ carId: 'required', minPrice: 'price_required' });
  });
  it('refuses a bad amount and a band that ends before it starts', () => {
    expect(issuesOf(PricingBody.safeParse({ carId: 1, seasonId: 1, kmStart: 0, minPrice: '12.345' }))).toEqual({ minPrice: 'price_invalid' });
    expect(issuesOf(PricingBody.safeParse({ carId: 1, seasonId: 1, kmStart: 50, kmEnd: 50, minPrice: 10 }))).toEqual({ kmEnd: 'km_band_invalid' });
    expect(issuesOf(PricingBody.safeParse({ carId: 1, seasonId: 1, kmStart: -1, minPrice: 10 }))).toEqual({ kmStart: 'out_of_range?min=0&max=100000' });
  });
});

describe('kmBandsOverlap', () => {
  it('treats bands as half-open, with an open end', () => {
    expect(kmBandsOverlap({ kmStart: 0, kmEnd: 20 }, { kmStart: 20, kmEnd: 50 })).toBe(false);
    expect(kmBandsOverlap({ kmStart: 0, kmEnd: 21 }, { kmStart: 20, kmEnd: 50 })).toBe(true);
    expect(kmBandsOverlap({ kmStart: 100, kmEnd: null }, { kmStart: 20, kmEnd: 100 })).toBe(false);
    expect(kmBandsOverlap({ kmStart: 100 }, { kmStart: 500 })).toBe(true);
  });
  it('is symmetric and agrees with sharing a distance (property)', () => {
    const band = fc
      .tuple(fc.integer({ min: 0, max: 200 }), fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }))
      .map(([kmStart, length]) => ({ kmStart, kmEnd: length === null ? null : kmStart + length }));
    fc.assert(
      fc.property(band, band, (a, b) => {
        const holds = (x: typeof a, km: number) => x.kmStart <= km && (x.kmEnd === null || km < x.kmEnd);
        // Bands have integer edges, so a shared distance exists iff a shared half-km exists.
        let shared = false;
        for (let km = 0; km <= 400 && !shared; km += 0.5) shared = holds(a, km) && holds(b, km);
        expect(kmBandsOverlap(a, b)).toBe(shared);
        expect(kmBandsOverlap(b, a)).toBe(kmBandsOverlap(a, b));
      }),
    );
  });
});
