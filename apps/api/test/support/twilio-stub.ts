import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import twilio from 'twilio';
import { startLoopbackServer } from './loopback-server';

export type TwilioStubMessage = {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  /** The words; for a Content template, the template's SID and its variables as the stub renders them. */
  body: string;
  contentSid: string | null;
  /** A template's variables by number ("1", "2"…), parsed from ContentVariables. */
  contentVariables: Record<string, string> | null;
  createdAt: Date;
};
export type TwilioStubRequest = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };

export const TWILIO_TEST_SID = `AC${'0'.repeat(31)}1`;
export const TWILIO_TEST_TOKEN = 'twilio-test-auth-token';

/** An RFC 2822 date as Twilio writes them ("Tue, 01 Dec 2026 10:00:00 +0000"). */
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

/**
 * A stand-in for Twilio's Programmable Messaging API on loopback, for the real SDK pointed at it
 * with TWILIO_API_URL. It checks each request as Twilio would: the path under the account, Basic
 * auth with the account SID and auth token (401, Twilio's error 20003, otherwise), a `To`, a
 * `Body` or a `ContentSid` (HX…, with `ContentVariables` a JSON object of strings: 21656
 * otherwise), and a `From` or a `MessagingServiceSid` (400, 21604/21602/21603). It answers
 * POST …/Messages.json with a queued message (201) and GET …/Messages.json with the messages taken,
 * filtered by To and From, newest first, and keeps every text it took in `sent`.
 *
 * Faults, to set between tests: `delayMs` holds each answer back; `failNext` answers that many
 * next sends with a 500 (and takes nothing); numbers in `refused` are answered 400, Twilio's 21211;
 * numbers in `unreachable` are answered 500 every time (their texts wait in the outbox's backoff).
 */
export async function startTwilioStub(options: { delayMs?: number; port?: number; unreachable?: string[] } = {}) {
  const state = {
    sent: [] as TwilioStubMessage[],
    requests: [] as TwilioStubRequest[],
    delayMs: options.delayMs ?? 0,
    failNext: 0,
    refused: new Set<string>(),
    unreachable: new Set<string>(options.unreachable ?? []),
  };
  const basePath = `/2010-04-01/Accounts/${TWILIO_TEST_SID}/Messages.json`;
  const expectedAuth = `Basic ${Buffer.from(`${TWILIO_TEST_SID}:${TWILIO_TEST_TOKEN}`).toString('base64')}`;
  const toJson = (message: TwilioStubMessage) => ({
    sid: message.sid,
    account_sid: TWILIO_TEST_SID,
    to: message.to,
    from: message.from,
    messaging_service_sid: message.messagingServiceSid,
    body: message.body,
    status: 'queued',
    num_segments: '1',
    direction: 'outbound-api',
    api_version: '2010-04-01',
    date_created: rfc2822(message.createdAt),
    date_updated: rfc2822(message.createdAt),
    date_sent: null,
    error_code: null,
    error_message: null,
    uri: `${basePath.replace('.json', '')}/${message.sid}.json`,
  });

  const server = await startLoopbackServer((request, response, body) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    const form = new URLSearchParams(body.toString('utf8'));
    state.requests.push({ method: request.method ?? '', path: url.pathname + url.search, headers: request.headers, form });
    const answer = (status: number, payload: unknown) => {
      const send = () => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(payload));
      };
      if (state.delayMs > 0) setTimeout(send, state.delayMs);
      else send();
    };
    const error = (status: number, code: number, message: string) =>
      answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

    if (url.pathname !== basePath) return error(404, 20404, 'The requested resource was not found');
    if (request.headers.authorization !== expectedAuth) return error(401, 20003, 'Authenticate');
    if (request.method === 'GET') {
      const to = url.searchParams.get('To');
      const from = url.searchParams.get('From');
      const messages = state.sent.filter((m) => (!to || m.to === to) && (!from || m.from === from)).reverse();
      return answer(200, { messages: messages.map(toJson), next_page_uri: null, previous_page_uri: null, page: 0, page_size: 50, start: 0, end: messages.length, uri: url.pathname, first_page_uri: url.pathname });
    }
    if (request.method !== 'POST') return error(405, 20004, 'Method not allowed');
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') return error(400, 20001, 'Expected a form body');
    const to = form.get('To');
    const contentSid = form.get('ContentSid');
    let contentVariables: Record<string, string> | null = null;
    if (contentSid !== null) {
      if (!/^HX[0-9a-fA-F]{32}$/.test(contentSid)) return error(400, 21655, 'The ContentSid is Invalid.');
      try {
        const parsed = JSON.parse(form.get('ContentVariables') ?? '{}') as unknown;
        if (typeof parsed !== 'object' || parsed === null || Object.values(parsed).some((value) => typeof value !== 'string' || value === '')) throw new Error('not strings');
        contentVariables = parsed as Record<string, string>;
      } catch {
        return error(400, 21656, 'The ContentVariables Parameter is invalid.');
      }
    }
    // A template's message reads as the template filled in: here its SID, then its variables in order.
    const messageBody = contentSid ? `[${contentSid}] ${Object.keys(contentVariables ?? {}).sort((a, b) => Number(a) - Number(b)).map((key) => contentVariables![key]).join(' | ')}` : form.get('Body');
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    if (!to) return error(400, 21604, "A 'To' phone number is required.");
    if (!messageBody) return error(400, 21602, 'Message body is required.');
    if (!from && !service) return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required");
    if (state.failNext > 0) {
      state.failNext -= 1;
      return error(500, 20500, 'Internal Server Error');
    }
    if (state.unreachable.has(to)) return error(500, 20500, 'Internal Server Error');
    if (state.refused.has(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    const message = { sid: `SM${randomBytes(16).toString('hex')}`, to, from, messagingServiceSid: service, body: messageBody, contentSid, contentVariables, createdAt: new Date() };
    state.sent.push(message);
    return answer(201, toJson(message));
  }, options.port);

  return {
    url: server.url,
    state,
    /** The texts taken for one number (`+33…`, or `whatsapp:+33…`), oldest first. */
    sentTo: (to: string) => state.sent.filter((m) => m.to === to),
    close: server.close,
  };
}

export type TwilioStub = Awaited<ReturnType<typeof startTwilioStub>>;

/** The app's settings for texts through the stub. */
export const twilioStubConfig = (url: string) => ({
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: TWILIO_TEST_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN,
  TWILIO_FROM: '+15005550006',
  TWILIO_API_URL: url,
});

/** The X-Twilio-Signature Twilio would send with a form posted to `url` (the SDK's own signing, with the test auth token). */
export const twilioSignature = (url: string, fields: Record<string, string>, token = TWILIO_TEST_TOKEN) => twilio.getExpectedTwilioSignature(token, url, fields);
