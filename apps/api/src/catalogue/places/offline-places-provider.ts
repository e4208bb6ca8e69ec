import { estimateRoadDistanceKm } from '@vtc/shared/places/distance';
import { locateById, locateByTitle, suggestPlaces, type Located } from './gazetteer.ts';
import { PlaceNotFoundError, type PlacesProvider, type RoutePoint } from './places-provider.ts';

/**
 * Where a route point is, by the server only: a place id it knows (a fixed place or a
 * `geonames:` town) wins, else the gazetteer's best reading of the text. The client's lat/lon
 * are ignored: they would let a customer move a place and so set the price.
 */
export function locatePoint(point: RoutePoint): Located | undefined {
  const known = point.placeId ? locateById(point.placeId) : undefined;
  return known ?? locateByTitle(point.title);
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
      return { km: estimateRoadDistanceKm(located), estimated: true, points: located };
    },
  };
}
