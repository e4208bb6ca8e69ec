import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app, with every unknown non-API path answered by index.html so the
 * browser router decides (it sends unknown routes to `/`). Uploaded images are served by served-uploads.ts.
 */
export default fp(
  async function webAppPlugin(app: FastifyInstance) {
    const dist = app.config.WEB_DIST_DIR;
    const hasWeb = existsSync(path.join(dist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: dist,
        prefix: '/',
        wildcard: true,
        index: false,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    if (hasWeb) {
      // The static handler would refuse `/` (a folder); the home page is the app itself.
      app.get('/', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile('index.html', dist),
      );
    }

    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
      }
      return reply.status(404).send({ message: request.t('not_found'), code: 'not_found' });
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
