import fp from 'fastify-plugin';
import { ReadCache } from '../../platform/lib/read-cache.ts';
import { findTokenVersion } from '../users/users-repository.ts';

/** Accounts whose version is kept per process: every account signed in at once, with room. */
const MAX_CACHED_VERSIONS = 20_000;

declare module '../../platform/db/read-caches.ts' {
  interface ReadCaches {
    /**
     * The account's access token version as last committed (decision 0106), undefined for no
     * account. Read from memory while the change feed is live, so that checking it on every
     * authenticated request costs no round trip.
     */
    tokenVersion(userId: number): Promise<number | undefined>;
  }
}

export default fp(
  async (app) => {
    const { feed } = app.caches;
    const versions = new ReadCache<number, number>(feed, MAX_CACHED_VERSIONS);
    feed.subscribe((change) => {
      if (change === 'reset' || change.kind === 'users') versions.clear();
      else if (change.kind === 'user') versions.delete(change.id);
    });
    app.caches.tokenVersion = (userId) => versions.get(userId, () => findTokenVersion(app.db, userId));
  },
  { name: 'token-version-cache', dependencies: ['read-caches'] },
);
