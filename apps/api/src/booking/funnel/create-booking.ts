import type { CreateBookingBody } from '@vtc/shared/booking/booking-schemas';
import type { Language } from '@vtc/shared/i18n/languages';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import type { PlaceValue } from '../../platform/db/schema.ts';
import { AppError, fieldError } from '../../platform/lib/app-error.ts';
import { createOpaqueToken } from '../../platform/lib/random-token.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { locateById } from '../../catalogue/places/gazetteer.ts';
import { PlaceNotFoundError, PlacesUnavailableError, type LocatedPoint, type RouteDistance } from '../../catalogue/places/places-provider.ts';
import { placeMatchKeys } from '../../catalogue/places/route-match.ts';
import { actorOf } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { insertBooking, recordTransition, type BookingWithStops } from '../bookings-repository.ts';
import { findRouteEntry } from '../pricing/route-prices.ts';

type ParsedPlace = CreateBookingBody['origin'];

/**
 * A place as the booking stores it. Its coordinates are the ones the provider placed it at
 * (fixed list, gazetteer or maps service), never the client's, which would set the price.
 */
function toPlaceValue(place: ParsedPlace, located: LocatedPoint | null | undefined): PlaceValue {
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

/** Step one: a draft booking with its route distance, party and pickup, recorded in the history. */
export async function createBooking(
  deps: BookingsDeps,
  auth: AccessClaims | null,
  body: CreateBookingBody,
  language: Language,
): Promise<{ booking: BookingWithStops; quoteToken?: string }> {
  // The client's lat/lon are not passed on: the server places every point (decision 0024).
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
  const stops = body.stop.map((stop, index) => toPlaceValue(stop, distance.points?.[index + 1]));
  // A visitor's quote is reached by its random token alone, stored hashed (decision 0092).
  const quote = auth ? undefined : createOpaqueToken();
  const created = await deps.db.transaction(async (tx) => {
    const booking = await insertBooking(
      tx,
      {
        userId: auth?.userId ?? null,
        quoteTokenHash: quote?.hash ?? null,
        status: 'draft',
        language,
        origin: toPlaceValue(body.origin, distance.points?.[0]),
        destination: toPlaceValue(body.destination, distance.points?.[route.length - 1]),
        rentFromType: body.rentFromType,
        rentToType: body.rentToType,
        pickupAt: body.pickupAt,
        distanceKm: distance.km,
        distanceEstimated: distance.estimated,
        adults: body.passengers.adults,
        children: body.passengers.children,
        childrenSeat: body.passengers.childrenSeat,
        luggageUnder10kg: body.packages.under10kg,
        luggageAbove10kg: body.packages.above10kg,
        luggageAbove30kg: body.packages.above30kg,
        priceListEntryId,
      },
      stops,
    );
    await recordTransition(tx, { bookingId: booking.id, from: null, to: 'draft', actor: actorOf(auth, booking) });
    return { ...booking, stops };
  });
  // Step two comes next: it finds the committed booking in memory.
  deps.caches.keepBooking(created);
  return quote ? { booking: created, quoteToken: quote.token } : { booking: created };
}
