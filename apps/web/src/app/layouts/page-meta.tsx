import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@vtc/shared/i18n/languages';
import { INDEXED_PAGES, PRICE_LIST_PREFIX, localizedUrl } from '@vtc/shared/site/indexed-pages';
import { createContext, useContext, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { OG_IMAGE } from '../../components/ui/site-images';

/** What a page says about itself. */
export interface PageMetaProps {
  title: string;
  description: string;
  siteName: string;
  /** Path and the query that names the content (e.g. `/price-list/Nice?originId=1`). */
  path: string;
  language: Language;
  /** Pages of a booking in progress, accounts and the like are kept out of search results. */
  indexable: boolean;
  imageAlt: string;
}

/**
 * The origin of the absolute addresses: the build-time prerender gives PRERENDER_ORIGIN (the
 * server writes its PUBLIC_URL in its place); the browser, the page's own.
 */
export const SiteOriginContext = createContext<string | null>(null);

const OG_LOCALES: Record<Language, string> = { fr: 'fr_FR', en: 'en_GB', ar: 'ar_AR' };

/**
 * The title, description, canonical address, language alternates and Open Graph tags of the
 * page, as React 19 elements: React puts them in <head> in the browser, and the build-time
 * prerender emits them before the page's markup, which the server writes into the head of the
 * indexed pages (docs/decisions/0069). Same tags, in the same order, as the server writes for
 * the pages it has no prerender of (apps/api/src/site/seo/seo.ts), so React takes them over.
 */
export function PageMeta({ title, description, siteName, path, language, indexable, imageAlt }: PageMetaProps) {
  const origin = useContext(SiteOriginContext) ?? window.location.origin;
  const canonical = indexable ? localizedUrl(origin, path, language) : null;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {canonical ? (
        <>
          <link rel="canonical" href={canonical} />
          {LANGUAGES.map((alternate) => (
            <link key={alternate} rel="alternate" hrefLang={alternate} href={localizedUrl(origin, path, alternate)} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={localizedUrl(origin, path, DEFAULT_LANGUAGE)} />
        </>
      ) : (
        <meta name="robots" content="noindex" />
      )}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {canonical ? <meta property="og:url" content={canonical} /> : null}
      <meta property="og:image" content={`${origin}/images/${OG_IMAGE.file}`} />
      <meta property="og:image:width" content={String(OG_IMAGE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta property="og:locale" content={OG_LOCALES[language]} />
      {LANGUAGES.filter((other) => other !== language).map((other) => (
        <meta key={other} property="og:locale:alternate" content={OG_LOCALES[other]} />
      ))}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
    </>
  );
}

const SERVED_TAGS =
  'title, meta[name="description"], meta[name="robots"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"], link[rel="alternate"][hreflang]';

/**
 * The head tags the server wrote: React 19 takes over those equal to the ones it renders (same
 * content or address) and writes the others anew, so the served ones are marked here and those
 * it did not take over go once the app's are in (RouteMeta), or the page would carry both.
 */
export function markServedHeadTags(): void {
  for (const element of document.head.querySelectorAll(SERVED_TAGS)) element.setAttribute('data-served', '');
}

/** A head tag React adopted for one of its elements carries React's own key (react-dom 19). */
function takenOverByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

function useRouteMeta(): Pick<PageMetaProps, 'title' | 'description' | 'path' | 'indexable'> {
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const key = INDEXED_PAGES[path];
  if (key) {
    return { title: t(`meta.${key}.title`), description: t(`meta.${key}.description`), path, indexable: true };
  }
  const originId = new URLSearchParams(search).get('originId');
  if (path.startsWith(PRICE_LIST_PREFIX) && originId) {
    let city = path.slice(PRICE_LIST_PREFIX.length);
    try {
      city = decodeURIComponent(city);
    } catch {
      // A malformed escape: show the path as written.
    }
    return {
      title: t('meta.priceList.title', { city }),
      description: t('meta.priceList.description', { city }),
      path: `${path}?originId=${encodeURIComponent(originId)}`,
      indexable: true,
    };
  }
  return { title: t('meta.default.title'), description: t('meta.default.description'), path, indexable: false };
}

/** The tags of the page the router shows, in the page's language. */
export function RouteMeta() {
  const { t, i18n } = useTranslation();
  const meta = useRouteMeta();
  useLayoutEffect(() => {
    for (const element of document.head.querySelectorAll('[data-served]')) {
      if (takenOverByReact(element)) element.removeAttribute('data-served');
      else element.remove();
    }
  }, []);
  return (
    <PageMeta
      {...meta}
      language={isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE}
      siteName={t('meta.siteName')}
      imageAlt={t('meta.imageAlt')}
    />
  );
}
