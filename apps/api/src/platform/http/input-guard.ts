import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fieldError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** True while the body is read and validated: between the app's preValidation and preHandler hooks. */
    readingInput: boolean;
  }
}

/** The path of the first string (value or key) holding a NUL character, or null. */
export function findNulText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push([item, path ? `${path}.${index}` : String(index)]));
    } else if (current !== null && typeof current === 'object') {
      const prototype = Object.getPrototypeOf(current) as unknown;
      // Files, dates and buffers are not text; only plain objects are walked.
      if (prototype !== Object.prototype && prototype !== null) continue;
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return itemPath;
        pending.push([item, itemPath]);
      }
    }
  }
  return null;
}

/**
 * An error with no HTTP status raised while a multipart body was being read: the parser's own
 * complaint (no boundary, a truncated body, a broken part), so the client's fault.
 */
export function isUnreadableMultipart(request: FastifyRequest, error: { statusCode?: number }): boolean {
  return request.readingInput && error.statusCode === undefined && /^multipart\//i.test(request.headers['content-type'] ?? '');
}

/**
 * One gate for the text of every route, present and future: PostgreSQL text cannot hold a NUL
 * character, so a path, query or body value carrying one is refused with a 400 naming the field
 * before any handler runs. It reads the values each route's schema let through (multipart
 * fields included, which are parsed in the routes' own preValidation hooks).
 */
export default fp(
  async function inputGuardPlugin(app: FastifyInstance) {
    app.decorateRequest('readingInput', false);
    app.addHook('preValidation', async (request) => {
      request.readingInput = true;
    });
    app.addHook('preHandler', async (request) => {
      request.readingInput = false;
      // No route: the not-found answer stays a 404 whatever the body holds.
      if (request.is404) return;
      for (const source of [request.params, request.query, request.body]) {
        const path = findNulText(source);
        if (path !== null) throw fieldError(path, 'text_forbidden_character');
      }
    });
  },
  { name: 'input-guard' },
);
