import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
export function tileSources(template: string | undefined): string[] {
  const origin = template?.match(/^https?:\/\/[^/]+/)?.[0];
  return origin ? [origin.replace(/\{[a-z]+\}/g, '*')] : [];
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
    await app.register(helmet, {
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
  },
  { name: 'security-headers', dependencies: ['config'] },
);
