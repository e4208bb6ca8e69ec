import type { Language } from '@vtc/shared/i18n/languages';

const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', ar: 'ar-MA' };

/** "mar. 10 mars 2027, 10:00" in the reader's language, on Riviera clocks. */
export function formatPickup(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Paris',
    numberingSystem: 'latn',
  }).format(new Date(iso));
}
