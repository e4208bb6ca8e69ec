import fp from 'fastify-plugin';
import type { ChangeFeed } from './change-feed.ts';

/**
 * The hot reads served from memory while the change feed is live (decision 0026). Each business
 * area adds its own cache to this interface and to `app.caches` (declaration merging), so that
 * the platform knows the feed and none of the business.
 */
export interface ReadCaches {
  feed: ChangeFeed;
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: ReadCaches;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(
  async (app) => {
    const feed = await app.database.openChangeFeed((error) => app.log.warn({ err: error }, 'change feed lost; caches off until it is back'));
    // Completed by the business areas' cache plugins, registered right after this one.
    app.decorate('caches', { feed } as ReadCaches);

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
