import fp from 'fastify-plugin';
import { ReadCache } from '../platform/lib/read-cache.ts';
import { readCatalogue, type Catalogue } from './catalogue-snapshot.ts';

declare module '../platform/db/read-caches.ts' {
  interface ReadCaches {
    /**
     * The catalogue as of the last committed change (read from the database when not cached or
     * not live). Outside any transaction: a transaction's own uncommitted rows are never cached.
     */
    catalogue(): Promise<Catalogue>;
  }
}

export default fp(
  async (app) => {
    const { feed } = app.caches;
    const catalogue = new ReadCache<0, Catalogue>(feed, 1);
    feed.subscribe((change) => {
      if (change === 'reset' || change.kind === 'catalogue') catalogue.clear();
    });
    app.caches.catalogue = async () => {
      const value = await catalogue.get(0, () => readCatalogue(app.db));
      if (!value) throw new Error('catalogue read returned nothing');
      return value;
    };
  },
  { name: 'catalogue-cache', dependencies: ['read-caches'] },
);
