import { z } from 'zod';
import { roundCents } from './round-cents.ts';

/** Highest amount an admin may enter, in euros. */
export const MAX_EUROS = 1_000_000;

/**
 * Reads an amount in euros as typed in a form: a number, or text with a dot or a comma and at
 * most two decimals ("85", "85.5", "85,50"). Null when it is not such a non-negative amount.
 */
export function parseEuros(value: number | string): number | null {
  let euros: number;
  if (typeof value === 'string') {
    const text = value.trim().replace(',', '.');
    if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
    euros = Number(text);
  } else {
    euros = value;
    if (!Number.isFinite(euros) || Math.abs(euros * 100 - Math.round(euros * 100)) > 1e-6) return null;
  }
  return euros >= 0 && euros <= MAX_EUROS ? euros : null;
}

/** Integer cents of an amount in euros with at most two decimals. Throws a RangeError otherwise. */
export function eurosToCents(value: number | string): number {
  const euros = parseEuros(value);
  if (euros === null) throw new RangeError(`Not an amount in euros: ${value}`);
  return roundCents(euros * 100);
}

/** Euros of an amount in cents, for a form's edit mode (8550 -> 85.5). */
export function centsToEuros(cents: number): number {
  return cents / 100;
}

/**
 * A price field in euros: a number or numeric text; output is a number of euros with at most
 * two decimals (convert with `eurosToCents` before storing). Blank is missing: 'required'.
 */
export function eurosField() {
  return z.preprocess(
    (value: number | string) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
      if (typeof value !== 'number' && typeof value !== 'string') return value;
      return parseEuros(value) ?? Number.NaN;
    },
    z.number({ error: (issue) => (issue.input === undefined ? 'required' : 'price_invalid') }),
  );
}

/** Like `eurosField`, but blank, null or missing gives undefined. */
export function optionalEurosField() {
  return z.preprocess((value: number | string | null | undefined) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
    if (typeof value !== 'number' && typeof value !== 'string') return value;
    return parseEuros(value) ?? Number.NaN;
  }, z.number({ error: 'price_invalid' }).optional());
}
