import { describe, expect, it } from 'vitest';
import { estimateArrival } from './arrival-estimate.ts';

const NICE_AIRPORT = { lat: 43.6584, lon: 7.2159 };
const NICE = { lat: 43.7102, lon: 7.262 };

describe('estimateArrival', () => {
  it('counts the road estimate at the given speed from the time of the position', () => {
    const seen = new Date('2030-05-01T10:00:00Z');
    const estimate = estimateArrival({ ...NICE, at: seen }, NICE_AIRPORT, 60, seen);
    // 6.9 km straight, ~10.5 km by road at 60 km/h: about 11 minutes.
    expect(estimate.km).toBeGreaterThan(9);
    expect(estimate.km).toBeLessThan(12);
    expect(estimate.minutes).toBe(Math.ceil(estimate.km));
    expect(Math.abs(estimate.at.getTime() - seen.getTime() - estimate.km * 60_000)).toBeLessThan(3_000);
  });

  it('never says a time before now, and a car at the pickup arrives now', () => {
    const seen = new Date('2030-05-01T10:00:00Z');
    const later = new Date('2030-05-01T11:00:00Z');
    expect(estimateArrival({ ...NICE, at: seen }, NICE_AIRPORT, 60, later)).toMatchObject({ at: later, minutes: 0 });
    expect(estimateArrival({ ...NICE_AIRPORT, at: seen }, NICE_AIRPORT, 60, seen)).toEqual({ at: seen, minutes: 0, km: 0 });
  });

  it('rounds the minutes up', () => {
    const seen = new Date('2030-05-01T10:00:00Z');
    const estimate = estimateArrival({ ...NICE, at: seen }, NICE_AIRPORT, 200, seen);
    expect(estimate.minutes).toBeGreaterThanOrEqual((estimate.at.getTime() - seen.getTime()) / 60_000);
  });
});
