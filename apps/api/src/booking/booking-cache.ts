import fp from 'fastify-plugin';
import { ReadCache } from '../platform/lib/read-cache.ts';
import { findBooking, type BookingWithStops } from './bookings-repository.ts';

/** Bookings kept per process: a few thousand customers in the middle of the funnel at once. */
const MAX_CACHED_BOOKINGS = 10_000;

declare module '../platform/db/read-caches.ts' {
  interface ReadCaches {
    /** Any user's booking by id with its stops, as last committed: the caller checks who may see it. */
    booking(id: number): Promise<BookingWithStops | undefined>;
    /** Keeps a booking just written, whose row the caller holds after its commit. */
    keepBooking(booking: BookingWithStops): void;
    /**
     * The cars' holds as last announced: the same object until a hold changes. A new object on
     * every call while the feed is not live, so that nothing computed from holds is reused.
     */
    holdsVersion(): object;
  }
}

export default fp(
  async (app) => {
    const { feed } = app.caches;
    const bookings = new ReadCache<number, BookingWithStops>(feed, MAX_CACHED_BOOKINGS);
    let holds = {};
    feed.subscribe((change) => {
      if (change === 'reset' || change.kind === 'car_holds') holds = {};
      if (change === 'reset' || change.kind === 'bookings') bookings.clear();
      else if (change.kind === 'booking') bookings.delete(change.id);
    });
    app.caches.holdsVersion = () => (feed.live ? holds : {});
    app.caches.booking = (id) => bookings.get(id, () => findBooking(app.db, id, { userId: 0, isAdmin: true }));
    app.caches.keepBooking = (booking) => bookings.set(booking.id, booking);
  },
  { name: 'booking-cache', dependencies: ['read-caches'] },
);
