import type { Language } from './languages.ts';
import { formatLocale } from './format-locale.ts';

/**
 * Numbers written as Intl writes them for the site's three locales (fr-FR, en-GB, ar-u-nu-latn,
 * see format-locale.ts), character for character, without building an `Intl.NumberFormat`: a
 * browser's first one loads its number data, a task of tens of milliseconds on a phone, and step
 * two's prices were that task (docs/decisions/0168). format-number.test.ts compares every form
 * with Intl's; a value Intl would write in another way (exponent notation, -0) is left to Intl.
 */

interface Symbols {
  group: string;
  decimal: string;
  /** Before a negative number: Arabic writes a left-to-right mark first, as Intl does. */
  minus: string;
}

const SYMBOLS: Record<Language, Symbols> = {
  fr: { group: '\u202f', decimal: ',', minus: '-' },
  en: { group: ',', decimal: '.', minus: '-' },
  ar: { group: ',', decimal: '.', minus: '\u200e-' },
};

export interface NumberDigits {
  /** At least this many decimals (trailing zeros kept up to it). Default 0. */
  minimumFractionDigits?: number;
  /** At most this many decimals, rounded half away from zero as Intl does. Default 3, as Intl's. */
  maximumFractionDigits?: number;
}

/** The integer's digits in groups of three, from 1 000 on, as the three locales group them. */
function grouped(digits: string, separator: string): string {
  let text = '';
  for (let index = 0; index < digits.length; index += 1) {
    if (index > 0 && (digits.length - index) % 3 === 0) text += separator;
    text += digits[index];
  }
  return text;
}

/**
 * |value| as integer and decimal digits, rounded to `maximum` decimals from its shortest decimal
 * form (the digits `String` gives, which Intl rounds too), or null for a form Intl writes otherwise.
 */
function digitsOf(value: number, minimum: number, maximum: number): { integer: string; fraction: string } | null {
  if (!Number.isFinite(value) || Object.is(value, -0)) return null;
  const text = String(Math.abs(value));
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  let integer = match[1]!;
  let fraction = match[2] ?? '';
  if (fraction.length > maximum) {
    const up = fraction.charCodeAt(maximum) >= 0x35; // '5' or more: half away from zero
    fraction = fraction.slice(0, maximum);
    if (up) {
      const raised = (BigInt(integer + fraction) + 1n).toString().padStart(integer.length + fraction.length, '0');
      integer = raised.slice(0, raised.length - fraction.length) || '0';
      fraction = raised.slice(raised.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minimum, '0');
  return { integer, fraction };
}

function written(value: number, language: Language, digits: { integer: string; fraction: string }): string {
  const { group, decimal, minus } = SYMBOLS[language];
  return `${value < 0 ? minus : ''}${grouped(digits.integer, group)}${digits.fraction ? decimal + digits.fraction : ''}`;
}

/** "1 234,5" (fr), "1,234.5" (en, ar): a number as the reader writes it, Western digits in Arabic too. */
export function formatNumber(value: number, language: Language, options: NumberDigits = {}): string {
  const minimum = options.minimumFractionDigits ?? 0;
  const maximum = Math.max(minimum, options.maximumFractionDigits ?? 3);
  const digits = digitsOf(value, minimum, maximum);
  if (!digits) {
    return new Intl.NumberFormat(formatLocale(language), { minimumFractionDigits: minimum, maximumFractionDigits: maximum }).format(value);
  }
  return written(value, language, digits);
}

/** "24,8 km" (fr), "24.8 km" (en), "24.8 كم" (ar): a distance to a tenth of a kilometre. */
export function formatKilometres(km: number, language: Language): string {
  const digits = digitsOf(km, 0, 1);
  if (!digits) return new Intl.NumberFormat(formatLocale(language), { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(km);
  const number = written(km, language, digits);
  return language === 'fr' ? `${number}\u202fkm` : language === 'en' ? `${number} km` : `${number} \u0643\u0645`;
}

/**
 * An amount in euros with the given decimals: "1 234,50 €" (fr), "€1,234.50" (en), "1,234.50 €"
 * (ar, opened by a right-to-left mark as Intl writes it).
 */
export function formatEuroAmount(euros: number, language: Language, fractionDigits: 0 | 2): string {
  const digits = digitsOf(euros, fractionDigits, fractionDigits);
  if (!digits) {
    return new Intl.NumberFormat(formatLocale(language), {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(euros);
  }
  const number = written(euros, language, digits);
  if (language === 'en') return euros < 0 ? `-€${number.slice(1)}` : `€${number}`;
  return `${language === 'ar' ? '\u200f' : ''}${number}\u00a0€`;
}
