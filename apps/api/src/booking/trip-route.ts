import type { BookingPlace, CreateBookingBody } from '@vtc/shared/booking/booking-schemas';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import type { PlaceValue } from '../platform/db/schema.ts';
import { AppError, fieldError } from '../platform/lib/app-error.ts';
import { locateById } from '../catalogue/places/gazetteer.ts';
import { PlaceNotFoundError, PlacesUnavailableError, type LocatedPoint, type RouteDistance } from '../catalogue/places/places-provider.ts';
import { placeMatchKeys } from '../catalogue/places/route-match.ts';
import type { BookingsDeps } from './booking-deps.ts';
import type { NewBooking } from './bookings-repository.ts';
import { findRouteEntry } from './pricing/route-prices.ts';
import type { HireColumns } from './hire/hire-columns.ts';

/** A trip's route as a booking stores it: its places, the road distance and the price-list route it matches. */
export type PlacedTrip = {
  origin: PlaceValue;
  destination: PlaceValue;
  stops: PlaceValue[];
  distance: RouteDistance;
  /** The price-list route of the trip (decision 0020); a trip with stops has none. */
  priceListEntryId: number | null;
};

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

/**
 * Places a trip's points and measures its road distance (step one, the company's phone booking,
 * a change of its places: decisions 0119, 0120). The client's lat/lon are not passed on: the
 * server places every point (decision 0024). A point no provider knows is 400 place_unknown on
 * its field; the maps service away, 503.
 */
export async function placeTrip(
  deps: Pick<BookingsDeps, 'db' | 'places' | 'log'>,
  trip: { origin: BookingPlace; destination?: BookingPlace | undefined; stop: readonly BookingPlace[] },
): Promise<PlacedTrip> {
  // A hire without a drop-off ends where it started (issue 22).
  const body = { ...trip, destination: trip.destination ?? trip.origin };
  const route = [body.origin, ...body.stop, body.destination].map(({ title, placeId }) => ({ title, placeId }));
  let distance: RouteDistance;
  try {
    distance = await deps.places.routeDistance(route);
  } catch (error) {
    if (error instanceof PlaceNotFoundError) throw fieldError(pointField(error.index, body.stop.length), 'place_unknown');
    if (error instanceof PlacesUnavailableError) {
      deps.log.warn({ err: error }, 'route distance unavailable');
      throw new AppError(503, 'service_unavailable');
    }
    throw error;
  }
  // A trip with stops is not the listed route: it is priced by distance (decision 0020).
  const priceListEntryId =
    body.stop.length === 0 ? await findRouteEntry(deps.db, placeMatchKeys(body.origin), placeMatchKeys(body.destination)) : null;
  return {
    origin: toPlaceValue(body.origin, distance.points?.[0]),
    destination: toPlaceValue(body.destination, distance.points?.[route.length - 1]),
    stops: body.stop.map((stop, index) => toPlaceValue(stop, distance.points?.[index + 1])),
    distance,
    priceListEntryId,
  };
}

/** The booking's columns of a placed trip of step one's form: places, pickup, distance, party, and a hire's (issue 22). */
export function tripColumns(
  body: Pick<CreateBookingBody, 'rentFromType' | 'rentToType' | 'pickupAt' | 'passengers' | 'packages'>,
  trip: PlacedTrip,
  hire: HireColumns,
) {
  return {
    ...hire,
    origin: trip.origin,
    destination: trip.destination,
    rentFromType: body.rentFromType,
    rentToType: body.rentToType,
    pickupAt: body.pickupAt,
    distanceKm: trip.distance.km,
    distanceEstimated: trip.distance.estimated,
    adults: body.passengers.adults,
    children: body.passengers.children,
    childrenSeat: body.passengers.childrenSeat,
    luggageUnder10kg: body.packages.under10kg,
    luggageAbove10kg: body.packages.above10kg,
    luggageAbove30kg: body.packages.above30kg,
    priceListEntryId: trip.priceListEntryId,
  } satisfies Partial<NewBooking>;
}
