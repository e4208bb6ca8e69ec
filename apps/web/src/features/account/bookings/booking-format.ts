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

/** "45,60 €" from cents, in the reader's language. */
export function formatEuros(cents: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR', numberingSystem: 'latn' }).format(cents / 100);
}
