import { isLanguage } from '@vtc/shared/i18n/languages';
import type { SelectOption } from '../ui/select-field';
import { formatLocale } from '@vtc/shared/i18n/format-locale';

const monthLocale = (language: string) => formatLocale(isLanguage(language) ? language : 'fr');

/** "Janvier", "January", "يناير": month 1-12 in the page language, from the browser's Intl data. */
export function monthName(month: number, language: string): string {
  const locale = monthLocale(language);
  const name = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

export function monthOptions(language: string): SelectOption[] {
  return Array.from({ length: 12 }, (_, index) => ({ value: index + 1, label: monthName(index + 1, language) }));
}

/** "lundi", "Monday", "الاثنين": the weekday of a `YYYY-MM-DD` date in the page language. */
export function weekdayName(isoDate: string, language: string): string {
  const locale = monthLocale(language);
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.parse(`${isoDate}T12:00:00Z`));
}
