import { z } from 'zod';
import { Email } from '../auth/auth-schemas.ts';
import { Phone } from '../phone/phone-number.ts';
import { requiredText } from '../validation/form-fields.ts';

export const CONTACT_MESSAGE_MAX = 250;

/** POST /contacts. */
export const ContactBody = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: Email,
  phone: Phone,
  message: requiredText(CONTACT_MESSAGE_MAX),
});
export type ContactBody = z.infer<typeof ContactBody>;
