/**
 * Offline distance estimate (decisions 5, decision 0077): each leg's great-circle distance run
 * through a road curve calibrated on known routes of the region, summed along the route. The
 * page labels such a distance as an estimate.
 */

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;
/** Detour of the road over the straight line, for long legs (motorways: A8, A10, A7). */
export const ROAD_FACTOR = 1.23;
/** What getting out of and into towns adds to a leg, km; faded in over the first few km. */
export const ROAD_ACCESS_KM = 2;
const ACCESS_FADE_KM = 5;
/** Extra detour of the winding coast roads (Corniches, Saint-Tropez peninsula). */
export const WINDING_FACTOR = 1.19;

interface Area {
  south: number;
  north: number;
  west: number;
  east: number;
}

/**
 * Where the roads wind along the coast, measured on the map: the three Corniches between Nice
 * and the Italian border (Villefranche, Èze, Monaco, Menton), and the Saint-Tropez peninsula
 * with the Maures coast (Sainte-Maxime, Ramatuelle, Cavalaire). Nice itself, its airport and the
 * motorway towns west of it are outside.
 */
export const WINDING_AREAS: readonly Area[] = [
  { south: 43.68, north: 43.82, west: 7.28, east: 7.55 },
  { south: 43.15, north: 43.36, west: 6.45, east: 6.75 },
];

const inArea = (point: GeoPoint) => WINDING_AREAS.some((a) => point.lat >= a.south && point.lat <= a.north && point.lon >= a.west && point.lon <= a.east);

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

/**
 * Estimated road length of one leg, unrounded: the straight line times ROAD_FACTOR, plus
 * ROAD_ACCESS_KM (less on a leg under 5 km), times WINDING_FACTOR when either end lies on the
 * winding coast.
 */
export function estimateRoadLegKm(from: GeoPoint, to: GeoPoint): number {
  const straight = haversineKm(from, to);
  const road = straight * ROAD_FACTOR + ROAD_ACCESS_KM * Math.min(1, straight / ACCESS_FADE_KM);
  return inArea(from) || inArea(to) ? road * WINDING_FACTOR : road;
}

/** Estimated road distance of a route: its legs' estimates summed, rounded to 0.1 km. A route of fewer than two points is 0 km. */
export function estimateRoadDistanceKm(route: readonly GeoPoint[]): number {
  let total = 0;
  for (let i = 1; i < route.length; i += 1) total += estimateRoadLegKm(route[i - 1]!, route[i]!);
  return roundKm(total);
}
