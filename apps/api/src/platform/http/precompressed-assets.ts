import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the web app's hashed assets and locale files from the `.br` / `.gz` copies the build
 * writes beside them (apps/web/vite.config.ts), to browsers that accept them: a fifth of the
 * bytes, with no compression work per request. Registered before the web app, whose catch-all
 * static route keeps serving everything else.
 */
export default fp(
  async function precompressedAssets(app: FastifyInstance) {
    const dist = app.config.WEB_DIST_DIR;
    const folders = [
      { prefix: '/assets/', cacheControl: 'public, max-age=31536000, immutable' },
      { prefix: '/locales/', cacheControl: 'no-cache' },
    ];
    for (const { prefix, cacheControl } of folders) {
      const root = path.join(dist, prefix);
      if (!existsSync(root)) continue;
      await app.register(fastifyStatic, {
        root,
        prefix,
        decorateReply: false,
        preCompressed: true,
        index: false,
        dotfiles: 'ignore',
        setHeaders(reply) {
          reply.header('cache-control', cacheControl);
        },
      });
    }
  },
  { name: 'precompressed-assets', dependencies: ['config'] },
);
