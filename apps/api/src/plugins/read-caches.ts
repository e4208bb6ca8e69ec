import fp from 'fastify-plugin';
import type { ChangeFeed } from '../db/change-feed.ts';
import { ReadCache } from '../lib/read-cache.ts';
import { readCatalogue, type Catalogue } from '../modules/catalogue/catalogue.ts';
import { findBooking, type BookingWithStops } from '../modules/bookings/bookings-repository.ts';

/** Bookings kept per process: a few thousand customers in the middle of the funnel at once. */
const MAX_CACHED_BOOKINGS = 10_000;

/** The hot reads served from memory while the change feed is live (decision 0026). */
export type ReadCaches = {
  feed: ChangeFeed;
  /**
   * The catalogue as of the last committed change (read from the database when not cached or
   * not live). Outside any transaction: a transaction's own uncommitted rows are never cached.
   */
  catalogue(): Promise<Catalogue>;
  /** Any user's booking by id with its stops, as last committed: the caller checks who may see it. */
  booking(id: number): Promise<BookingWithStops | undefined>;
  /** Keeps a booking just written, whose row the caller holds after its commit. */
  keepBooking(booking: BookingWithStops): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    caches: ReadCaches;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(
  async (app) => {
    const feed = await app.database.openChangeFeed((error) => app.log.warn({ err: error }, 'change feed lost; caches off until it is back'));
    const catalogue = new ReadCache<0, Catalogue>(feed, 1);
    const bookings = new ReadCache<number, BookingWithStops>(feed, MAX_CACHED_BOOKINGS);
    feed.subscribe((change) => {
      if (change === 'reset') {
        catalogue.clear();
        bookings.clear();
      } else if (change.kind === 'catalogue') catalogue.clear();
      else if (change.kind === 'bookings') bookings.clear();
      else bookings.delete(change.id);
    });

    app.decorate('caches', {
      feed,
      async catalogue() {
        const value = await catalogue.get(0, () => readCatalogue(app.db));
        if (!value) throw new Error('catalogue read returned nothing');
        return value;
      },
      booking: (id) => bookings.get(id, () => findBooking(app.db, id, { userId: 0, isAdmin: true })),
      keepBooking: (booking) => bookings.set(booking.id, booking),
    } satisfies ReadCaches);

    // A request that may have written answers once its changes have reached this process's
    // caches, so that the next read of its author sees them.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!SAFE_METHODS.has(request.method)) await feed.sync();
      return payload;
    });
    app.addHook('onClose', () => feed.close());
  },
  { name: 'read-caches', dependencies: ['config'] },
);
