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

/** Price lists are indexed too, by city and origin: `/price-list/{city}?originId=N`. */
export const PRICE_LIST_PREFIX = '/price-list/';
