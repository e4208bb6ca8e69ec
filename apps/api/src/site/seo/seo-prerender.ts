import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@vtc/shared/i18n/languages';
import { INDEXED_PAGES, PAGE_SHELLS, PRERENDER_ORIGIN } from '@vtc/shared/site/indexed-pages';
import { escapeHtml } from '../../platform/lib/escape-html.ts';

/**
 * The first paint of the indexed pages: the web build renders each page in each language from
 * the app's own components (apps/web/src/prerender/render-page.tsx) into
 * `.vite/prerender/{language}{path}.html`; the server writes it inside the app's root. Crawlers
 * that run no JavaScript read it, browsers paint it before the scripts arrive, and the app
 * hydrates it (apps/web/src/main.tsx). docs/decisions/0068, 0069.
 */

/** A prerendered page: its head tags (PageMeta, with PRERENDER_ORIGIN for the origin) and its markup. */
export interface PrerenderedPage {
  head: string;
  body: string;
}

/** Prerendered pages by `language|path`. */
export type PrerenderedPages = ReadonlyMap<string, PrerenderedPage>;

function fileOf(webDistDir: string, language: Language, pathname: string): string {
  return path.join(webDistDir, '.vite', 'prerender', language, pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);
}

/** Reads the prerendered pages of a web build; the pages without a file get no first paint. */
export function loadPrerenderedPages(webDistDir: string): PrerenderedPages {
  const pages = new Map<string, PrerenderedPage>();
  for (const language of LANGUAGES) {
    // The indexed pages, and the shells of pages kept out of the index (step two, docs/decisions/0154).
    for (const pathname of [...Object.keys(INDEXED_PAGES), ...PAGE_SHELLS]) {
      const file = fileOf(webDistDir, language, pathname);
      const headFile = file.replace(/\.html$/, '.head.html');
      if (!existsSync(file)) continue;
      const head = existsSync(headFile) ? readFileSync(headFile, 'utf8') : '';
      pages.set(`${language}|${pathname}`, { head, body: readFileSync(file, 'utf8') });
    }
  }
  return pages;
}

/**
 * The head tags the page's components rendered (title, description, canonical, alternates, Open
 * Graph: PageMeta, docs/decisions/0069), their origin made the server's; null when the build
 * has none for this page.
 */
export function prerenderedHead(pathname: string, language: Language, pages: PrerenderedPages, base: string): string | null {
  const head = pages.get(`${language}|${pathname}`)?.head;
  if (!head) return null;
  return head.replaceAll(PRERENDER_ORIGIN, escapeHtml(base)).replace(/(\/>|<\/title>)(?=<)/g, '$1\n    ');
}

/**
 * The first paint of `pathname` in `language`, or '' for pages that have none: the markup React
 * hydrates, written as the build rendered it (no added space: React would find a text node).
 */
export function renderPrerender(pathname: string, language: Language, pages: PrerenderedPages): string {
  return pages.get(`${language}|${pathname}`)?.body ?? '';
}
