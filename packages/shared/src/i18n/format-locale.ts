import type { Language } from './languages.ts';

/**
 * The Intl locale that writes numbers, dates and amounts for a reader of `language`: French of
 * France, British English (day before month), and Arabic with Western digits 0-9, as on the
 * company's prices and timetables (decision 0102), whatever the browser or the server prefers.
 */
const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', ar: 'ar-u-nu-latn' };

export function formatLocale(language: Language): string {
  return LOCALES[language];
}
