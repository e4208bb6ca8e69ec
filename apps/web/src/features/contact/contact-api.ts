import type { ContactBody } from '@vtc/shared/contact/contact-schemas';
import { apiFetch } from '../../lib/api-fetch';

/** POST /api/contacts: the company receives the message by e-mail; the answer is a translated line. */
export function sendContactMessage(body: ContactBody): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/contacts', { method: 'POST', body, authenticated: false });
}
