import { z } from 'zod';
import { message } from '../i18n/error-messages.ts';
import { blankToUndefined } from '../validation/form-fields.ts';

/** The longest search the back office lists accept, once trimmed (longer is refused, not cut). */
export const SEARCH_MAX_LENGTH = 100;

/**
 * The back office search text (`q`): trimmed, blank is no search, at most SEARCH_MAX_LENGTH
 * characters (`search_too_long`). Every character is literal, `%`, `_`, `\` and quotes included.
 */
export const searchField = () =>
  z.preprocess(
    (value: string | null | undefined) => blankToUndefined(value),
    z
      .string({ error: 'invalid_value' })
      .trim()
      .max(SEARCH_MAX_LENGTH, message('search_too_long', { max: SEARCH_MAX_LENGTH }))
      .optional()
      .meta({
        description:
          'Words found anywhere in the name, e-mail or phone (case and accents ignored, all words must match); a phone number in any format; a booking number ("123" or "#123")',
      }),
  );

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists; blank is none. */
const dayField = () =>
  z.preprocess(
    (value: string | null | undefined) => blankToUndefined(value),
    z
      .string({ error: 'invalid_date' })
      .trim()
      .refine((value) => {
        const match = DAY.exec(value);
        if (!match) return false;
        const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
        const date = new Date(Date.UTC(year, month - 1, day));
        return year >= 2000 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
      }, 'invalid_date')
      .optional(),
  );

/** The admin bookings list's search: `q`, and pickup days `from` to `to` (Paris days, both included). */
export const BookingSearchFields = z.object({
  q: searchField(),
  from: dayField().meta({ description: 'First pickup day (Europe/Paris), YYYY-MM-DD' }),
  to: dayField().meta({ description: 'Last pickup day (Europe/Paris), YYYY-MM-DD, on or after `from`' }),
});
export type BookingSearchFields = z.infer<typeof BookingSearchFields>;

/** A `to` before `from` is refused on `to` (`date_range_invalid`); add to a query holding both. */
export function withOrderedDays<T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(schema: T) {
  return schema.refine((value) => !value.from || !value.to || value.from <= value.to, { message: 'date_range_invalid', path: ['to'] });
}
