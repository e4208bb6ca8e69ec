import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { MAX_ID } from '@vtc/shared/validation/form-fields';

/**
 * What a back office search asks for (decision 0071): LIKE patterns that must all be found in a
 * row's `search_text` (a generated column, `search_document()` of migration 0011), and a booking
 * number. Patterns are escaped for LIKE (`%`, `_` and `\` are literal) and sent as bound
 * parameters; the database folds case and accents of both sides with the same `search_fold()`.
 */
export type SearchTerms = { patterns: string[]; bookingId?: number };

/** A number with fewer digits than this is a booking number, not a piece of a phone. */
const MIN_PHONE_DIGITS = 6;
/** More words than this add little and cost an index lookup each. */
const MAX_WORDS = 8;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;

/** "+33 6 12…", "0033 6 12…" and "06.12…" to the digits stored: international ones without 00. */
function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return !text.trim().startsWith('+') && digits.startsWith('00') ? digits.slice(2) : digits;
}

const PHONE_LIKE = /^\+?[\d\s.\-()/]+$/;

export function parseSearch(q: string | undefined): SearchTerms | undefined {
  const text = q?.trim() ?? '';
  if (text === '') return undefined;
  const numbered = /^#\s*(\d{1,10})$/.exec(text);
  if (numbered) return { patterns: [], bookingId: toId(numbered[1]!) };
  if (PHONE_LIKE.test(text) && /\d/.test(text)) {
    const digits = phoneDigits(text);
    const bareNumber = /^\d+$/.test(text) ? toId(text) : undefined;
    if (digits.length < MIN_PHONE_DIGITS) return bareNumber === undefined ? { patterns: [contains(digits)] } : { patterns: [], bookingId: bareNumber };
    return { patterns: [contains(digits)], bookingId: bareNumber };
  }
  const words = [...new Set(text.split(/\s+/))].slice(0, MAX_WORDS);
  return {
    patterns: words.map((word) => {
      const digits = word.replace(/\D/g, '');
      return PHONE_LIKE.test(word) && digits.length >= MIN_PHONE_DIGITS ? contains(phoneDigits(word)) : contains(word);
    }),
  };
}

/** An id that can name a row (ids are PostgreSQL integers); 0 and beyond MAX_ID name none: -1. */
function toId(digits: string): number {
  const id = Number(digits);
  return id >= 1 && id <= MAX_ID ? id : -1;
}

/** Every pattern found in the column (a pg_trgm GIN index serves each LIKE); undefined when none. */
export function matchesAll(searchText: AnyColumn | SQL, patterns: readonly string[]): SQL | undefined {
  if (patterns.length === 0) return undefined;
  return and(...patterns.map((pattern) => sql`${searchText} like search_fold(${pattern})`));
}
