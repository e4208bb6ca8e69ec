import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vtc/shared/i18n/languages';
import { OG_IMAGE } from '../../components/ui/site-images';

/** What a page says about itself; use-page-meta.ts loads this file only to apply it. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path and the query that names the content (e.g. `/price-list/Nice?originId=1`). */
  path: string;
  language: Language;
  /** Pages of a booking in progress, accounts and the like are kept out of search results. */
  indexable: boolean;
  imageAlt: string;
}

/**
 * The address of a page in a language: French (the default) has no parameter, the others add
 * `lang=en|ar`, which the page reads on load (docs/decisions/0030). The server writes the same
 * tags into index.html for crawlers that do not run JavaScript (apps/api/src/plugins/seo.ts).
 */
export function pageUrl(origin: string, pathAndQuery: string, language: Language): string {
  const url = new URL(pathAndQuery, origin);
  url.searchParams.delete('lang');
  if (language !== DEFAULT_LANGUAGE) url.searchParams.set('lang', language);
  return url.toString();
}

const OG_LOCALES: Record<Language, string> = { fr: 'fr_FR', en: 'en_GB', ar: 'ar_AR' };

function upsert(selector: string, create: () => HTMLElement): HTMLElement {
  const existing = document.head.querySelector<HTMLElement>(selector);
  if (existing) return existing;
  const element = create();
  document.head.append(element);
  return element;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | null) {
  const selector = `meta[${attribute}="${key}"]`;
  if (content === null) {
    document.head.querySelector(selector)?.remove();
    return;
  }
  upsert(selector, () => {
    const meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    return meta;
  }).setAttribute('content', content);
}

function setLink(rel: string, href: string, hreflang?: string) {
  const selector = hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]:not([hreflang])`;
  const link = upsert(selector, () => {
    const element = document.createElement('link');
    element.rel = rel;
    if (hreflang) element.hreflang = hreflang;
    return element;
  });
  link.setAttribute('href', href);
}

function removeLinks(selector: string) {
  for (const element of document.head.querySelectorAll(selector)) element.remove();
}

/** Writes the title, description, canonical address, language alternates and Open Graph tags. */
export function applyPageMeta(meta: PageMeta): void {
  const { title, description, path, language, indexable, imageAlt } = meta;
  const origin = window.location.origin;
  const canonical = pageUrl(origin, path, language);
  document.title = title;
  setMeta('name', 'description', description);
  setMeta('name', 'robots', indexable ? null : 'noindex');
  if (indexable) {
    setLink('canonical', canonical);
    for (const alternate of LANGUAGES) setLink('alternate', pageUrl(origin, path, alternate), alternate);
    setLink('alternate', pageUrl(origin, path, DEFAULT_LANGUAGE), 'x-default');
  } else {
    removeLinks('link[rel="canonical"], link[rel="alternate"][hreflang]');
  }
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:url', indexable ? canonical : null);
  setMeta('property', 'og:locale', OG_LOCALES[language]);
  for (const element of document.head.querySelectorAll('meta[property="og:locale:alternate"]')) element.remove();
  for (const other of LANGUAGES.filter((item) => item !== language)) {
    const alternate = document.createElement('meta');
    alternate.setAttribute('property', 'og:locale:alternate');
    alternate.setAttribute('content', OG_LOCALES[other]);
    document.head.append(alternate);
  }
  setMeta('property', 'og:image', new URL(`/images/${OG_IMAGE.file}`, origin).toString());
  setMeta('property', 'og:image:alt', imageAlt);
  setMeta('name', 'twitter:title', title);
  setMeta('name', 'twitter:description', description);
}
