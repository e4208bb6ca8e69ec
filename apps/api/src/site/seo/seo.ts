import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, isRightToLeft, type Language } from '@vtc/shared/i18n/languages';
import { INDEXED_PAGES, PAGE_SHELLS, PRICE_LIST_PREFIX, localizedUrl } from '@vtc/shared/site/indexed-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import precompressedAssets from '../../platform/http/precompressed-assets.ts';
import { loadPrerenderedPages, prerenderedHead, renderPrerender, type PrerenderedPages } from './seo-prerender.ts';
import { escapeHtml } from '../../platform/lib/escape-html.ts';
import { findOrigin, listOrigins } from '../../catalogue/places/origins-repository.ts';

/**
 * What search engines and link previews read without running JavaScript (docs/decisions/0030):
 * /robots.txt, /sitemap.xml, and in every HTML page the title, description, canonical address,
 * language alternates (`?lang=en|ar`, French without a parameter) and Open Graph tags of the
 * page asked for, written between the `seo:start` and `seo:end` marks of index.html. The texts
 * are the web app's own, read from its built locale files (`meta` in common.json).
 */

const OG_IMAGE = { path: '/images/og-riviera-vtc.jpg', width: 1200, height: 630 };
const OG_LOCALES: Record<Language, string> = { fr: 'fr_FR', en: 'en_GB', ar: 'ar_AR' };
const SEO_BLOCK = /<!--\s*seo:start[\s\S]*?<!--\s*seo:end\s*-->/;

interface MetaText {
  title: string;
  description: string;
}

interface LocaleMeta {
  siteName: string;
  imageAlt: string;
  default: MetaText;
  pages: Record<string, MetaText>;
}

export interface PageSeo {
  language: Language;
  /** The path without a trailing slash. */
  pathname: string;
  title: string;
  description: string;
  imageAlt: string;
  siteName: string;
  /** Path and the query that names the content; null for pages kept out of search results. */
  canonicalPath: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readMetaText(value: unknown): MetaText | null {
  if (!isRecord(value) || typeof value.title !== 'string' || typeof value.description !== 'string') return null;
  return { title: value.title, description: value.description };
}

/** The `meta` texts of each language from the built web app; null when there is none. */
export function loadLocaleMeta(webDistDir: string): Record<Language, LocaleMeta> | null {
  const result: Partial<Record<Language, LocaleMeta>> = {};
  for (const language of LANGUAGES) {
    const file = path.join(webDistDir, 'locales', language, 'common.json');
    if (!existsSync(file)) return null;
    const common: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const meta = isRecord(common) && isRecord(common.meta) ? common.meta : null;
    const fallback = meta ? readMetaText(meta.default) : null;
    if (!meta || !fallback) return null;
    const pages: Record<string, MetaText> = {};
    for (const key of [...Object.values(INDEXED_PAGES), 'priceList']) {
      pages[key] = readMetaText(meta[key]) ?? fallback;
    }
    result[language] = {
      siteName: typeof meta.siteName === 'string' ? meta.siteName : fallback.title,
      imageAlt: typeof meta.imageAlt === 'string' ? meta.imageAlt : '',
      default: fallback,
      pages,
    };
  }
  return result as Record<Language, LocaleMeta>;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

/** The language of a URL: `?lang=` when it names one, else French (what a crawler sees). */
export function languageOfUrl(url: URL): Language {
  const asked = url.searchParams.get('lang');
  return isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
}

/** The tags of the page at `url` (path and query), in the language the address asks for. */
/**
 * What a page's head says. `originName` is the price list's city as the database names it (looked up
 * by `originId`); null when no origin has that id: the page is then kept out of the index.
 * Without it the city is read from the address.
 */
export function describePage(url: URL, meta: Record<Language, LocaleMeta>, originName?: string | null): PageSeo {
  const language = languageOfUrl(url);
  const texts = meta[language];
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const common = { language, pathname, imageAlt: texts.imageAlt, siteName: texts.siteName };
  const key = INDEXED_PAGES[pathname];
  if (key) {
    const page = texts.pages[key] ?? texts.default;
    return { ...common, ...page, canonicalPath: pathname };
  }
  const originId = url.searchParams.get('originId');
  if (pathname.startsWith(PRICE_LIST_PREFIX) && originId && /^\d+$/.test(originId) && originName !== null) {
    let city = originName ?? pathname.slice(PRICE_LIST_PREFIX.length);
    try {
      if (originName === undefined) city = decodeURIComponent(city);
    } catch {
      // A malformed escape: keep the path as written.
    }
    const page = texts.pages.priceList ?? texts.default;
    return {
      ...common,
      title: fill(page.title, { city }),
      description: fill(page.description, { city }),
      canonicalPath: `${pathname}?originId=${originId}`,
    };
  }
  return { ...common, ...texts.default, canonicalPath: null };
}

export function renderSeoTags(page: PageSeo, base: string): string {
  const e = escapeHtml;
  const lines = [`<title>${e(page.title)}</title>`, `<meta name="description" content="${e(page.description)}" />`];
  const url = page.canonicalPath ? localizedUrl(base, page.canonicalPath, page.language) : null;
  if (page.canonicalPath && url) {
    lines.push(`<link rel="canonical" href="${e(url)}" />`);
    for (const language of LANGUAGES) {
      lines.push(`<link rel="alternate" hreflang="${language}" href="${e(localizedUrl(base, page.canonicalPath, language))}" />`);
    }
    lines.push(`<link rel="alternate" hreflang="x-default" href="${e(localizedUrl(base, page.canonicalPath, DEFAULT_LANGUAGE))}" />`);
  } else {
    lines.push('<meta name="robots" content="noindex" />');
  }
  lines.push(
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${e(page.siteName)}" />`,
    `<meta property="og:title" content="${e(page.title)}" />`,
    `<meta property="og:description" content="${e(page.description)}" />`,
  );
  if (url) lines.push(`<meta property="og:url" content="${e(url)}" />`);
  lines.push(
    `<meta property="og:image" content="${e(`${base}${OG_IMAGE.path}`)}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${e(page.imageAlt)}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[page.language]}" />`,
    ...LANGUAGES.filter((language) => language !== page.language).map(
      (language) => `<meta property="og:locale:alternate" content="${OG_LOCALES[language]}" />`,
    ),
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${e(page.title)}" />`,
    `<meta name="twitter:description" content="${e(page.description)}" />`,
  );
  return lines.join('\n    ');
}

/**
 * The head tags of a page: those its components rendered at build time (PageMeta, decision 0069)
 * for the indexed pages, else written here from the same texts (price lists, unlisted pages,
 * a build without prerender).
 */
export function headTagsOf(page: PageSeo, base: string, prerendered: PrerenderedPages): string {
  return prerenderedHead(page.pathname, page.language, prerendered, base) ?? renderSeoTags(page, base);
}

/**
 * index.html with the page's tags, its `lang`/`dir` and, when given, its first paint inside the
 * app's root, which the app hydrates (marked `data-prerender` on <html>); a page without the
 * marks is left as it is.
 */
export function injectSeo(html: string, page: PageSeo, base: string, prerender = '', headTags = renderSeoTags(page, base)): string {
  if (!SEO_BLOCK.test(html)) return html;
  const root = '<div id="root"></div>';
  const withPrerender = prerender && html.includes(root);
  const direction = isRightToLeft(page.language) ? 'rtl' : 'ltr';
  let result = html
    .replace(SEO_BLOCK, () => headTags)
    .replace(/<html\b[^>]*>/, `<html lang="${page.language}" dir="${direction}"${withPrerender ? ' data-prerender' : ''}>`);
  if (withPrerender) result = result.replace(root, () => `<div id="root">${prerender}</div>`);
  return result;
}

/**
 * Every variant of index.html the server sends (each listed page, a price list and an unlisted
 * page, in every language), built by the same functions as the answers: the security headers
 * hash their inline scripts and styles.
 */
export function renderServedPages(webDistDir: string, base: string): string[] {
  const file = path.join(webDistDir, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  const meta = loadLocaleMeta(webDistDir);
  if (!meta) return [html];
  const prerendered = loadPrerenderedPages(webDistDir);
  const paths = [...Object.keys(INDEXED_PAGES), ...PAGE_SHELLS, `${PRICE_LIST_PREFIX}Nice?originId=1`, '/auth/sign'];
  return [
    html,
    ...paths.flatMap((pathAndQuery) =>
      LANGUAGES.map((language) => {
        const page = describePage(new URL(localizedUrl(base, pathAndQuery, language)), meta);
        const prerender = renderPrerender(page.pathname, page.language, prerendered);
        return injectSeo(html, page, base, prerender, headTagsOf(page, base, prerendered));
      }),
    ),
  ];
}

export function renderRobots(base: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

/** Every listed page in every language, each entry naming its alternates (hreflang). */
export function renderSitemap(base: string, paths: readonly string[]): string {
  const e = escapeHtml;
  const entries = paths.flatMap((pathAndQuery) => {
    const alternates = [
      ...LANGUAGES.map(
        (language) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${e(localizedUrl(base, pathAndQuery, language))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${e(localizedUrl(base, pathAndQuery, DEFAULT_LANGUAGE))}"/>`,
    ].join('\n');
    return LANGUAGES.map(
      (language) => `  <url>\n    <loc>${e(localizedUrl(base, pathAndQuery, language))}</loc>\n${alternates}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

type Encoding = 'br' | 'gzip' | 'identity';

function acceptedEncoding(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

function compress(html: string, encoding: Encoding): string | Buffer {
  if (encoding === 'br') return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(html);
  return html;
}

/**
 * Finished pages by index.html content, page and encoding: the listed pages and the noindex
 * page of each language (a bounded set). Price lists, named by any city in the address, are
 * built each time.
 */
class PageCache {
  private readonly entries = new Map<string, string | Buffer>();
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  get(key: string) {
    return this.entries.get(key);
  }
  set(key: string, value: string | Buffer) {
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
  }
}

async function readBody(payload: unknown): Promise<string | null> {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload && typeof (payload as Readable).pipe === 'function') {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as Readable) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    return Buffer.concat(chunks).toString('utf8');
  }
  return null;
}

export default fp(
  async function seoPlugin(app: FastifyInstance) {
    const base = app.config.PUBLIC_URL.replace(/\/+$/, '');
    const meta = loadLocaleMeta(app.config.WEB_DIST_DIR);
    const prerendered = loadPrerenderedPages(app.config.WEB_DIST_DIR);
    // Page speed counts for search too: assets go out precompressed.
    await app.register(precompressedAssets);

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(renderRobots(base)),
    );

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const paths = Object.keys(INDEXED_PAGES);
      try {
        const rows = await listOrigins(app.db);
        for (const origin of rows) {
          paths.push(`${PRICE_LIST_PREFIX}${encodeURIComponent(origin.title || origin.name)}?originId=${origin.id}`);
        }
      } catch (error) {
        // The fixed pages are still worth listing when the price lists cannot be read.
        app.log.warn({ err: error }, 'sitemap: origins could not be read');
      }
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(renderSitemap(base, paths));
    });

    if (!meta) return;
    const cache = new PageCache(200);
    /** The city of a price-list address by its origin id (null: no such origin); undefined elsewhere. */
    const priceListCity = async (url: URL): Promise<string | null | undefined> => {
      const id = url.searchParams.get('originId');
      if (!url.pathname.startsWith(PRICE_LIST_PREFIX) || !id || !/^\d+$/.test(id)) return undefined;
      const origin = id.length <= 9 ? await findOrigin(app.db, Number(id)) : undefined;
      return origin ? origin.name : null;
    };
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
      if (request.url === '/api' || request.url.startsWith('/api/')) return payload;
      const html = await readBody(payload);
      if (html === null) return payload;
      const url = new URL(request.url, `${base}/`);
      const page = describePage(url, meta, await priceListCity(url));
      const encoding = acceptedEncoding(request);
      // The body now depends on the address, not only on the file: no validators of the file.
      reply.removeHeader('content-length');
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
      reply.header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);

      const cacheable = page.canonicalPath === null || page.canonicalPath in INDEXED_PAGES;
      // A noindex page with a shell of its own (step two) is cached apart from the other noindex pages.
      const variant = page.canonicalPath ?? (PAGE_SHELLS.includes(page.pathname) ? `noindex${page.pathname}` : 'noindex');
      const key = cacheable ? `${createHash('sha1').update(html).digest('base64')}|${variant}|${page.language}|${encoding}` : null;
      const cached = key ? cache.get(key) : undefined;
      if (cached !== undefined) return cached;
      const prerender = renderPrerender(page.pathname, page.language, prerendered);
      const body = compress(injectSeo(html, page, base, prerender, headTagsOf(page, base, prerendered)), encoding);
      if (key) cache.set(key, body);
      return body;
    });
  },
  { name: 'seo', dependencies: ['config'] },
);
