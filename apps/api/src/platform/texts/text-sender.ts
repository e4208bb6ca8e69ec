import type { TextDelivery } from '@vtc/shared/booking/booking-message-responses';

/** The channels a text goes by: an SMS, or a WhatsApp message where the provider offers it. */
export type TextChannel = 'sms' | 'whatsapp';

export type OutgoingText = { channel: TextChannel; /** E.164 */ to: string; body: string };

/** What became of a text handed to the provider: its id there, or skipped (no provider configured). */
export type TextOutcome = { providerId: string } | { skipped: true };

/**
 * One SMS provider behind the outbox (decision 0130). `send` resolves once the provider has taken
 * the text, and throws `TextRefused` for a text it will never take (a number that cannot receive
 * it, a recipient who opted out), any other error being worth another try later.
 */
export type TextSender = {
  kind: 'twilio' | 'none';
  send(text: OutgoingText): Promise<TextOutcome>;
  /**
   * The provider's id of this very text (same number, same words) taken since `since`, if any:
   * asked before sending again a text whose earlier attempt's lease lapsed mid-send.
   */
  findSent(text: OutgoingText, since: Date): Promise<string | undefined>;
  /**
   * Reads a status callback: `invalid` when its signature is not the provider's, null for a status
   * that says nothing of delivery (queued, sending…), else the report.
   */
  readStatus(callback: StatusCallback): DeliveryReport | null | 'invalid';
};

/** A provider's report on a text it took, read from its signed status callback. */
export type DeliveryReport = { providerId: string; status: TextDelivery };

/** A status callback as it reached us: the public URL it was sent to, its signature header, its raw body. */
export type StatusCallback = { url: string; signature: string | undefined; body: Buffer };

/** The provider refused the text for good: no later try can succeed. */
export class TextRefused extends Error {
  override name = 'TextRefused';
}
