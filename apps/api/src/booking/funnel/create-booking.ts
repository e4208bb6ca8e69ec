import type { CreateBookingBody } from '@vtc/shared/booking/booking-schemas';
import type { Language } from '@vtc/shared/i18n/languages';
import { createOpaqueToken } from '../../platform/lib/random-token.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { actorOf } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { insertBooking, recordTransition, type BookingWithStops } from '../bookings-repository.ts';
import { locateTrip } from '../booking-route.ts';

/** Step one: a draft booking with its route distance, party and pickup, recorded in the history. */
export async function createBooking(
  deps: BookingsDeps,
  auth: AccessClaims | null,
  body: CreateBookingBody,
  language: Language,
): Promise<{ booking: BookingWithStops; quoteToken?: string }> {
  const { origin, destination, stops, distance, priceListEntryId } = await locateTrip(deps, body);
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
        origin,
        destination,
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
