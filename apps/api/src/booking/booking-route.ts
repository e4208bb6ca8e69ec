import type { BookingPlace } from '@vtc/shared/booking/booking-schemas';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import type { PlaceValue } from '../platform/db/schema.ts';
import { AppError, fieldError } from '../platform/lib/app-error.ts';
import { locateById } from '../catalogue/places/gazetteer.ts';
import { PlaceNotFoundError, PlacesUnavailableError, type LocatedPoint, type RouteDistance } from '../catalogue/places/places-provider.ts';
import { placeMatchKeys } from '../catalogue/places/route-match.ts';
import type { BookingsDeps } from './booking-deps.ts';
import { findRouteEntry } from './pricing/route-prices.ts';

/**
 * A place as the booking stores it. Its coordinates are the ones the provider placed it at
 * (fixed list, gazetteer or maps service), never the client's, which would set the price.
 */
function toPlaceValue(place: BookingPlace, located: LocatedPoint | null | undefined): PlaceValue {
  const known = place.placeId ? locateById(place.placeId) : undefined;
  const where = known ?? located ?? null;
  return {
    // A fixed place is stored under its French name, the company's language; readers see it in theirs (decision 0098).
    title: placeTitle(place, 'fr'),
    type: place.type,
    lat: where?.lat ?? null,
    lon: where?.lon ?? null,
    placeId: place.placeId ?? null,
    country: where?.country ?? null,
  };
}

/** The form field of the route point a provider could not place. */
function pointField(index: number, stopCount: number): string {
  if (index <= 0) return 'origin';
  if (index > stopCount) return 'destination';
  return `stop.${index - 1}`;
}

export type LocatedTrip = {
  origin: PlaceValue;
  destination: PlaceValue;
  stops: PlaceValue[];
  distance: RouteDistance;
  /** The price-list route of the trip (decision 0020); a trip with stops has none. */
  priceListEntryId: number | null;
};

/**
 * Places a trip's points and measures its road distance (step one, and a change of its places,
 * decision 0120). The client's lat/lon are not passed on: the server places every point (decision
 * 0024). A point no provider knows is 400 place_unknown on its field; the provider down, 503.
 */
export async function locateTrip(
  deps: Pick<BookingsDeps, 'db' | 'places' | 'log'>,
  trip: { origin: BookingPlace; destination: BookingPlace; stop: readonly BookingPlace[] },
): Promise<LocatedTrip> {
  const route = [trip.origin, ...trip.stop, trip.destination].map(({ title, placeId }) => ({ title, placeId }));
  let distance: RouteDistance;
  try {
    distance = await deps.places.routeDistance(route);
  } catch (error) {
    if (error instanceof PlaceNotFoundError) throw fieldError(pointField(error.index, trip.stop.length), 'place_unknown');
    if (error instanceof PlacesUnavailableError) {
      deps.log.warn({ err: error }, 'route distance unavailable');
      throw new AppError(503, 'service_unavailable');
    }
    throw error;
  }
  // A trip with stops is not the listed route: it is priced by distance (decision 0020).
  const priceListEntryId =
    trip.stop.length === 0 ? await findRouteEntry(deps.db, placeMatchKeys(trip.origin), placeMatchKeys(trip.destination)) : null;
  return {
    origin: toPlaceValue(trip.origin, distance.points?.[0]),
    destination: toPlaceValue(trip.destination, distance.points?.[route.length - 1]),
    stops: trip.stop.map((stop, index) => toPlaceValue(stop, distance.points?.[index + 1])),
    distance,
    priceListEntryId,
  };
}
