import { LANGUAGES, isLanguage, type Language } from '@vtc/shared/i18n/languages';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { GlobeIcon } from '../../components/ui/icons';
import { getStoredLanguage, switchLanguage } from '../../lib/language';
import './language-switcher.css';

/**
 * Saves the choice and reloads (spec §1). A `?lang=` in the address (docs/decisions/0030)
 * would win again after the reload, so it is dropped first.
 */
function chooseLanguage(event: MouseEvent<HTMLAnchorElement>, language: Language) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  switchLanguage(language);
}

/** The current page in `language`: `?lang=` is read before anything loads (index.html), so the link works without the app. */
function hrefIn(pathname: string, search: string, language: Language): string {
  const params = new URLSearchParams(search);
  params.set('lang', language);
  return `${pathname}?${params.toString()}`;
}

/**
 * The languages as links (docs/decisions/0069): without JavaScript (a crawler, the first paint
 * before the scripts run) a link opens the page in that language; with it, the choice is saved
 * and the page reloads without the parameter.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  // The page's language: the stored one in the browser, the rendered one in the build-time prerender.
  const current = isLanguage(i18n.language) ? i18n.language : getStoredLanguage();
  return (
    <nav className="language-switcher" aria-label={t('nav.language')}>
      <GlobeIcon />
      <ul className="language-list">
        {LANGUAGES.map((language) => (
          <li key={language}>
            <a
              className="language-link"
              href={hrefIn(pathname, search, language)}
              hrefLang={language}
              lang={language}
              aria-current={language === current ? 'true' : undefined}
              onClick={(event) => chooseLanguage(event, language)}
            >
              <span aria-hidden="true">{language.toUpperCase()}</span>
              <span className="visually-hidden">{t(`languages.${language}`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
