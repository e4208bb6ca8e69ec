import type { Config } from '../../config.ts';
import { createMapsPlacesProvider } from './maps-places-provider.ts';
import { createOfflinePlacesProvider } from './offline-places-provider.ts';
import type { PlacesProvider } from './places-provider.ts';

export function createPlacesProvider(config: Pick<Config, 'MAPS_API_KEY'>): PlacesProvider {
  return config.MAPS_API_KEY ? createMapsPlacesProvider({ apiKey: config.MAPS_API_KEY }) : createOfflinePlacesProvider();
}
