import type { Language } from '@vtc/shared/i18n/languages';
import type { LocationMode } from '@vtc/shared/places/fixed-places';

/** A place offered while the customer types; `placeId` is what the booking sends back. */
export interface PlaceSuggestion {
  title: string;
  type: LocationMode;
  lat: number | null;
  lon: number | null;
  /** A fixed place id ('airport-nice-cote-d-azur'), a gazetteer id ('geonames:2990440') or the maps service's id. */
  placeId: string;
  /** ISO 3166-1 alpha-2, when known. */
  country: string | null;
}

/** One point of a route as the booking holds it. */
export interface RoutePoint {
  title: string;
  lat?: number | null | undefined;
  lon?: number | null | undefined;
  placeId?: string | null | undefined;
}

/** Where the provider placed a route point; `country` when known. */
export interface LocatedPoint {
  lat: number;
  lon: number;
  country: string | null;
}

export interface RouteDistance {
  km: number;
  /** True when the distance is a great-circle estimate rather than a road route (decisions 5). */
  estimated: boolean;
  /**
   * The coordinates the provider used for each point, in route order (null where it gave none).
   * They come from the server side (fixed list, gazetteer or maps service), never from the
   * coordinates a client sent, which only a provider's own lookup may replace.
   */
  points?: readonly (LocatedPoint | null)[];
}

export interface SuggestOptions {
  /** The Europe option: suggest addresses in the neighbouring countries too. */
  europe: boolean;
}

/** A route point the provider cannot place; `index` is its position in the route (0 = origin). */
export class PlaceNotFoundError extends Error {
  readonly index: number;

  constructor(index: number) {
    super(`place ${index} of the route cannot be located`);
    this.index = index;
    this.name = 'PlaceNotFoundError';
  }
}

/** The maps service did not answer after its retries. */
export class PlacesUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('the maps service is unavailable', { cause });
    this.name = 'PlacesUnavailableError';
  }
}

/**
 * Suggestions and distances behind one interface (decisions 5): the offline gazetteer by
 * default and in tests, a maps service when MAPS_API_KEY is set.
 */
export interface PlacesProvider {
  readonly kind: 'offline' | 'maps';
  suggest(query: string, language: Language, options: SuggestOptions): Promise<PlaceSuggestion[]>;
  /**
   * Distance along origin, stops in order, destination. Each point is placed by the server: a
   * known place id, else the provider's own lookup of the id or the text; a client's lat/lon is
   * never used (it would set the price). Throws PlaceNotFoundError or PlacesUnavailableError.
   */
  routeDistance(points: readonly RoutePoint[]): Promise<RouteDistance>;
}
