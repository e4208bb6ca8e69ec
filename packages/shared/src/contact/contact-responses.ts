import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';

/** A message sent by the contact form, as the admin's inbox lists it. */
export const ContactMessageItem = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  language: z.enum(LANGUAGES),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type ContactMessageItem = z.infer<typeof ContactMessageItem>;

/** The inbox, by pages: pass `nextCursor` as `after` for the next one. */
export const ContactMessagePage = z.object({ data: z.array(ContactMessageItem), nextCursor: z.number().nullable() });
export type ContactMessagePage = z.infer<typeof ContactMessagePage>;
