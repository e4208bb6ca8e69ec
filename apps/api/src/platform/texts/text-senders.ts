import type { Config } from '../../config.ts';
import type { TextSender } from './text-sender.ts';
import { createTwilioTextSender } from './twilio-text-sender.ts';

/** Without a provider (the default) each text is recorded as skipped: nothing is sent and nothing breaks. */
const noTextSender: TextSender = {
  kind: 'none',
  send: async () => ({ skipped: true, reason: 'no_provider' }),
  findSent: async () => undefined,
  // Nothing was sent, so no report or answer can be genuine.
  readStatus: () => 'invalid',
  readInbound: () => 'invalid',
};

export type TextConfig = Pick<
  Config,
  'PUBLIC_URL' | 'SMS_PROVIDER' | 'SMS_TIMEOUT_MS' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_WHATSAPP_FROM' | 'TWILIO_WHATSAPP_TEMPLATES' | 'TWILIO_API_URL'
>;

/** Where the provider reports what became of each text (booking/messages/text-status-routes.ts). */
export const textStatusCallbackUrl = (publicUrl: string) => `${publicUrl}/api/booking/messages/status`;

/** Where the provider posts the messages customers send us (STOP…), to be set on the sender in Twilio's console (decision 0149). */
export const textInboundUrl = (publicUrl: string) => `${publicUrl}/api/booking/messages/inbound`;

/** The provider the configuration names (the configuration has checked that its keys are there). */
export function createTextSender(config: TextConfig): TextSender {
  if (config.SMS_PROVIDER === 'twilio' && config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN) {
    return createTwilioTextSender({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      smsFrom: config.TWILIO_FROM,
      whatsappFrom: config.TWILIO_WHATSAPP_FROM,
      whatsappTemplates: config.TWILIO_WHATSAPP_TEMPLATES,
      apiUrl: config.TWILIO_API_URL,
      timeoutMs: config.SMS_TIMEOUT_MS,
      statusCallbackUrl: textStatusCallbackUrl(config.PUBLIC_URL),
    });
  }
  return noTextSender;
}
