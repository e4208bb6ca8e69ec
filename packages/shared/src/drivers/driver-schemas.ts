import { z } from 'zod';
import { Email } from '../auth/auth-schemas.ts';
import { Phone } from '../phone/phone-number.ts';
import { booleanField, requiredText } from '../validation/form-fields.ts';

/**
 * Languages a chauffeur may speak: the product's three (fr, en, ar) and those the Riviera's
 * visitors most often speak (it, es, de, ru, zh). The database checks the same list.
 */
export const DRIVER_LANGUAGES = ['fr', 'en', 'ar', 'it', 'es', 'de', 'ru', 'zh'] as const;
export const DriverLanguage = z.enum(DRIVER_LANGUAGES, { error: 'driver_language_invalid' });
export type DriverLanguage = z.infer<typeof DriverLanguage>;

/** Spaces, dots, dashes and brackets out of a phone number, so it can be dialled as it is stored. */
export function normalisePhone(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

/**
 * Admin chauffeur (/driver add and update). The phone is stored without separators (E.164 once
 * it starts with +); languages are deduplicated and kept in DRIVER_LANGUAGES order; a missing
 * `active` means active.
 */
export const DriverBody = z.object({
  fullName: requiredText(100),
  phone: Phone.transform(normalisePhone),
  email: Email.transform((value) => value.toLowerCase()),
  languages: z
    .array(DriverLanguage, { error: 'invalid_value' })
    .max(DRIVER_LANGUAGES.length, 'invalid_value')
    .transform((codes) => DRIVER_LANGUAGES.filter((code) => codes.includes(code)))
    .default([]),
  active: z.preprocess((value: boolean | string | undefined) => value ?? true, booleanField()),
});
export type DriverBody = z.infer<typeof DriverBody>;
