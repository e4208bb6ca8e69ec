import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The CSP sources of every inline script and style element in the given pages. */
export function inlineHashes(pages: readonly string[]): { scripts: string[]; styles: string[] } {
  const collect = (pattern: RegExp) => [
    ...new Set(pages.flatMap((html) => [...html.matchAll(pattern)].map((match) => sha256(match[1] ?? '')))),
  ];
  return { scripts: collect(INLINE_SCRIPT), styles: collect(INLINE_STYLE) };
}

/** The policy of the API docs pages: the same, but inline styles, which Swagger UI needs. */
export function relaxStylesForDocs(header: string): string {
  return header
    .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
    .replace(/style-src-attr [^;]*/, "style-src-attr 'unsafe-inline'");
}

/** The image source of a map tile URL template ("https://{s}.tile.example.org/…" -> "https://*.tile.example.org"). */
function tileSources(template: string | undefined): string[] {
  const origin = template?.match(/^https?:\/\/[^/]+/)?.[0];
  return origin ? [origin.replace(/\{[a-z]+\}/g, '*')] : [];
}

/**
 * The headers helmet sets with these options, as [name, value] pairs: its middleware run once on a
 * response that only records them. The options hold no per-request value, so every answer gets the
 * same headers, and computing them again for each request (as @fastify/helmet does) is wasted work
 * (decision 0103).
 */
function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers.values()];
}

/**
 * Security headers on every answer (decision 0056): a Content-Security-Policy allowing only this
 * origin plus the inline script and style of the pages actually served, hashed at start from
 * them (no 'unsafe-inline'); no framing; nosniff; no Referer (links carry tokens); HSTS only
 * when the site is served over TLS.
 */
export type SecurityHeadersOptions = {
  /** The HTML documents this server answers with (the site's pages), whose inline code the policy allows. */
  servedPages: () => readonly string[];
};

export default fp<SecurityHeadersOptions>(
  async function securityHeadersPlugin(app: FastifyInstance, options) {
    const overTls = app.config.PUBLIC_URL.startsWith('https:');
    const { scripts, styles } = inlineHashes(options.servedPages());
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", ...scripts],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", ...styles],
          styleSrcAttr: ["'none'"],
          imgSrc: ["'self'", 'data:', ...tileSources(app.config.MAP_TILE_URL)],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          ...(overTls && { upgradeInsecureRequests: [] }),
        },
      },
      hsts: overTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
    });
    // On Fastify's reply, not the raw response: Node then checks each header once, when the answer
    // is written, instead of once in setHeader and again in writeHead (decision 0160). Every answer
    // goes through the reply: static files, errors, the API docs (which replace the policy) and
    // the tracking stream (@fastify/sse copies the reply's headers onto the stream).
    const byName = Object.fromEntries(headers);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(byName);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
