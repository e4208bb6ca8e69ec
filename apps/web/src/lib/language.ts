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
