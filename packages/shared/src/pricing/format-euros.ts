import type { Language } from '../i18n/languages.ts';
import { formatLocale } from '../i18n/format-locale.ts';

const formats = new Map<Language, Intl.NumberFormat>();
const wholeFormats = new Map<Language, Intl.NumberFormat>();

/**
 * An amount of cents as EUR for the page language: "1 234,50 €" (fr), "€1,234.50" (en),
 * "1,234.50 €" (ar, Western digits as on the company's other prices, whatever the browser).
 */
export function formatEuros(cents: number, language: Language): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(formatLocale(language), { style: 'currency', currency: 'EUR' });
    formats.set(language, format);
  }
  return format.format(cents / 100);
}

/**
 * A trip price as customers read it (decisions 3.3: trip prices are whole euros): "84 €" without
 * the ",00" noise when the amount is whole, "123,45 €" otherwise (an admin's fixed price with
 * cents). Deposits, VAT and invoices keep `formatEuros`, which always shows the cents.
 */
export function formatPrice(cents: number, language: Language): string {
  if (cents % 100 !== 0) return formatEuros(cents, language);
  let format = wholeFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(formatLocale(language), { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
    wholeFormats.set(language, format);
  }
  return format.format(cents / 100);
}
