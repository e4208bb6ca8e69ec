import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { useSignOut } from '../use-sign-out';
import { RouteMeta } from './page-meta';
import { ScrollTopButton } from './scroll-top-button';
import './admin-layout.css';

// The company's daily work first (issue 11): the dashboard, the bookings, the planning.
const ADMIN_LINKS = [
  { to: '/dashboard', key: 'dashboard' },
  { to: '/bookings', key: 'bookings' },
  { to: '/planning', key: 'planning' },
  { to: '/pricing', key: 'pricing' },
  { to: '/pricing-list', key: 'pricingList' },
  { to: '/hourly-rates', key: 'hourlyRates' },
  { to: '/tours', key: 'tours' },
  { to: '/cars', key: 'cars' },
  { to: '/durations', key: 'durations' },
  { to: '/holidays', key: 'holidays' },
  { to: '/profile', key: 'profile' },
  { to: '/seasons', key: 'seasons' },
  { to: '/drivers', key: 'drivers' },
  { to: '/invoices', key: 'invoices' },
  { to: '/companies', key: 'companies' },
  { to: '/users', key: 'users' },
  { to: '/messages', key: 'messages' },
  { to: '/reviews', key: 'reviews' },
] as const;

function isWideScreen(): boolean {
  return window.matchMedia('(min-width: 900px)').matches;
}

/** Back-office shell: top bar "Hello admin" with a hamburger toggling the sidebar (spec §2). */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const signOut = useSignOut();
  const [sidebarOpen, setSidebarOpen] = useState(isWideScreen);
  // On small screens the sidebar covers the page: close it once a page is chosen.
  const closeOnSmallScreens = () => {
    if (!isWideScreen()) setSidebarOpen(false);
  };

  return (
    <div className={sidebarOpen ? 'admin admin-sidebar-open' : 'admin'}>
      <RouteMeta />
      <a className="skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <header className="admin-topbar">
        <button
          type="button"
          className="nav-toggle admin-toggle"
          aria-expanded={sidebarOpen}
          aria-controls="admin-sidebar"
          onClick={() => setSidebarOpen((open) => !open)}
        >
          <span className="hamburger" aria-hidden="true" />
          <span className="visually-hidden">{t('topbar.toggleMenu')}</span>
        </button>
        <p className="admin-hello">{t('topbar.hello')}</p>
        <Link to="/" className="admin-view-site">
          {t('topbar.viewSite')}
        </Link>
      </header>
      <div className="admin-body">
        <aside id="admin-sidebar" className="admin-sidebar" hidden={!sidebarOpen}>
          <nav aria-label={t('sidebar.label')}>
            <ul className="admin-nav">
              {ADMIN_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} onClick={closeOnSmallScreens}>{t(`sidebar.${link.key}`)}</NavLink>
                </li>
              ))}
              <li>
                <button type="button" className="admin-signout" onClick={signOut}>
                  {t('sidebar.signOut')}
                </button>
              </li>
            </ul>
          </nav>
        </aside>
        <main id="main" className="admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <ScrollTopButton />
    </div>
  );
}
