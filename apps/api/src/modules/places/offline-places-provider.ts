import { estimateRoadDistanceKm, type GeoPoint } from '@vtc/shared/places/distance';
import { locateById, locateByTitle, suggestPlaces } from './gazetteer';
import { PlaceNotFoundError, type PlacesProvider, type RoutePoint } from './places-provider';

/**
 * Where a route point is: a place id the server knows wins (the client cannot move a known
 * place), then the coordinates the client sent (an address picked from a maps widget), then
 * the gazetteer's reading of the text.
 */
export function locatePoint(point: RoutePoint): GeoPoint | undefined {
  const known = point.placeId ? locateById(point.placeId) : undefined;
  if (known) return known;
  if (typeof point.lat === 'number' && typeof point.lon === 'number') return { lat: point.lat, lon: point.lon };
  return locateByTitle(point.title);
}

/** No network: gazetteer suggestions and great-circle estimates (decisions 5). */
export function createOfflinePlacesProvider(): PlacesProvider {
  return {
    kind: 'offline',
    async suggest(query, language, { europe }) {
      return suggestPlaces(query, language, europe);
    },
    async routeDistance(points) {
      const located = points.map((point, index) => {
        const geo = locatePoint(point);
        if (!geo) throw new PlaceNotFoundError(index);
        return geo;
      });
      return { km: estimateRoadDistanceKm(located), estimated: true };
    },
  };
}
