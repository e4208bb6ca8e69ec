import type { Config } from '../../config.ts';
import { createAeroDataBoxProvider } from './aerodatabox-provider.ts';
import type { FlightProvider } from './flight-provider.ts';

export type FlightsConfig = Pick<Config, 'FLIGHTS_PROVIDER' | 'FLIGHTS_API_KEY' | 'FLIGHTS_API_URL' | 'FLIGHTS_API_KEY_HEADER' | 'FLIGHTS_TIMEOUT_MS'>;

/** Whether flights are followed at all: the site promises it only then (decision 0144). */
export const flightsFollowed = (config: Pick<Config, 'FLIGHTS_PROVIDER' | 'FLIGHTS_API_KEY'>) => config.FLIGHTS_PROVIDER !== 'none' && Boolean(config.FLIGHTS_API_KEY);

/** The provider the configuration names; undefined without one (no flight is looked up). */
export function createFlightProvider(config: FlightsConfig): FlightProvider | undefined {
  if (config.FLIGHTS_PROVIDER === 'aerodatabox' && config.FLIGHTS_API_KEY) {
    return createAeroDataBoxProvider({ apiKey: config.FLIGHTS_API_KEY, apiUrl: config.FLIGHTS_API_URL, keyHeader: config.FLIGHTS_API_KEY_HEADER, timeoutMs: config.FLIGHTS_TIMEOUT_MS });
  }
  return undefined;
}
