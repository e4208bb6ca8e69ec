import type { Config } from '../../config.ts';
import { createMapsPlacesProvider } from './maps-places-provider.ts';
import { createOfflinePlacesProvider } from './offline-places-provider.ts';
import { PlaceNotFoundError, PlacesUnavailableError, type PlacesProvider } from './places-provider.ts';

type Log = { warn(object: object, message: string): void };

/**
 * The maps service when it answers, the offline gazetteer when it does not (decision 0099): a
 * customer still gets suggestions and an estimated distance (flagged as such) rather than an
 * error. A place only the maps service could read keeps the maps service's 503.
 */
function withOfflineFallback(maps: PlacesProvider, offline: PlacesProvider, log?: Log): PlacesProvider {
  return {
    kind: maps.kind,
    async suggest(query, language, options) {
      try {
        return await maps.suggest(query, language, options);
      } catch (error) {
        if (!(error instanceof PlacesUnavailableError)) throw error;
        log?.warn({ err: error }, 'maps suggestions failed: offline gazetteer used');
        return offline.suggest(query, language, options);
      }
    },
    async routeDistance(points) {
      try {
        return await maps.routeDistance(points);
      } catch (error) {
        if (!(error instanceof PlacesUnavailableError)) throw error;
        log?.warn({ err: error }, 'maps route failed: offline estimate used');
        try {
          return await offline.routeDistance(points);
        } catch (offlineError) {
          if (offlineError instanceof PlaceNotFoundError) throw error;
          throw offlineError;
        }
      }
    },
  };
}

export function createPlacesProvider(
  config: Pick<Config, 'MAPS_API_KEY' | 'MAPS_PLACES_API_URL' | 'MAPS_ROUTES_API_URL' | 'MAPS_TIMEOUT_MS'>,
  log?: Log,
): PlacesProvider {
  const offline = createOfflinePlacesProvider();
  if (!config.MAPS_API_KEY) return offline;
  const maps = createMapsPlacesProvider({
    apiKey: config.MAPS_API_KEY,
    timeoutMs: config.MAPS_TIMEOUT_MS,
    ...(config.MAPS_PLACES_API_URL && { placesUrl: config.MAPS_PLACES_API_URL }),
    ...(config.MAPS_ROUTES_API_URL && { routesUrl: config.MAPS_ROUTES_API_URL }),
  });
  return withOfflineFallback(maps, offline, log);
}
