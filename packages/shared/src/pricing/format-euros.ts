import type { Language } from '../i18n/languages.ts';
import { formatEuroAmount } from '../i18n/format-number.ts';

/**
 * An amount of cents as EUR for the page language: "1 234,50 €" (fr), "€1,234.50" (en),
 * "1,234.50 €" (ar, Western digits as on the company's other prices, whatever the browser).
 */
export function formatEuros(cents: number, language: Language): string {
  return formatEuroAmount(cents / 100, language, 2);
}

/**
 * A trip price as customers read it (decisions 3.3: trip prices are whole euros): "84 €" without
 * the ",00" noise when the amount is whole, "123,45 €" otherwise (an admin's fixed price with
 * cents). Deposits, VAT and invoices keep `formatEuros`, which always shows the cents.
 */
export function formatPrice(cents: number, language: Language): string {
  return formatEuroAmount(cents / 100, language, cents % 100 === 0 ? 0 : 2);
}
