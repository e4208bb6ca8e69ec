import type { CreateBookingBody } from '@vtc/shared/booking/booking-schemas';
import type { Language } from '@vtc/shared/i18n/languages';
import { createOpaqueToken } from '../../platform/lib/random-token.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { actorOf } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { insertBooking, recordTransition, type BookingWithStops } from '../bookings-repository.ts';
import { placeTrip, tripColumns } from '../trip-route.ts';
import { hireColumns } from '../hire/hire-columns.ts';

/** Step one: a draft booking with its route distance, party and pickup, recorded in the history. */
export async function createBooking(
  deps: BookingsDeps,
  auth: AccessClaims | null,
  body: CreateBookingBody,
  language: Language,
): Promise<{ booking: BookingWithStops; quoteToken?: string }> {
  const trip = await placeTrip(deps, body);
  // A tour must be one customers may book, from one of its departures: checked before anything is written.
  const hire = hireColumns(await deps.caches.catalogue(), body, trip.origin);
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
        ...tripColumns(body, trip, hire),
      },
      trip.stops,
    );
    await recordTransition(tx, { bookingId: booking.id, from: null, to: 'draft', actor: actorOf(auth, booking) });
    return { ...booking, stops: trip.stops };
  });
  // Step two comes next: it finds the committed booking in memory.
  deps.caches.keepBooking(created);
  return quote ? { booking: created, quoteToken: quote.token } : { booking: created };
}
