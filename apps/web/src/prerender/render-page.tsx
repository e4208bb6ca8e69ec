import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vtc/shared/i18n/languages';
import { INDEXED_PAGES, PAGE_SHELLS, PRERENDER_ORIGIN } from '@vtc/shared/site/indexed-pages';
import { QueryClient } from '@tanstack/react-query';
import { createInstance, type Resource } from 'i18next';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SiteOriginContext } from '../app/layouts/page-meta';
import { Lazy } from '../app/layouts/lazy-page';
import { PublicLayout } from '../app/layouts/public-layout';
import { RootLayout } from '../app/layouts/root-layout';
import { RouteErrorPage } from '../app/layouts/route-error-page';
import { AppProviders } from '../app/providers';
import { SummaryShell } from '../features/booking/summary-shell';
import { ContactPage } from '../features/site/contact/contact-page';
import { BookPage } from '../features/site/home/book-page';
import { HomePage } from '../features/site/home/home-page';
import { BusinessPage } from '../features/site/marketing/business-page';
import { FixedPricePage } from '../features/site/marketing/fixed-price-page';
import { PrivateHirePage } from '../features/site/marketing/private-hire-page';
import { ProPage } from '../features/site/pro/pro-page';

/**
 * The first paint of each indexed page, rendered at build time from the app's own components
 * (docs/decisions/0068): the public layout (header, page, footer) as a visitor who is signed
 * out sees it before any data arrives. The server writes it inside the app's root and the app
 * hydrates it (docs/decisions/0069): the tree here is the app's (its providers, the router's
 * boundaries around lazy pages), so that React finds the same markup.
 */

/**
 * The element of each indexed page, by path, as in the router (app/router.tsx): the home in the
 * first download, the other pages in the boundary of a lazy page, their components imported directly.
 * No booking form: its slot shows the spinner until hydration is over (BookingSlot, useHydrated);
 * no business account request form: it is fetched when the visitor opens it (RevealForm).
 */
const PAGE_ELEMENTS: Readonly<Record<string, ComponentType>> = {
  '/': () => <HomePage bookingForm={null} />,
  '/trajet-fixe-pour-particuliers': () => <Lazy><FixedPricePage /></Lazy>,
  '/mise-a-disposition-pour-particuliers': () => <Lazy><PrivateHirePage /></Lazy>,
  '/service-vtc-business': () => <Lazy><BusinessPage requestForm={null} /></Lazy>,
  '/contact': () => <Lazy><ContactPage /></Lazy>,
  '/system': () => <Lazy><BookPage bookingForm={null} /></Lazy>,
  '/prof': () => <Lazy><ProPage requestForm={null} /></Lazy>,
  // Not indexed: step two as it shows while its cars load, which the app hydrates (PAGE_SHELLS, docs/decisions/0154).
  '/summary': () => <Lazy><SummaryShell /></Lazy>,
};

export { INDEXED_PAGES, LANGUAGES, PAGE_SHELLS };

/** A prerendered page: the tags of its <head> (title, description, alternates…) and its markup. */
export interface RenderedPage {
  head: string;
  body: string;
}

/**
 * React 19 emits the hoistable elements a page renders (<title>, <meta>, <link>: PageMeta)
 * before the markup when it renders no <head> of its own: they lead the output.
 */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/>|<link\b[^>]*\/>)*/;

/** The head tags and markup of `pathname` in `language`, given every locale file of the build. */
export function renderPage(pathname: string, language: Language, resources: Resource): RenderedPage {
  const Page = PAGE_ELEMENTS[pathname];
  if (!Page) throw new Error(`No component for the page ${pathname}`);
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  const page: RouteObject = pathname === '/' ? { index: true, element: <Page /> } : { path: pathname.slice(1), element: <Page /> };
  const location = language === DEFAULT_LANGUAGE ? pathname : `${pathname}?lang=${language}`;
  // The app's router and the branch of its routes that leads to the page (app/router.tsx): React
  // numbers the ids of useId by the shape of the tree, which must be the browser's.
  const router = createMemoryRouter(
    [{ element: <RootLayout />, errorElement: <RouteErrorPage />, children: [{ element: <PublicLayout />, children: [page] }] }],
    { initialEntries: [location] },
  );
  const html = renderToString(
    <SiteOriginContext value={PRERENDER_ORIGIN}>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </SiteOriginContext>,
  );
  router.dispose();
  const head = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  const body = html.slice(head.length);
  return { head, body: language === DEFAULT_LANGUAGE ? body : withLanguageInLinks(body, language) };
}

/**
 * Links of the app carry no language (the stored choice applies); a crawler stores nothing, so
 * the prerendered links of an English or Arabic page name their language (docs/decisions/0030).
 * The language switcher's links name theirs already.
 */
function withLanguageInLinks(html: string, language: Language): string {
  return html.replace(/(<a\b[^>]*?\bhref=")(\/[^"#]*)(#[^"]*)?"/g, (match: string, start: string, target: string, hash = '') => {
    if (/[?&;]lang=/.test(target)) return match;
    const separator = target.includes('?') ? '&amp;' : '?';
    return `${start}${target}${separator}lang=${language}${hash}"`;
  });
}
