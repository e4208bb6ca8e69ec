import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Folders of files, never of pages: a missing file there is a 404, not the app. */
const FILE_FOLDERS = ['/api/', '/assets/', '/images/', '/locales/', '/uploads/'];

/** Whether the client takes HTML: it lists text/html (q above 0), or does not negotiate at all. */
function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '' || accept.trim() === '*/*') return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    return type === 'text/html' && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}

/**
 * A request the app's HTML should answer: a GET (or HEAD) for a page, which has no file
 * extension, lies in no file folder nor in a dot folder, and comes from a client that takes
 * HTML (a browser's navigation lists text/html; its image, script and fetch requests do not).
 */
export function isPageNavigation(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?', 1)[0]!;
  if (pathname === '/api' || FILE_FOLDERS.some((folder) => pathname.startsWith(folder))) return false;
  const segments = pathname.split('/');
  if (segments.some((segment) => segment.startsWith('.') || segment.startsWith('%2E') || segment.startsWith('%2e'))) return false;
  if (/\.[a-z0-9]{1,10}$/i.test(segments.at(-1)!)) return false;
  return acceptsHtml(accept);
}

/**
 * Serves the built web app, with every other page navigation answered by index.html so the
 * browser router decides (it sends unknown routes to `/`); a missing file is a JSON 404, never
 * the app's HTML. Dot files (the build's `.vite/` manifest) are not served. Uploaded images are
 * served by served-uploads.ts.
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
        dotfiles: 'ignore',
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
      if (hasWeb && isPageNavigation(request.method, request.url, request.headers.accept)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
      }
      return reply.status(404).send({ message: request.t('not_found'), code: 'not_found' });
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
