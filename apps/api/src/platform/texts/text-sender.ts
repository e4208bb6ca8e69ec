import type { TextDelivery, TextSkipReason } from '@vtc/shared/booking/booking-message-responses';
import type { TextTemplate } from './whatsapp-templates.ts';

/** The channels a text goes by: an SMS, or a WhatsApp message where the provider offers it. */
export type TextChannel = 'sms' | 'whatsapp';

export type OutgoingText = {
  channel: TextChannel;
  /** E.164 */
  to: string;
  body: string;
  /** Its WhatsApp template and variables (decision 0148), for a text that has one. */
  template?: TextTemplate | null;
};

/**
 * What became of a text handed to the provider: its id there and the channel it went by (SMS for a
 * WhatsApp text without its template, decision 0148), or skipped, and why.
 */
export type TextOutcome = { providerId: string; channel?: TextChannel } | { skipped: true; reason: TextSkipReason };

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
  /**
   * Reads a message a customer sent us (decision 0149): `invalid` when its signature is not the
   * provider's, else the sender's number and what the message asks of texts.
   */
  readInbound(callback: StatusCallback): InboundText | 'invalid';
};

/** A message received: from whom (E.164, or null when not a phone number), its id, and what it asks. */
export type InboundText = {
  from: string | null;
  channel: TextChannel;
  providerId: string | null;
  /** `stop` (STOP, ARRÊT…, or the provider's opt-out), `start` (START, UNSTOP…), or null for anything else (HELP included). */
  action: 'stop' | 'start' | null;
  /** The keyword or the provider's opt-out type, as received (for the record). */
  keyword: string;
};

/** A provider's report on a text it took, read from its signed status callback. */
export type DeliveryReport = { providerId: string; status: TextDelivery };

/** A status callback as it reached us: the public URL it was sent to, its signature header, its raw body. */
export type StatusCallback = { url: string; signature: string | undefined; body: Buffer };

/** The provider refused the text for good: no later try can succeed. */
export class TextRefused extends Error {
  override name = 'TextRefused';
}
