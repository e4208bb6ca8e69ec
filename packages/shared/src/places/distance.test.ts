import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { estimateRoadDistanceKm, estimateRoadLegKm, haversineKm, roundKm, type GeoPoint } from './distance.ts';
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
  const at = (lat: number, lon: number): GeoPoint => ({ lat, lon });
  const town = {
    antibes: at(43.5804, 7.1251),
    grasse: at(43.6589, 6.9237),
    menton: at(43.7747, 7.4975),
    saintTropez: at(43.2727, 6.6406),
    sanRemo: place('town-san-remo'),
    aix: at(43.5297, 5.4474),
  };
  /**
   * Road distances as commonly published for the fastest car route (route planners such as
   * ViaMichelin or Google Maps, rounded to the km), decision 0077. Each estimate must fall
   * within `tolerance` of the road distance.
   */
  const known: [name: string, from: GeoPoint, to: GeoPoint, roadKm: number, tolerance: number][] = [
    ['Nice airport -> Monaco', place('airport-nice-cote-d-azur'), place('city-monaco'), 31, 0.05],
    ['Nice -> Cannes', place('city-nice'), place('city-cannes'), 33, 0.05],
    ['Nice -> Saint-Tropez', place('city-nice'), town.saintTropez, 105, 0.05],
    ['Cannes -> Marseille airport', place('city-cannes'), place('airport-marseille-provence'), 180, 0.05],
    ['Nice -> Menton', place('city-nice'), town.menton, 31, 0.05],
    ['Nice -> Genoa', place('city-nice'), place('town-genoa'), 194, 0.05],
    ['Nice -> Marseille', place('city-nice'), place('city-marseille'), 198, 0.05],
    ['Nice -> Toulon', place('city-nice'), place('city-toulon'), 151, 0.05],
    ['Nice -> Antibes', place('city-nice'), town.antibes, 23, 0.07],
    ['Nice -> San Remo', place('city-nice'), town.sanRemo, 57, 0.05],
    ['Nice -> Milan', place('city-nice'), place('town-milan'), 315, 0.05],
    ['Nice -> Aix-en-Provence', place('city-nice'), town.aix, 177, 0.05],
    ['Nice -> Grasse', place('city-nice'), town.grasse, 40, 0.1],
    ['Nice airport -> Cannes', place('airport-nice-cote-d-azur'), place('city-cannes'), 27, 0.05],
  ];

  it.each(known)('estimates %s within its tolerance of the road distance', (_name, from, to, roadKm, tolerance) => {
    const estimate = estimateRoadDistanceKm([from, to]);
    expect(Math.abs(estimate - roadKm) / roadKm).toBeLessThanOrEqual(tolerance);
  });

  it('does better than the straight line times 1.3 over the known routes', () => {
    const error = (estimate: (from: GeoPoint, to: GeoPoint) => number) =>
      Math.sqrt(known.reduce((sum, [, from, to, road]) => sum + ((estimate(from, to) - road) / road) ** 2, 0) / known.length);
    const before = error((from, to) => haversineKm(from, to) * 1.3);
    const after = error((from, to) => estimateRoadDistanceKm([from, to]));
    expect(before).toBeGreaterThan(0.09);
    expect(after).toBeLessThan(0.045);
  });

  it('sums the legs through the stops in order, to 0.1 km', () => {
    const nice = place('city-nice');
    const cannes = place('city-cannes');
    const monaco = place('city-monaco');
    const direct = estimateRoadDistanceKm([nice, monaco]);
    expect(direct).toBe(roundKm(estimateRoadLegKm(nice, monaco)));
    const viaCannes = estimateRoadDistanceKm([nice, cannes, monaco]);
    expect(viaCannes).toBe(roundKm(estimateRoadLegKm(nice, cannes) + estimateRoadLegKm(cannes, monaco)));
    expect(viaCannes).toBeGreaterThan(direct);
    expect(Number.isInteger(Math.round(viaCannes * 10))).toBe(true);
  });

  it('gives 0 for a route without legs or a leg that does not move, and little for a short hop', () => {
    const a = place('station-nice-ville');
    expect(estimateRoadDistanceKm([a])).toBe(0);
    expect(estimateRoadDistanceKm([])).toBe(0);
    expect(estimateRoadDistanceKm([a, a])).toBe(0);
    // 1 km as the crow flies in town: about 2 km by road, not 1 km plus the whole access allowance.
    const hop = estimateRoadDistanceKm([a, { lat: a.lat + 0.009, lon: a.lon }]);
    expect(hop).toBeGreaterThan(1.2);
    expect(hop).toBeLessThan(2.5);
  });
});
