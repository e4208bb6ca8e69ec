import { roundKm } from '@vtc/shared/places/distance';
import { addressCountries } from '@vtc/shared/places/fixed-places';
import { fixedPlaceSuggestion, locateById, searchFixedPlaces } from './gazetteer.ts';
import { PlaceNotFoundError, PlacesUnavailableError, type LocatedPoint, type PlacesProvider, type RoutePoint } from './places-provider.ts';

/** Spec section 8: the maps loader retries three times with growing delays, then reports an error. */
export const MAPS_RETRY_DELAYS_MS = [250, 500, 1000] as const;

export type MapsProviderOptions = {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
};

/** A failure worth another try: network, 429, 5xx, or the service saying so. */
class RetryableError extends Error {}

type MapsAnswer = { status?: string; error_message?: string };
type AutocompleteAnswer = MapsAnswer & {
  predictions?: { description: string; place_id: string; terms?: { value: string }[] }[];
};
type DirectionsLeg = { distance: { value: number }; start_location?: { lat: number; lng: number }; end_location?: { lat: number; lng: number } };
type DirectionsAnswer = MapsAnswer & {
  routes?: { legs: DirectionsLeg[] }[];
  geocoded_waypoints?: { geocoder_status: string }[];
};

const RETRYABLE_STATUSES = new Set(['OVER_QUERY_LIMIT', 'UNKNOWN_ERROR']);
const COUNTRY_NAMES: Record<string, string> = { france: 'FR', monaco: 'MC', italia: 'IT', italy: 'IT', espana: 'ES', spain: 'ES', españa: 'ES', suisse: 'CH', switzerland: 'CH', schweiz: 'CH', svizzera: 'CH' };

/**
 * A point as the Directions service reads it: a place the server knows by its coordinates, else
 * the maps service's place id, else the text for the service to geocode. The client's lat/lon are
 * never sent: the service places the point itself.
 */
function directionsPoint(point: RoutePoint): string {
  const known = point.placeId ? locateById(point.placeId) : undefined;
  if (known) return `${known.lat},${known.lon}`;
  if (point.placeId) return `place_id:${point.placeId}`;
  return point.title;
}

type LatLng = { lat: number; lng: number };

/** Where the service placed each point: the legs' start locations, then the last leg's end. */
function routePoints(points: readonly RoutePoint[], legs: readonly DirectionsLeg[]): (LocatedPoint | null)[] | undefined {
  const found: (LatLng | undefined)[] = [...legs.map((leg) => leg.start_location), legs.at(-1)?.end_location];
  if (found.length !== points.length || found.every((p) => p === undefined)) return undefined;
  return points.map((point, index) => {
    const known = point.placeId ? locateById(point.placeId) : undefined;
    if (known) return known;
    const location = found[index];
    return location ? { lat: location.lat, lon: location.lng, country: null } : null;
  });
}

/**
 * Google Maps web services (Places Autocomplete, Directions) behind the provider interface.
 * Never used in tests, which run offline; the retry logic is tested with a fake fetch.
 */
export function createMapsPlacesProvider(options: MapsProviderOptions): PlacesProvider {
  const baseUrl = options.baseUrl ?? 'https://maps.googleapis.com/maps/api';
  const fetchFn = options.fetch ?? globalThis.fetch;
  const delays = options.retryDelaysMs ?? MAPS_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function callOnce<T extends MapsAnswer>(url: URL): Promise<T> {
    let response: Response;
    try {
      response = await fetchFn(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
    } catch (error) {
      throw new RetryableError('network', { cause: error });
    }
    if (response.status === 429 || response.status >= 500) throw new RetryableError(`HTTP ${response.status}`);
    if (!response.ok) throw new PlacesUnavailableError(new Error(`HTTP ${response.status}`));
    const body = (await response.json()) as T;
    if (body.status && RETRYABLE_STATUSES.has(body.status)) throw new RetryableError(body.status);
    return body;
  }

  async function call<T extends MapsAnswer>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${baseUrl}/${path}`);
    for (const [name, value] of Object.entries({ ...params, key: options.apiKey })) url.searchParams.set(name, value);
    let lastError: unknown;
    for (let attempt = 0; attempt <= delays.length; attempt += 1) {
      if (attempt > 0) await sleep(delays[attempt - 1]!);
      try {
        return await callOnce<T>(url);
      } catch (error) {
        if (!(error instanceof RetryableError)) throw error;
        lastError = error;
      }
    }
    throw new PlacesUnavailableError(lastError);
  }

  return {
    kind: 'maps',
    async suggest(query, language, { europe }) {
      const countries = addressCountries(europe);
      const fixed = searchFixedPlaces(query, countries).map((place) => fixedPlaceSuggestion(place, language));
      const answer = await call<AutocompleteAnswer>('place/autocomplete/json', {
        input: query,
        language,
        components: countries.map((c) => `country:${c.toLowerCase()}`).join('|'),
      });
      if (answer.status !== 'OK' && answer.status !== 'ZERO_RESULTS') throw new PlacesUnavailableError(new Error(answer.status));
      const found = (answer.predictions ?? []).map((prediction) => {
        const last = prediction.terms?.at(-1)?.value.toLowerCase() ?? '';
        return { title: prediction.description, type: 'address' as const, lat: null, lon: null, placeId: prediction.place_id, country: COUNTRY_NAMES[last] ?? null };
      });
      return [...fixed, ...found].slice(0, 10);
    },
    async routeDistance(points) {
      if (points.length < 2) return { km: 0, estimated: false };
      const encoded = points.map(directionsPoint);
      const answer = await call<DirectionsAnswer>('directions/json', {
        origin: encoded[0]!,
        destination: encoded.at(-1)!,
        ...(encoded.length > 2 && { waypoints: encoded.slice(1, -1).join('|') }),
        mode: 'driving',
      });
      if (answer.status === 'NOT_FOUND' || answer.status === 'ZERO_RESULTS') {
        const index = answer.geocoded_waypoints?.findIndex((w) => w.geocoder_status !== 'OK') ?? -1;
        throw new PlaceNotFoundError(index >= 0 ? index : points.length - 1);
      }
      const legs = answer.routes?.[0]?.legs;
      if (answer.status !== 'OK' || !legs) throw new PlacesUnavailableError(new Error(answer.status));
      const meters = legs.reduce((total, leg) => total + leg.distance.value, 0);
      const located = routePoints(points, legs);
      return { km: roundKm(meters / 1000), estimated: false, ...(located && { points: located }) };
    },
  };
}
