import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages.ts';

/**
 * The public pages search engines should list, each with the key of its title and description
 * under `meta.` in the web app's common.json. The one list read by the web app (page tags,
 * build-time prerender) and the server (tags, sitemap, prerendered files); every other page
 * is noindex (docs/decisions/0030).
 */
export const INDEXED_PAGES: Readonly<Record<string, string>> = {
  '/': 'home',
  '/trajet-fixe-pour-particuliers': 'fixedPrice',
  '/mise-a-disposition-pour-particuliers': 'privateHire',
  '/service-vtc-business': 'business',
  '/contact': 'contact',
  '/system': 'system',
  '/prof': 'pro',
};

/**
 * Pages kept out of the index whose first paint the server still writes, rendered from the app's
 * own components at build time, so that it is painted before the scripts arrive: the page as it
 * shows while its data loads (the header, its steps and title, a spinner), which the app hydrates
 * (docs/decisions/0154). Not in the sitemap, no head tags of their own (noindex).
 */
export const PAGE_SHELLS: readonly string[] = ['/summary'];

/** Price lists are indexed too, by city and origin: `/price-list/{city}?originId=N`. */
export const PRICE_LIST_PREFIX = '/price-list/';

/**
 * The origin written in the build-time prerender's absolute addresses (canonical, alternates,
 * Open Graph): the server replaces it with its `PUBLIC_URL` when it sends the page
 * (docs/decisions/0069). `.invalid` names no real host.
 */
export const PRERENDER_ORIGIN = 'https://prerender.invalid';

/** `origin + path` in a language: French without a parameter, the others with `lang=` (0030). */
export function localizedUrl(origin: string, pathAndQuery: string, language: Language): string {
  const url = new URL(pathAndQuery, `${origin}/`);
  url.searchParams.delete('lang');
  if (language !== DEFAULT_LANGUAGE) url.searchParams.set('lang', language);
  return url.toString();
}
