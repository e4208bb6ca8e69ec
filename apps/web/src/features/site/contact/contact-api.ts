import type { MessageResponse } from '@vtc/shared/auth/auth-schemas';
import type { ContactBody } from '@vtc/shared/contact/contact-schemas';
import { apiFetch } from '../../../lib/api-fetch';

/** POST /api/contacts: the company receives the message by e-mail; the answer is a translated line. */
export function sendContactMessage(body: ContactBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/contacts', { method: 'POST', body, authenticated: false });
}
