import { z } from 'zod';
import { Email } from '../auth/auth-schemas.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { Phone } from '../phone/phone-number.ts';
import { blankToUndefined, optionalText, requiredText } from '../validation/form-fields.ts';

/** Longest guest name, reference and cost centre kept at step three (decision 0141). */
export const PASSENGER_NAME_MAX = 120;
export const BOOKING_REFERENCE_MAX = 60;
export const COST_CENTRE_MAX = 80;

/**
 * The guest a company member books for at step three (decision 0141): their name, a phone the
 * numbering plan knows (stored E.164), the language of their mails, an e-mail when they want the
 * chauffeur's details by mail.
 */
export const PassengerBody = z.object({
  fullName: requiredText(PASSENGER_NAME_MAX),
  phone: Phone,
  language: z.enum(LANGUAGES, { error: 'invalid_value' }),
  email: z.preprocess((value: string | null | undefined) => blankToUndefined(value), Email.optional()),
});
export type PassengerBody = z.infer<typeof PassengerBody>;
export type PassengerInput = z.input<typeof PassengerBody>;

/** What step three takes from a company member besides the contact (decision 0141). */
export const guestBookingShape = {
  /** Who rides; missing or null when the member rides themself. */
  passenger: PassengerBody.nullable().optional(),
  /** The purchase order or room number; required when the company asks for a purchase order. */
  reference: optionalText(BOOKING_REFERENCE_MAX),
  /** One of the company's cost centres. */
  costCenter: optionalText(COST_CENTRE_MAX),
  /** False hides the price from the guest's mails; true by default. */
  showPrice: z.boolean({ error: 'invalid_value' }).optional(),
};
