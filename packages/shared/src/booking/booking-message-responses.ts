import { z } from 'zod';

/** How a message reaches its recipient (decision 0130). */
export const MessageChannel = z.enum(['email', 'sms', 'whatsapp']);
export type MessageChannel = z.infer<typeof MessageChannel>;

/**
 * Where a message stands in the outbox: `held` waits for its recipient to verify the address,
 * `skipped` is a text written while no SMS provider was configured (never sent).
 */
export const MessageStatus = z.enum(['pending', 'sending', 'sent', 'failed', 'held', 'skipped']);
export type MessageStatus = z.infer<typeof MessageStatus>;

/**
 * Why a text was not sent (`skipped`): no SMS provider configured; a WhatsApp text whose kind has no
 * approved template in its language and no SMS sender to fall back on (decision 0148); its number
 * answered STOP before it left (decision 0149).
 */
export const TextSkipReason = z.enum(['no_provider', 'whatsapp_template_missing', 'opted_out']);
export type TextSkipReason = z.infer<typeof TextSkipReason>;

/**
 * What the SMS provider last reported of a text it took (its status callbacks): `sent` to the
 * carrier, `delivered` to the phone, `read` (WhatsApp), or `undelivered` / `failed` (decision 0130).
 */
export const TextDelivery = z.enum(['sent', 'delivered', 'undelivered', 'failed', 'read']);
export type TextDelivery = z.infer<typeof TextDelivery>;

/** One mail or text of a booking, as the back office lists them (GET /api/booking/messages/{id}). */
export const BookingMessage = z.object({
  id: z.number().int(),
  kind: z.string().meta({ description: 'What the message is (booking_accepted, your_chauffeur_text, mission_link_text…)' }),
  channel: MessageChannel,
  to: z.string().meta({ description: 'The e-mail address, or the number in E.164 of a text' }),
  subject: z.string().nullable().meta({ description: 'A mail’s subject; null for a text' }),
  text: z.string().nullable().meta({ description: 'A text’s words; null for a mail' }),
  status: MessageStatus,
  attempts: z.number().int(),
  last_error: z.string().nullable().meta({ description: 'Why the last attempt failed, if it did' }),
  skip_reason: TextSkipReason.nullable().meta({ description: 'Why a skipped text was not sent; null otherwise (and for texts skipped before reasons were kept)' }),
  provider_message_id: z.string().nullable().meta({ description: 'The SMS provider’s id of a text it took' }),
  delivery_status: TextDelivery.nullable().meta({ description: 'A text’s delivery as the provider last reported it; null before any report, and for a mail' }),
  created_at: z.string().meta({ format: 'date-time' }),
  sent_at: z.string().nullable().meta({ format: 'date-time' }),
});
export type BookingMessage = z.infer<typeof BookingMessage>;

export const BookingMessagesResponse = z.object({ data: z.array(BookingMessage) });
export type BookingMessagesResponse = z.infer<typeof BookingMessagesResponse>;
