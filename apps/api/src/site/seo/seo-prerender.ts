import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vtc/shared/i18n/languages';
import { escapeHtml } from '../../platform/lib/escape-html.ts';

/**
 * The first paint of the public pages, written into index.html by the server: the header with
 * its links and the page's heading and lead paragraph (the hero picture on `/`), in the web
 * app's own markup and words. Crawlers that run no JavaScript read it; browsers paint it before
 * the scripts arrive, and the app replaces it when its page is ready (usePrerenderHandoff).
 * docs/decisions/0031.
 */

type Texts = Record<string, unknown>;

export interface HeroPicture {
  tall: { media: string; srcset: string; width: number; height: number };
  wide: { src: string; srcset: string; width: number; height: number };
}

export interface PrerenderSource {
  texts: Record<Language, Record<'common' | 'home' | 'marketing' | 'contact', Texts>>;
  hero: HeroPicture | null;
}

function readJson(file: string): unknown {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : null;
}

function isRecord(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null;
}

/** Reads the locale files and hero data of a web build; null when any is missing. */
export function loadPrerenderSource(webDistDir: string): PrerenderSource | null {
  const texts = {} as PrerenderSource['texts'];
  for (const language of LANGUAGES) {
    const files = {} as Record<'common' | 'home' | 'marketing' | 'contact', Texts>;
    for (const namespace of ['common', 'home', 'marketing', 'contact'] as const) {
      const content = readJson(path.join(webDistDir, 'locales', language, `${namespace}.json`));
      if (!isRecord(content)) return null;
      files[namespace] = content;
    }
    texts[language] = files;
  }
  const hero = readJson(path.join(webDistDir, '.vite', 'hero.json'));
  return { texts, hero: isRecord(hero) ? (hero as unknown as HeroPicture) : null };
}

/** A text at a dotted key, or '' when absent. */
function text(source: Texts, key: string): string {
  let value: unknown = source;
  for (const part of key.split('.')) value = isRecord(value) ? value[part] : undefined;
  return typeof value === 'string' ? value : '';
}

const NAV_LINKS = [
  ['/', 'nav.home'],
  ['/trajet-fixe-pour-particuliers', 'nav.fixedPrice'],
  ['/mise-a-disposition-pour-particuliers', 'nav.privateHire'],
  ['/service-vtc-business', 'nav.business'],
  ['/contact', 'nav.contact'],
] as const;

/** Which heading each prerendered page shows: [namespace, title key, lead key, layout]. */
const PAGE_HEADINGS: Record<string, readonly [ns: 'common' | 'home' | 'marketing' | 'contact', title: string, lead: string, layout: 'hero' | 'intro' | 'section']> = {
  '/': ['home', 'hero.title', 'hero.intro', 'hero'],
  '/trajet-fixe-pour-particuliers': ['marketing', 'fixedPrice.title', 'fixedPrice.lead', 'intro'],
  '/mise-a-disposition-pour-particuliers': ['marketing', 'privateHire.title', 'privateHire.lead', 'intro'],
  '/service-vtc-business': ['marketing', 'business.title', 'business.lead', 'intro'],
  '/contact': ['contact', 'title', 'lead', 'intro'],
  '/prof': ['marketing', 'pro.title', 'pro.lead', 'intro'],
  '/system': ['common', 'pages.system.title', 'pages.system.text', 'section'],
};

function link(href: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? href : `${href}?lang=${language}`;
}

function heroPicture(hero: HeroPicture | null): string {
  if (!hero) return '';
  const e = escapeHtml;
  return (
    `<picture><source media="${e(hero.tall.media)}" srcset="${e(hero.tall.srcset)}" sizes="100vw" width="${e(hero.tall.width)}" height="${e(hero.tall.height)}" />` +
    `<img class="hero-image" src="${e(hero.wide.src)}" srcset="${e(hero.wide.srcset)}" sizes="100vw" width="${e(hero.wide.width)}" height="${e(hero.wide.height)}" alt="" fetchpriority="high" /></picture>`
  );
}

/** The first paint of `pathname` in `language`, or '' for pages that have none. */
export function renderPrerender(pathname: string, language: Language, source: PrerenderSource): string {
  const heading = PAGE_HEADINGS[pathname];
  if (!heading) return '';
  const e = escapeHtml;
  const files = source.texts[language];
  const common = files.common;
  const [namespace, titleKey, leadKey, layout] = heading;
  const title = e(text(files[namespace], titleKey));
  const lead = e(text(files[namespace], leadKey));

  const nav = NAV_LINKS.map(([href, key]) => `<li><a href="${e(link(href, language))}">${e(text(common, key))}</a></li>`).join('');
  const header =
    '<header class="site-header"><div class="header-top"><div class="container header-top-inner"></div></div>' +
    `<div class="container header-inner"><a href="${e(link('/', language))}" class="brand"><span class="brand-mark" aria-hidden="true">RV</span><span class="brand-name">${e(text(common, 'brand'))}</span></a>` +
    `<nav class="site-nav" aria-label="${e(text(common, 'nav.label'))}"><ul class="nav-list">${nav}</ul>` +
    `<a href="${e(link('/system', language))}" class="btn btn-primary nav-cta">${e(text(common, 'nav.book'))}</a></nav></div></header>`;

  let main: string;
  if (layout === 'hero') {
    main =
      `<section class="hero">${heroPicture(source.hero)}<div class="container hero-grid"><div class="hero-copy">` +
      `<p class="hero-kicker">${e(text(files.home, 'hero.kicker'))}</p><h1 class="hero-title">${title}</h1><p class="hero-intro">${lead}</p>` +
      '</div></div></section>';
  } else if (layout === 'intro') {
    main = `<section class="page-intro"><div class="container"><h1 class="page-intro-title">${title}</h1><p class="page-intro-lead">${lead}</p></div></section>`;
  } else {
    main = `<section class="page-section"><div class="container"><h1 class="page-title">${title}</h1><p class="page-lead">${lead}</p></div></section>`;
  }
  return `<div id="prerender" class="prerender site">${header}<main class="site-main">${main}</main></div>`;
}
