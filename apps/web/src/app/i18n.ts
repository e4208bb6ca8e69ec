import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vtc/shared/i18n/languages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { earlyNamespaces, localeBackend } from './locale-backend';

export function initI18n(language: Language) {
  return i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['common', 'auth'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export { i18n };

/**
 * The namespaces the inline script of index.html asked for early (it knows which the page needs):
 * loaded with the others before React hydrates a prerendered page, whose first render must find
 * every text the prerender had (docs/decisions/0069).
 */
export async function loadPageTranslations(language: Language): Promise<void> {
  const namespaces = earlyNamespaces();
  await initI18n(language);
  await i18n.loadNamespaces(namespaces);
}
