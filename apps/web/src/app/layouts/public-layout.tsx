import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { RouteMeta } from './page-meta';
import { ScrollTopButton } from './scroll-top-button';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './public-page.css';

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="site">
      <RouteMeta />
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
