import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/** A number typed without an international prefix is read as French: most customers dial from France. */
const DEFAULT_COUNTRY = 'FR';

/** The E.164 form (`+33612345678`) of a number a chauffeur can call, or undefined when it is not one. */
export function toE164(text: string): string | undefined {
  const parsed = parsePhoneNumberFromString(text.trim(), DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * A stored number as a person reads it: national form for French numbers (`06 12 34 56 78`),
 * international otherwise (`+44 20 7946 0958`); text that does not parse is shown as it is.
 */
export function formatPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored.trim(), DEFAULT_COUNTRY);
  if (!parsed?.isValid()) return stored;
  return parsed.country === 'FR' ? parsed.formatNational() : parsed.formatInternational();
}

/** A required phone number, checked against the numbering plan of its country and given out in E.164. */
export const Phone = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(40, { error: 'phone_invalid', abort: true })
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (e164) return e164;
    ctx.addIssue({ code: 'custom', message: 'phone_invalid', input: value });
    return z.NEVER;
  });
