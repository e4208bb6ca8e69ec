import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@vtc/shared/i18n/languages';
import { INDEXED_PAGES } from '@vtc/shared/site/indexed-pages';

/**
 * The first paint of the indexed pages: the web build renders each page in each language from
 * the app's own components (apps/web/src/prerender/render-page.tsx) into
 * `.vite/prerender/{language}{path}.html`; the server writes it after the app's root. Crawlers
 * that run no JavaScript read it, browsers paint it before the scripts arrive, and the app
 * replaces it when its page is ready (usePrerenderHandoff). docs/decisions/0068.
 */

/** Prerendered markup by `language|path`. */
export type PrerenderedPages = ReadonlyMap<string, string>;

function fileOf(webDistDir: string, language: Language, pathname: string): string {
  return path.join(webDistDir, '.vite', 'prerender', language, pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);
}

/** Reads the prerendered pages of a web build; the pages without a file get no first paint. */
export function loadPrerenderedPages(webDistDir: string): PrerenderedPages {
  const pages = new Map<string, string>();
  for (const language of LANGUAGES) {
    for (const pathname of Object.keys(INDEXED_PAGES)) {
      const file = fileOf(webDistDir, language, pathname);
      if (existsSync(file)) pages.set(`${language}|${pathname}`, readFileSync(file, 'utf8'));
    }
  }
  return pages;
}

/** The first paint of `pathname` in `language`, or '' for pages that have none. */
export function renderPrerender(pathname: string, language: Language, pages: PrerenderedPages): string {
  const markup = pages.get(`${language}|${pathname}`);
  return markup ? `<div id="prerender" class="prerender">${markup}</div>` : '';
}
