import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { estimateRoadDistanceKm, haversineKm, roundKm, routeGreatCircleKm, type GeoPoint } from './distance.ts';
import { findFixedPlace } from './fixed-places.ts';

const place = (id: string): GeoPoint => {
  const found = findFixedPlace(id);
  if (!found) throw new Error(id);
  return found;
};

describe('haversineKm', () => {
  it('matches known great-circle distances', () => {
    // Nice airport to Marseille airport: about 161 km as the crow flies.
    expect(haversineKm(place('airport-nice-cote-d-azur'), place('airport-marseille-provence'))).toBeCloseTo(161, -1);
    // Paris to London: about 344 km.
    expect(haversineKm({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 })).toBeCloseTo(343.5, 0);
    // A quarter of a meridian.
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 90, lon: 0 })).toBeCloseTo((Math.PI * 6371.0088) / 2, 6);
  });
  it('is symmetric, non-negative and zero on the same point', () => {
    const point = fc.record({ lat: fc.double({ min: -90, max: 90, noNaN: true }), lon: fc.double({ min: -180, max: 180, noNaN: true }) });
    fc.assert(
      fc.property(point, point, (a, b) => {
        expect(haversineKm(a, b)).toBeGreaterThanOrEqual(0);
        expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
        expect(haversineKm(a, a)).toBe(0);
      }),
    );
  });
});

describe('estimateRoadDistanceKm', () => {
  it('sums the legs through the stops in order, times 1.3, to 0.1 km', () => {
    const nice = place('city-nice');
    const cannes = place('city-cannes');
    const monaco = place('city-monaco');
    const direct = estimateRoadDistanceKm([nice, monaco]);
    expect(direct).toBe(roundKm(haversineKm(nice, monaco) * 1.3));
    const viaCannes = estimateRoadDistanceKm([nice, cannes, monaco]);
    expect(viaCannes).toBe(roundKm((haversineKm(nice, cannes) + haversineKm(cannes, monaco)) * 1.3));
    expect(viaCannes).toBeGreaterThan(direct);
    expect(Number.isInteger(viaCannes * 10)).toBe(true);
  });
  it('takes another factor and gives 0 for a route without legs', () => {
    const a = place('station-nice-ville');
    const b = place('station-cannes');
    expect(estimateRoadDistanceKm([a, b], 1)).toBe(roundKm(routeGreatCircleKm([a, b])));
    expect(estimateRoadDistanceKm([a])).toBe(0);
    expect(estimateRoadDistanceKm([])).toBe(0);
  });
});
