import { z } from 'zod';
import { message } from '../i18n/error-messages.ts';

/**
 * Field schemas for values typed in forms, sent as multipart text or as JSON. Each output is a
 * valid input again (numeric strings become numbers, blank optional text becomes undefined),
 * so the web may send what its zod resolver produced and the API parses it the same way.
 */

/** Text that must not be blank once trimmed. */
export const requiredString = () => z.string({ error: 'required' }).trim().min(1, { error: 'required', abort: true });

/** Number-like text to a number; blank text and null to undefined; anything else as it is. */
export function toNumberInput(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}

/** Blank text and null to undefined. */
export function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

const numberSchema = () =>
  z.number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_number') });

/**
 * A required integer in [min, max], given as a number or numeric text. Messages: 'required',
 * 'invalid_number', then `rangeMessage` (default `out_of_range?min=..&max=..`).
 */
export function integerField(min: number, max: number, rangeMessage: string = message('out_of_range', { min, max })) {
  return z.preprocess(
    (value: number | string) => toNumberInput(value),
    numberSchema().int('invalid_number').min(min, rangeMessage).max(max, rangeMessage),
  );
}

/** Like `integerField`, but blank, null or missing gives undefined. */
export function optionalIntegerField(min: number, max: number, rangeMessage: string = message('out_of_range', { min, max })) {
  return z.preprocess(
    (value: number | string | null | undefined) => toNumberInput(value),
    numberSchema().int('invalid_number').min(min, rangeMessage).max(max, rangeMessage).optional(),
  );
}

/**
 * The largest id: ids are PostgreSQL `serial` columns (integer), which refuse anything larger in
 * a comparison too, so a bigger id can name no row and is refused as input.
 */
export const MAX_ID = 2_147_483_647;

/** A database id: an integer in [1, MAX_ID], as a number or numeric text (select values are text). */
export function idField() {
  return integerField(1, MAX_ID, 'invalid_value');
}

/** Like `idField`, but blank, null or missing gives undefined (an optional filter). */
export function optionalIdField() {
  return optionalIntegerField(1, MAX_ID, 'invalid_value');
}

/** An id paging cursor: the last id of the previous page, 0 before the first; missing is undefined. */
export function idCursorField() {
  return optionalIntegerField(0, MAX_ID, 'invalid_value');
}

/** A required trimmed text of at most `max` characters. */
export function requiredText(max: number) {
  return requiredString().max(max, message('too_long', { max }));
}

/** An optional trimmed text of at most `max` characters; blank or null gives undefined. */
export function optionalText(max: number) {
  return z.preprocess(
    (value: string | null | undefined) => blankToUndefined(value),
    z.string({ error: 'invalid_value' }).trim().max(max, message('too_long', { max })).optional(),
  );
}

/** A boolean from a checkbox, JSON or multipart text ('true'/'false', 'on', '1'/'0'); missing is false. */
export function booleanField() {
  return z.preprocess(
    (value: boolean | string | null | undefined) => {
      if (value === undefined || value === null || value === '') return false;
      if (typeof value !== 'string') return value;
      const text = value.trim().toLowerCase();
      if (['true', 'on', '1'].includes(text)) return true;
      if (['false', 'off', '0'].includes(text)) return false;
      return value;
    },
    z.boolean({ error: 'invalid_value' }),
  ).default(false);
}

/**
 * A value that may arrive as JSON text (spec: passengers and packages are sent as JSON strings)
 * or already as a value. Text that is not JSON fails with 'invalid_json'.
 */
export function jsonField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value: string | z.input<T>, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'invalid_json', input: value });
      return z.NEVER;
    }
  }, schema);
}

/** Runs a cross-field check only when the fields it reads have no issue of their own. */
export function whenFieldsValid(...fields: string[]) {
  return {
    when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      payload.issues.every((issue) => !fields.includes(String(issue.path?.[0]))),
  };
}
