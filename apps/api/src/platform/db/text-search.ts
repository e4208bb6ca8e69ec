import { and, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { MAX_ID } from '@vtc/shared/validation/form-fields';

/**
 * What a back office search asks for (decision 0071): LIKE patterns that must all be found in a
 * row's `search_text` (a generated column, `search_document()` of migration 0011), phone numbers
 * that must all be the start or the end of the row's phone (decision 0104), and a booking number.
 * Patterns are escaped for LIKE (`%`, `_` and `\` are literal) and sent as bound parameters; the
 * database folds case and accents of both sides with the same `search_fold()`.
 */
export type SearchTerms = {
  patterns: string[];
  /** One entry per number asked: the digit strings it may be written as in `phone_key()` (a French number in its national form). */
  phones: string[][];
  bookingId?: number;
};

/** A number with fewer digits than this is a booking number, not a piece of a phone. */
const MIN_PHONE_DIGITS = 6;
/** More words than this add little and cost an index lookup each. */
const MAX_WORDS = 8;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;

/**
 * A number as typed to the digits `phone_key()` stores: a French one in its national form
 * ("+33 6 12…", "0033 6 12…" and "06.12…" all give "0612…"), another country's without 00. Digits
 * typed without + or 00 that start with 33 may be a French number without its sign, or the end of
 * any number: both are asked.
 */
function phoneForms(text: string): string[] {
  const signed = text.trim().startsWith('+');
  const digits = text.replace(/\D/g, '');
  const international = signed || digits.startsWith('00');
  const number = !signed && digits.startsWith('00') ? digits.slice(2) : digits;
  if (!number.startsWith('33')) return [number];
  const national = `0${number.slice(2)}`;
  return international ? [national] : [number, national];
}

const PHONE_LIKE = /^\+?[\d\s.\-()/]+$/;

export function parseSearch(q: string | undefined): SearchTerms | undefined {
  const text = q?.trim() ?? '';
  if (text === '') return undefined;
  const numbered = /^#\s*(\d{1,10})$/.exec(text);
  if (numbered) return { patterns: [], phones: [], bookingId: toId(numbered[1]!) };
  if (PHONE_LIKE.test(text) && /\d/.test(text)) {
    const digits = text.replace(/\D/g, '');
    const bareNumber = /^\d+$/.test(text) ? toId(text) : undefined;
    if (digits.length >= MIN_PHONE_DIGITS) return { patterns: [], phones: [phoneForms(text)], bookingId: bareNumber };
    return bareNumber === undefined ? { patterns: [contains(digits)], phones: [] } : { patterns: [], phones: [], bookingId: bareNumber };
  }
  const words = [...new Set(text.split(/\s+/))].slice(0, MAX_WORDS);
  const isPhone = (word: string) => PHONE_LIKE.test(word) && word.replace(/\D/g, '').length >= MIN_PHONE_DIGITS;
  return {
    patterns: words.filter((word) => !isPhone(word)).map(contains),
    phones: words.filter(isPhone).map(phoneForms),
  };
}

/** An id that can name a row (ids are PostgreSQL integers); 0 and beyond MAX_ID name none: -1. */
function toId(digits: string): number {
  const id = Number(digits);
  return id >= 1 && id <= MAX_ID ? id : -1;
}

const reversed = (text: string) => [...text].reverse().join('');

/**
 * A phone that starts or ends with one of the forms: `phone_key(phone)` and its reverse have
 * btree indexes (`text_pattern_ops`), so each side is a prefix lookup, however common its digits.
 */
function phoneMatches(phone: AnyColumn, forms: readonly string[]): SQL {
  return or(
    ...forms.flatMap((form) => [
      sql`phone_key(${phone}) like ${`${form}%`}`,
      sql`reverse(phone_key(${phone})) like ${`${reversed(form)}%`}`,
    ]),
  )!;
}

/**
 * Every pattern found in the row's search text (a pg_trgm GIN index serves each LIKE) and every
 * phone at the start or end of its phone; undefined when the search asks for neither.
 */
export function matchesAll(columns: { searchText: AnyColumn; phone: AnyColumn }, terms: Pick<SearchTerms, 'patterns' | 'phones'>): SQL | undefined {
  const conditions = [
    ...terms.patterns.map((pattern) => sql`${columns.searchText} like search_fold(${pattern})`),
    ...terms.phones.map((forms) => phoneMatches(columns.phone, forms)),
  ];
  return conditions.length === 0 ? undefined : and(...conditions);
}
