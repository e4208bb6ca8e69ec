import { estimateRoadLegKm, type GeoPoint } from '../places/distance.ts';

/** Under this road distance the car is as good as there: the estimate is its position's time. */
const ARRIVED_KM = 0.05;

/**
 * When the car should reach the pickup from where it was last seen (decision 0132): the offline
 * road estimate of that leg (places/distance.ts) at `speedKmh`, counted from the position's time
 * and never before `now`. Minutes are rounded up, so "2 min" is never said of a car 2.5 min away.
 */
export function estimateArrival(from: GeoPoint & { at: Date }, pickup: GeoPoint, speedKmh: number, now: Date): { at: Date; minutes: number; km: number } {
  const leg = estimateRoadLegKm(from, pickup);
  const km = leg < ARRIVED_KM ? 0 : leg;
  const arrives = Math.max(from.at.getTime() + (km / speedKmh) * 3_600_000, now.getTime());
  return { at: new Date(arrives), minutes: Math.ceil((arrives - now.getTime()) / 60_000), km: Math.round(km * 10) / 10 };
}
