import type { Config } from '../../config.ts';
import { createTwilioTextSender } from './twilio-text-sender.ts';

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
};

/** The provider refused the text for good: no later try can succeed. */
export class TextRefused extends Error {
  override name = 'TextRefused';
}

/** Without a provider (the default) each text is recorded as skipped: nothing is sent and nothing breaks. */
const noTextSender: TextSender = {
  kind: 'none',
  send: async () => ({ skipped: true }),
  findSent: async () => undefined,
};

export type TextConfig = Pick<
  Config,
  'SMS_PROVIDER' | 'SMS_TIMEOUT_MS' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_WHATSAPP_FROM' | 'TWILIO_API_URL'
>;

/** The provider the configuration names (the configuration has checked that its keys are there). */
export function createTextSender(config: TextConfig): TextSender {
  if (config.SMS_PROVIDER === 'twilio' && config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN) {
    return createTwilioTextSender({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      smsFrom: config.TWILIO_FROM,
      whatsappFrom: config.TWILIO_WHATSAPP_FROM,
      apiUrl: config.TWILIO_API_URL,
      timeoutMs: config.SMS_TIMEOUT_MS,
    });
  }
  return noTextSender;
}
