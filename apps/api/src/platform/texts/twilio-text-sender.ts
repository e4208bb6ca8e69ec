import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import { TextDelivery, type TextSkipReason } from '@vtc/shared/booking/booking-message-responses';
import { toE164 } from '@vtc/shared/phone/phone-number';
import { keywordOf, optOutAction } from './opt-out-keywords.ts';
import { TextRefused, type OutgoingText, type StatusCallback, type TextChannel, type TextSender } from './text-sender.ts';
import { contentVariables, templateSid, type WhatsappTemplates } from './whatsapp-templates.ts';

type RequestClientOptions<TData> = RequestClient.RequestOptions<TData>;

type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** A number, an alphanumeric sender id, or a Messaging Service SID (MG…). */
  smsFrom?: string;
  /** The WhatsApp sender's E.164 number. */
  whatsappFrom?: string;
  /** The approved WhatsApp templates' Content SIDs by kind and language (decision 0148). */
  whatsappTemplates?: WhatsappTemplates;
  /** Another origin for every request the SDK makes (tests: a stub on loopback). */
  apiUrl?: string;
  timeoutMs: number;
  /** Where Twilio posts each text's status changes (signed with the auth token). */
  statusCallbackUrl: string;
};

/**
 * The SDK's own HTTP client (axios, Basic auth from the account SID and token), its requests sent
 * to another origin: the path, query, headers and body stay as Twilio would receive them.
 */
class RoutedRequestClient extends twilio.RequestClient {
  readonly #origin: URL;

  constructor(origin: string, timeout: number) {
    super({ timeout });
    this.#origin = new URL(origin);
  }

  override request<TData>(opts: RequestClientOptions<TData>) {
    const uri = new URL(opts.uri);
    uri.protocol = this.#origin.protocol;
    uri.host = this.#origin.host;
    return super.request<TData>({ ...opts, uri: uri.href });
  }
}

/** Twilio's message statuses and error codes that mean the text will never go (no use trying again). */
const isPermanent = (error: unknown): boolean => {
  if (!(error instanceof twilio.RestException)) return false;
  // 4xx but for rate limits and authentication (keys being rotated): a bad number, an opt-out (21610), not a mobile (21614)...
  return error.status >= 400 && error.status < 500 && ![401, 403, 408, 429].includes(error.status);
};

/**
 * The error of a failed request without the request itself: an HTTP client's error carries the
 * request, its Basic authorization header written out, which must never reach a log or a row.
 */
function cleanError(error: unknown): Error {
  if (error instanceof twilio.RestException) return new Error(`Twilio ${error.status} ${error.code ?? ''}: ${error.message}`);
  const code = (error as { code?: unknown } | null)?.code;
  return new Error(`Twilio request failed: ${error instanceof Error ? error.message : String(error)}${typeof code === 'string' ? ` (${code})` : ''}`);
}

const address = (channel: OutgoingText['channel'], number: string) => (channel === 'whatsapp' ? `whatsapp:${number}` : number);

/** How a text leaves: by which channel, with its words or its template; or not at all, and why. */
type Route =
  | { channel: TextChannel; content: { body: string } | { contentSid: string; contentVariables: string }; variables?: string[] }
  | { skipped: TextSkipReason };

/** Texts through Twilio's Programmable Messaging API (decision 0130), with its official Node SDK. */
export function createTwilioTextSender(options: TwilioOptions): TextSender {
  const client = twilio(options.accountSid, options.authToken, {
    timeout: options.timeoutMs,
    autoRetry: false,
    ...(options.apiUrl && { httpClient: new RoutedRequestClient(options.apiUrl, options.timeoutMs) }),
  });

  /** The sender of a channel: `from`, or `messagingServiceSid` for a Messaging Service. */
  function sender(channel: OutgoingText['channel']): { from: string } | { messagingServiceSid: string } {
    if (channel === 'whatsapp') {
      if (!options.whatsappFrom) throw new TextRefused('no WhatsApp sender configured (TWILIO_WHATSAPP_FROM)');
      return { from: address('whatsapp', options.whatsappFrom) };
    }
    if (!options.smsFrom) throw new TextRefused('no SMS sender configured (TWILIO_FROM)');
    return options.smsFrom.startsWith('MG') ? { messagingServiceSid: options.smsFrom } : { from: options.smsFrom };
  }

  /**
   * A WhatsApp text leaves as its approved template (Content SID and variables) when the company
   * configured one for its kind and language; without one, free words could only reach a customer
   * inside a session we cannot see, so it goes by SMS when there is an SMS sender, else nowhere
   * (decision 0148). An SMS is its words.
   */
  function route(text: OutgoingText): Route {
    if (text.channel !== 'whatsapp') return { channel: 'sms', content: { body: text.body } };
    const sid = text.template ? templateSid(options.whatsappTemplates ?? {}, text.template) : undefined;
    if (sid && text.template) {
      return { channel: 'whatsapp', content: { contentSid: sid, contentVariables: contentVariables(text.template.variables) }, variables: text.template.variables };
    }
    if (options.smsFrom) return { channel: 'sms', content: { body: text.body } };
    return { skipped: 'whatsapp_template_missing' };
  }

  /** The form of a callback, when its signature is Twilio's over that URL with the auth token. */
  function verified({ url, signature, body }: StatusCallback): Record<string, string> | undefined {
    const params = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
    if (!signature || !twilio.validateRequest(options.authToken, signature, url, params)) return undefined;
    return params;
  }

  return {
    kind: 'twilio',
    async send(text) {
      const way = route(text);
      if ('skipped' in way) return { skipped: true, reason: way.skipped };
      try {
        const message = await client.messages.create({
          to: address(way.channel, text.to),
          ...way.content,
          statusCallback: options.statusCallbackUrl,
          ...sender(way.channel),
        });
        if (message.status === 'failed' || message.status === 'undelivered') {
          throw new TextRefused(`Twilio ${message.status}: ${message.errorCode ?? ''} ${message.errorMessage ?? ''}`.trim());
        }
        return { providerId: message.sid, channel: way.channel };
      } catch (error) {
        if (error instanceof TextRefused) throw error;
        if (isPermanent(error)) {
          const refused = error as twilio.RestException;
          throw new TextRefused(`Twilio ${refused.status} ${refused.code ?? ''}: ${refused.message}`);
        }
        throw cleanError(error);
      }
    },
    async findSent(text, since) {
      const way = route(text);
      if ('skipped' in way) return undefined;
      const from = sender(way.channel);
      const messages = await client.messages
        .list({ to: address(way.channel, text.to), ...('from' in from && { from: from.from }), limit: 20 })
        .catch((error: unknown) => Promise.reject(cleanError(error)));
      // A template's message reads as the template filled in: each of its variables is in its words.
      const same = (words: string) =>
        'body' in way.content ? words === way.content.body : (way.variables ?? []).every((value) => value.trim() === '' || words.includes(value));
      // A minute of slack for the clocks of two machines.
      const found = messages.find((message) => same(message.body ?? '') && message.dateCreated.getTime() >= since.getTime() - 60_000);
      return found?.sid;
    },
    readStatus(callback) {
      const params = verified(callback);
      if (!params) return 'invalid';
      const status = TextDelivery.safeParse(params.MessageStatus);
      const sid = params.MessageSid;
      return status.success && sid ? { providerId: sid, status: status.data } : null;
    },
    readInbound(callback) {
      const params = verified(callback);
      if (!params) return 'invalid';
      const rawFrom = params.From ?? '';
      const channel = rawFrom.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
      const body = params.Body ?? '';
      return {
        from: toE164(rawFrom.replace(/^whatsapp:/, '')) ?? null,
        channel,
        providerId: params.MessageSid ?? params.SmsMessageSid ?? null,
        action: optOutAction(body, params.OptOutType),
        keyword: (params.OptOutType ?? keywordOf(body)).slice(0, 40),
      };
    },
  };
}
