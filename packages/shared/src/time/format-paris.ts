import type { Language } from '../i18n/languages.ts';
import { formatDateFr, formatTime12h, getParisParts, isTimeOfDay, PARIS_TIME_ZONE } from './paris-time.ts';
import { formatLocale } from '../i18n/format-locale.ts';

/**
 * Dates and times as each reader writes them, on Paris clocks (decision 0102), for the web and
 * the mails alike:
 * - French: 24-hour clock with a colon, "14:30"; never am/pm.
 * - Arabic: 24-hour clock and Western digits 0-9, "14:30", as the Maghreb and the Riviera's
 *   Arabic readers write times and as timetables show them; no ص/م.
 * - English: the spec's 12-hour clock, "02:30 pm".
 * Short dates are dd/mm/yyyy in every language; long dates name the weekday and month in the
 * reader's language (Western digits in Arabic too).
 */

/** Between a long date and its time: "jeudi 13 août 2026 à 14:30". */
const DATE_TIME_JOINERS: Record<Language, string> = { fr: ' à ', en: ' at ', ar: '، الساعة ' };

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function clock(hour: number, minute: number, language: Language): string {
  const time = `${pad(hour)}:${pad(minute)}`;
  return language === 'en' ? formatTime12h(time) : time;
}

/** A time of day typed as "HH:MM" or "HH:MM:SS" in the reader's way; any other text is returned as it is. */
export function formatTimeOfDay(value: string, language: Language): string {
  const time = value.trim();
  if (!isTimeOfDay(time)) return value;
  return language === 'en' ? formatTime12h(time) : time.slice(0, 5);
}

const toInstant = (value: Date | number | string) => (typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : value.getTime());

/** An instant's Paris time ("14:30"; "02:30 pm" in English). Invalid input gives "". */
export function formatParisTime(value: Date | number | string, language: Language): string {
  const time = toInstant(value);
  if (!Number.isFinite(time)) return '';
  const p = getParisParts(time);
  return clock(p.hour, p.minute, language);
}

/** short: "13/08/2026"; medium: "13 août 2026"; long: "jeudi 13 août 2026". */
export type DateStyle = 'short' | 'medium' | 'long';

const namedDates = new Map<string, Intl.DateTimeFormat>();

/** An instant's Paris date in the reader's language (see `DateStyle`). Invalid input gives "". */
export function formatParisDate(value: Date | number | string, language: Language, style: DateStyle = 'short'): string {
  const time = toInstant(value);
  if (!Number.isFinite(time)) return '';
  if (style === 'short') return formatDateFr(time);
  const key = `${language}-${style}`;
  let format = namedDates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLocale(language), {
      timeZone: PARIS_TIME_ZONE,
      ...(style === 'long' ? { weekday: 'long' } : {}),
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    namedDates.set(key, format);
  }
  // Some engines put a comma after the weekday in French or Arabic; the readers' own way has none.
  return format.format(time).replace(/^([^\d,،]+)[,،]\s*/u, '$1 ');
}

/** "13/08/2026 14:30" (short), "13 août 2026 à 14:30" (medium) or "jeudi 13 août 2026 à 14:30" (long), on Paris clocks. */
export function formatParisDateTime(value: Date | number | string, language: Language, style: DateStyle = 'short'): string {
  const date = formatParisDate(value, language, style);
  if (date === '') return '';
  return `${date}${style === 'short' ? ' ' : DATE_TIME_JOINERS[language]}${formatParisTime(value, language)}`;
}
