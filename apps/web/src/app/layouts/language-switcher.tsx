import { LANGUAGES, isLanguage } from '@vtc/shared/i18n/languages';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../components/ui/icons';
import { getStoredLanguage, switchLanguage } from '../../lib/language';
import './language-switcher.css';

/**
 * Saves the choice and reloads (spec §1). A `?lang=` in the address (docs/decisions/0030)
 * would win again after the reload, so it is dropped first.
 */
function chooseLanguage(language: string) {
  if (!isLanguage(language)) return;
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  switchLanguage(language);
}

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  // The page's language: the stored one in the browser, the rendered one in the build-time prerender.
  const current = isLanguage(i18n.language) ? i18n.language : getStoredLanguage();
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('nav.language')}
      </label>
      <GlobeIcon />
      <select
        id={id}
        className="language-select"
        value={current}
        onChange={(event) => chooseLanguage(event.target.value)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
