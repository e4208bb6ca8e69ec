/**
 * Offline distance estimate (decisions 5): great-circle distance along the route, times a road
 * factor. 1.3 is the usual detour index for intercity roads (road distance is typically 1.2 to
 * 1.4 times the straight line); on the coast's winding roads it errs on the short side, which
 * is why the page labels such a distance as an estimate.
 */

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;
export const ROAD_FACTOR = 1.3;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two points, km (haversine formula), unrounded. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Rounds a distance to one decimal (0.1 km), as shown and priced. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

/** Sum of great-circle legs along the route (origin, stops in order, destination), unrounded. */
export function routeGreatCircleKm(route: readonly GeoPoint[]): number {
  let total = 0;
  for (let i = 1; i < route.length; i += 1) total += haversineKm(route[i - 1]!, route[i]!);
  return total;
}

/**
 * Estimated road distance of a route: the great-circle legs summed, times `factor`, rounded to
 * 0.1 km. A route of fewer than two points is 0 km.
 */
export function estimateRoadDistanceKm(route: readonly GeoPoint[], factor: number = ROAD_FACTOR): number {
  return roundKm(routeGreatCircleKm(route) * factor);
}
