import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { DropdownMenu } from '../../components/ui/dropdown-menu';
import { PhoneIcon } from '../../components/ui/icons';
import { usePublicConfig } from '../../lib/public-config';
import { isAdmin, isSignedIn, useSession } from '../../lib/auth-session';
import { useSignOut } from '../use-sign-out';
import { DestinationsMenu } from './destinations-menu';
import { LanguageSwitcher } from './language-switcher';
import './site-header.css';

/**
 * The company's number in the header's top line. It reads the public configuration in a component
 * of its own: when the configuration arrives after the hydration (a store update, which React
 * renders at once), only this link renders again, not the whole header (docs/decisions/0168).
 */
function HeaderPhone() {
  const { data: config } = usePublicConfig();
  if (!config?.companyPhone) return null;
  return (
    <a href={`tel:${config.companyPhone.replace(/\s/g, '')}`} dir="ltr">
      <PhoneIcon />
      {config.companyPhone}
    </a>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = isSignedIn(session);
  const admin = isAdmin(session);
  const signOut = useSignOut();
  const { pathname } = useLocation();
  // The mobile menu stays open only on the page where it was opened.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <header className="site-header">
      <div className="header-top">
        <div className="container header-top-inner">
          <p className="header-tagline">
            <span>{t('footer.available')}</span>
            <HeaderPhone />
          </p>
          <LanguageSwitcher />
          {signedIn ? (
            <>
              {/* One tap to "Mes réservations", on a phone too (decision 0120). */}
              <Link to="/account/bookings" className="header-top-action">
                {t('nav.myBookings')}
              </Link>
              <button type="button" className="header-top-action" onClick={signOut}>
                {t('nav.logout')}
              </button>
            </>
          ) : (
            <Link to="/auth/sign" className="header-top-action">
              {t('nav.login')}
            </Link>
          )}
        </div>
      </div>
      <div className="container header-inner">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            {/* The monogram is the logo, not words. i18next-instrument-ignore-next-line */}
            RV
          </span>
          <span className="brand-name">{t('brand')}</span>
        </Link>
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span className="hamburger" aria-hidden="true" />
          <span className="visually-hidden">{t('nav.openMenu')}</span>
        </button>
        <nav id="site-nav" className={open ? 'site-nav is-open' : 'site-nav'} aria-label={t('nav.label')}>
          <ul className="nav-list">
            <li>
              <NavLink to="/" end>
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/trajet-fixe-pour-particuliers">{t('nav.fixedPrice')}</NavLink>
            </li>
            <li>
              <NavLink to="/mise-a-disposition-pour-particuliers">{t('nav.privateHire')}</NavLink>
            </li>
            <li>
              <NavLink to="/service-vtc-business">{t('nav.business')}</NavLink>
            </li>
            <li>
              <DestinationsMenu />
            </li>
            <li>
              <NavLink to="/contact">{t('nav.contact')}</NavLink>
            </li>
            <li>
              <DropdownMenu label={t('nav.more')}>
                <li>
                  <Link to="/prof">{t('nav.pro')}</Link>
                </li>
                {signedIn ? (
                  <>
                    <li>
                      <Link to="/account/bookings">{t('nav.myBookings')}</Link>
                    </li>
                    <li>
                      <Link to="/account">{t('nav.account')}</Link>
                    </li>
                  </>
                ) : (
                  <li>
                    <Link to="/auth/register">{t('nav.register')}</Link>
                  </li>
                )}
                {admin ? (
                  <li>
                    <Link to="/dashboard">{t('nav.admin')}</Link>
                  </li>
                ) : null}
              </DropdownMenu>
            </li>
          </ul>
          <Link to="/system" className="btn btn-primary nav-cta">
            {t('nav.book')}
          </Link>
        </nav>
      </div>
    </header>
  );
}
