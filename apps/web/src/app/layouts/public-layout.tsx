import { isLanguage } from '@vtc/shared/i18n/languages';
import { INDEXED_PAGES, PRICE_LIST_PREFIX } from '@vtc/shared/site/indexed-pages';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import type { PageMeta } from './page-meta';
import { usePageMeta } from './use-page-meta';
import { ScrollTopButton } from './scroll-top-button';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './public-page.css';

function useRouteMeta(): Omit<PageMeta, 'language' | 'imageAlt'> {
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

export function PublicLayout() {
  const { t, i18n } = useTranslation();
  const meta = useRouteMeta();
  usePageMeta({
    ...meta,
    language: isLanguage(i18n.language) ? i18n.language : 'fr',
    imageAlt: t('meta.imageAlt'),
  });
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollTopButton />
    </div>
  );
}
