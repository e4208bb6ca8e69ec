import { roundKm } from '@vtc/shared/places/distance';
import { addressCountries, normalizePlaceName } from '@vtc/shared/places/fixed-places';
import { fixedPlaceSuggestion, locateById, RIVIERA_CENTER, searchFixedPlaces } from './gazetteer.ts';
import { PlaceNotFoundError, PlacesUnavailableError, type LocatedPoint, type PlacesProvider, type RoutePoint } from './places-provider.ts';

/** Spec section 8: the maps loader retries three times with growing delays, then reports an error. */
export const MAPS_RETRY_DELAYS_MS = [250, 500, 1000] as const;
export const PLACES_API_URL = 'https://places.googleapis.com/v1';
export const ROUTES_API_URL = 'https://routes.googleapis.com';
/** Suggestions lean towards the company's area: a circle of the largest radius Places allows, around Nice. */
export const LOCATION_BIAS_RADIUS_M = 50_000;

/** What the route request asks back (Routes bills by field, and refuses a request without a mask). */
export const ROUTES_FIELD_MASK = 'routes.distanceMeters,routes.legs.distanceMeters,routes.legs.startLocation,routes.legs.endLocation,geocodingResults';
export const AUTOCOMPLETE_FIELD_MASK = 'suggestions.placePrediction.placeId,suggestions.placePrediction.text.text,suggestions.placePrediction.types';
export const PLACE_DETAILS_FIELD_MASK = 'id,location,addressComponents';

export type MapsProviderOptions = {
  apiKey: string;
  /** Places API (New) base URL; tests point it at a loopback stub. */
  placesUrl?: string;
  /** Routes API base URL; tests point it at a loopback stub. */
  routesUrl?: string;
  fetch?: typeof globalThis.fetch;
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
};

/** A failure worth another try: network, timeout, 429 or 5xx. */
class RetryableError extends Error {}

type LatLng = { latitude: number; longitude: number };
type AutocompleteAnswer = {
  suggestions?: { placePrediction?: { placeId: string; text?: { text: string }; types?: string[] } }[];
};
type PlaceAnswer = { id?: string; location?: LatLng; addressComponents?: { shortText?: string; types?: string[] }[] };
type RouteLeg = { distanceMeters?: number; startLocation?: { latLng?: LatLng }; endLocation?: { latLng?: LatLng } };
type GeocodedWaypoint = { geocoderStatus?: { code?: number; message?: string }; intermediateWaypointRequestIndex?: number };
type RoutesAnswer = {
  routes?: { distanceMeters?: number; legs?: RouteLeg[] }[];
  geocodingResults?: { origin?: GeocodedWaypoint; destination?: GeocodedWaypoint; intermediates?: GeocodedWaypoint[] };
};
type Waypoint = { location: { latLng: LatLng } } | { placeId: string } | { address: string };

/**
 * A point as the Routes API reads it: a place the server knows by its coordinates, else the maps
 * service's place id, else the text for the service to geocode. The client's lat/lon are never
 * sent: the service places the point itself.
 */
function waypoint(point: RoutePoint): Waypoint {
  const known = point.placeId ? locateById(point.placeId) : undefined;
  if (known) return { location: { latLng: { latitude: known.lat, longitude: known.lon } } };
  if (point.placeId) return { placeId: point.placeId };
  return { address: point.title };
}

/**
 * Where each point is: a place the server knows, else the service's Place Details, else where
 * the route starts or ends (the legs' start locations, then the last leg's end).
 */
function routePoints(points: readonly RoutePoint[], legs: readonly RouteLeg[], details: readonly (LocatedPoint | null | undefined)[]): (LocatedPoint | null)[] | undefined {
  const ends = [...legs.map((leg) => leg.startLocation?.latLng), legs.at(-1)?.endLocation?.latLng];
  const located = points.map((point, index) => {
    const known = point.placeId ? locateById(point.placeId) : undefined;
    if (known) return known;
    if (details[index]) return details[index];
    const end = ends.length === points.length ? ends[index] : undefined;
    return end ? { lat: end.latitude, lon: end.longitude, country: null } : null;
  });
  return located.every((point) => point === null) ? undefined : located;
}

const COUNTRY_NAMES: Record<string, string> = {
  france: 'FR',
  monaco: 'MC',
  italia: 'IT',
  italy: 'IT',
  italie: 'IT',
  espana: 'ES',
  spain: 'ES',
  espagne: 'ES',
  suisse: 'CH',
  switzerland: 'CH',
  schweiz: 'CH',
  svizzera: 'CH',
  deutschland: 'DE',
  germany: 'DE',
  allemagne: 'DE',
  belgique: 'BE',
  belgium: 'BE',
  belgie: 'BE',
  luxembourg: 'LU',
  luxemburg: 'LU',
  andorra: 'AD',
  andorre: 'AD',
};

/** The country a suggestion's text ends with ("Nice, France" -> FR), when it names one of ours. */
function countryInText(text: string): string | null {
  const last = normalizePlaceName(text.split(',').at(-1) ?? '');
  return COUNTRY_NAMES[last] ?? null;
}

/** The route index of the first point the service could not geocode, if it says so. */
function unplacedIndex(answer: RoutesAnswer, count: number): number | undefined {
  const results = answer.geocodingResults;
  const failed = (waypoint?: GeocodedWaypoint) => (waypoint?.geocoderStatus?.code ?? 0) !== 0;
  if (failed(results?.origin)) return 0;
  const stop = results?.intermediates?.find(failed);
  if (stop) return (stop.intermediateWaypointRequestIndex ?? 0) + 1;
  if (failed(results?.destination)) return count - 1;
  return undefined;
}

/**
 * Google Places API (New) and Routes API behind the provider interface (decision 0099): the
 * legacy Places Autocomplete and Directions web services cannot be enabled on new projects.
 * The key travels in the X-Goog-Api-Key header, never in a URL that could be logged.
 */
export function createMapsPlacesProvider(options: MapsProviderOptions): PlacesProvider {
  const placesUrl = (options.placesUrl ?? PLACES_API_URL).replace(/\/$/, '');
  const routesUrl = (options.routesUrl ?? ROUTES_API_URL).replace(/\/$/, '');
  const fetchFn = options.fetch ?? globalThis.fetch;
  const delays = options.retryDelaysMs ?? MAPS_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function callOnce<T>(url: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetchFn(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
    } catch (error) {
      throw new RetryableError('network', { cause: error });
    }
    if (response.status === 429 || response.status >= 500) throw new RetryableError(`HTTP ${response.status}`);
    if (response.status === 404) return {} as T;
    if (!response.ok) throw new PlacesUnavailableError(new Error(`HTTP ${response.status}`));
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw new RetryableError('bad body', { cause: error });
    }
  }

  async function call<T>(url: string, fieldMask: string, body?: unknown): Promise<T> {
    const init: RequestInit = {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'X-Goog-Api-Key': options.apiKey,
        'X-Goog-FieldMask': fieldMask,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    };
    let lastError: unknown;
    for (let attempt = 0; attempt <= delays.length; attempt += 1) {
      if (attempt > 0) await sleep(delays[attempt - 1]!);
      try {
        return await callOnce<T>(url, init);
      } catch (error) {
        if (!(error instanceof RetryableError)) throw error;
        lastError = error;
      }
    }
    throw new PlacesUnavailableError(lastError);
  }

  /** Where a maps place is and its country (Place Details); null when the service does not know the id. */
  async function placeDetails(placeId: string): Promise<LocatedPoint | null> {
    const place = await call<PlaceAnswer>(`${placesUrl}/places/${encodeURIComponent(placeId)}`, PLACE_DETAILS_FIELD_MASK);
    if (!place.location) return null;
    const country = place.addressComponents?.find((component) => component.types?.includes('country'))?.shortText?.toUpperCase() ?? null;
    return { lat: place.location.latitude, lon: place.location.longitude, country };
  }

  return {
    kind: 'maps',
    async suggest(query, language, { europe }) {
      const countries = addressCountries(europe);
      const fixed = searchFixedPlaces(query, countries).map((place) => fixedPlaceSuggestion(place, language));
      const answer = await call<AutocompleteAnswer>(`${placesUrl}/places:autocomplete`, AUTOCOMPLETE_FIELD_MASK, {
        input: query,
        languageCode: language,
        includedRegionCodes: countries.map((country) => country.toLowerCase()),
        locationBias: { circle: { center: { latitude: RIVIERA_CENTER.lat, longitude: RIVIERA_CENTER.lon }, radius: LOCATION_BIAS_RADIUS_M } },
      });
      const found = (answer.suggestions ?? []).flatMap(({ placePrediction: prediction }) =>
        prediction?.text
          ? [{ title: prediction.text.text, type: 'address' as const, lat: null, lon: null, placeId: prediction.placeId, country: countryInText(prediction.text.text) }]
          : [],
      );
      return [...fixed, ...found].slice(0, 10);
    },
    async routeDistance(points) {
      if (points.length < 2) return { km: 0, estimated: false };
      // Points picked from maps suggestions are placed by Place Details: their coordinates and country are stored with the booking.
      const details = await Promise.all(points.map((point) => (point.placeId && !locateById(point.placeId) ? placeDetails(point.placeId) : undefined)));
      const unknown = details.findIndex((found) => found === null);
      if (unknown >= 0) throw new PlaceNotFoundError(unknown);
      const encoded = points.map(waypoint);
      const answer = await call<RoutesAnswer>(`${routesUrl}/directions/v2:computeRoutes`, ROUTES_FIELD_MASK, {
        origin: encoded[0],
        destination: encoded.at(-1),
        ...(encoded.length > 2 && { intermediates: encoded.slice(1, -1) }),
        travelMode: 'DRIVE',
        units: 'METRIC',
      });
      const route = answer.routes?.[0];
      const legs = route?.legs ?? [];
      if (!route || legs.length === 0) throw new PlaceNotFoundError(unplacedIndex(answer, points.length) ?? points.length - 1);
      const meters = route.distanceMeters ?? legs.reduce((total, leg) => total + (leg.distanceMeters ?? 0), 0);
      const located = routePoints(points, legs, details);
      return { km: roundKm(meters / 1000), estimated: false, ...(located && { points: located }) };
    },
  };
}
