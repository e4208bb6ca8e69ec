import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  isRightToLeft,
  type Language,
} from '@vtc/shared/i18n/languages';

/** The language saved by the switcher, else French (spec §1). */
export function getStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Saves the choice and reloads the page, as the product always did (spec §1). */
export function switchLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  window.location.reload();
}

export function applyDocumentLanguage(language: Language): void {
  const html = document.documentElement;
  html.lang = language;
  html.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
}

/**
 * An address of the app in the page's language: an English or Arabic page's links name it
 * (`?lang=`), as its prerendered markup does for crawlers (docs/decisions/0030, 0069), so that
 * hydrating that markup finds the same links. A link that names a language keeps it.
 */
export function hrefInLanguage(href: string, language: string): string {
  if (language === DEFAULT_LANGUAGE || !isLanguage(language)) return href;
  const hashAt = href.indexOf('#');
  const target = hashAt < 0 ? href : href.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : href.slice(hashAt);
  if (/[?&;]lang=/.test(target)) return href;
  return `${target}${target.includes('?') ? '&' : '?'}lang=${language}${hash}`;
}
