import { eq, inArray } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createDatabase, type Db } from '../../src/platform/db/client.ts';
import { mailOutbox } from '../../src/platform/db/schema.ts';
import { enqueueMail, enqueueText } from '../../src/platform/mail/outbox.ts';
import { createOutboxWorker } from '../../src/platform/mail/outbox-worker.ts';
import { createMailTransport } from '../../src/platform/mail/transport.ts';
import { createTextSender } from '../../src/platform/texts/text-senders.ts';
import { textTemplate } from '../../src/platform/texts/whatsapp-templates.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { startTwilioStub, TWILIO_TEST_SID, TWILIO_TEST_TOKEN, twilioStubConfig, type TwilioStub } from '../support/twilio-stub.ts';

/**
 * Text messages through the mail outbox (decision 0130), sent by Twilio's own SDK to a stub of its
 * API on loopback: once each, in order per booking, retried when the provider fails or is slow,
 * never twice, with two workers on separate connections (two processes) on PostgreSQL.
 */

const silentLog = { warn() {}, error() {}, info() {} } as never;

let stub: TwilioStub;
let ctx: TestContext;
beforeAll(async () => {
  stub = await startTwilioStub();
  ctx = await createTestApp({ ...twilioStubConfig(stub.url), TWILIO_WHATSAPP_FROM: '+14155238886' });
});
afterAll(async () => {
  await ctx.close();
  await stub.close();
});
afterEach(() => {
  stub.state.delayMs = 0;
  stub.state.failNext = 0;
  stub.state.refused.clear();
});

/** A text sender as the app makes it from its settings, with another timeout. */
const textSender = (overrides: Record<string, string> = {}) =>
  createTextSender(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), ...twilioStubConfig(stub.url), TWILIO_WHATSAPP_FROM: '+14155238886', ...overrides }));

/** The WhatsApp sender with the approved templates (and an SMS sender to fall back on). */
const withTemplates = () => textSender({ TWILIO_WHATSAPP_TEMPLATES: TEMPLATES });

function workerOn(db: Db, options: { texts?: ReturnType<typeof createTextSender>; leaseSeconds?: number; recordRetryMs?: number } = {}) {
  return createOutboxWorker({
    db,
    transport: createMailTransport({ mailDir: ctx.config.MAIL_DIR }),
    texts: options.texts ?? textSender(),
    from: 'x@riviera-vtc.test',
    messageIdDomain: 'riviera-vtc.test',
    maxAttempts: 5,
    pollMs: 1000,
    leaseSeconds: options.leaseSeconds,
    recordRetryMs: options.recordRetryMs,
    log: silentLog,
  });
}

const TEMPLATE_FR = `HX${'a1'.repeat(16)}`;
const TEMPLATE_EN = `HX${'b2'.repeat(16)}`;
/** The approved templates of the tests below: the acceptance in French only. */
const TEMPLATES = JSON.stringify({ booking_accepted: { fr: TEMPLATE_FR }, your_chauffeur: { en: TEMPLATE_EN } });

let numbers = 0;
/** A French mobile number of its own for each text, so the stub's lists tell the tests apart. */
const ownNumber = () => `+336${String(10_000_000 + ++numbers).slice(-8)}`;

const rowOf = async (id: number) => (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
/** Makes a row in backoff due now. */
const dueNow = (id: number) => ctx.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));

describe('texts in the outbox', () => {
  it('sends a text once through the SDK, as Twilio receives it, and records its SID', async () => {
    const to = ownNumber();
    const id = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'Riviera VTC : votre chauffeur arrive' });
    expect(await ctx.app.outbox.runOnce()).toBe(1);
    expect(await ctx.app.outbox.runOnce()).toBe(0);

    const [sent] = stub.sentTo(to);
    expect(stub.sentTo(to)).toHaveLength(1);
    expect(sent).toMatchObject({ from: '+15005550006', body: 'Riviera VTC : votre chauffeur arrive' });
    const request = stub.state.requests.find((r) => r.method === 'POST' && r.form.get('To') === to)!;
    expect(request.path).toBe(`/2010-04-01/Accounts/${TWILIO_TEST_SID}/Messages.json`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${TWILIO_TEST_SID}:${TWILIO_TEST_TOKEN}`).toString('base64')}`);
    expect(request.headers['user-agent']).toMatch(/^twilio-node\//);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, channel: 'sms', providerMessageId: sent!.sid, lastError: null });
  });

  it('sends a WhatsApp text as its approved template from the WhatsApp sender to a whatsapp: address: the Content SID of its language, its variables in order', async () => {
    const to = ownNumber();
    const id = await enqueueText(ctx.database.db, { kind: 'booking_accepted', channel: 'whatsapp', to, body: 'Riviera VTC : réservation n°12 acceptée', template: textTemplate('booking_accepted', 'fr', { id: 12, time: '01/12/2026 14:30', url: 'https://x.test/checkout?id=12' }) });
    expect(await workerOn(ctx.database.db, { texts: withTemplates() }).runOnce()).toBe(1);
    expect(stub.sentTo(`whatsapp:${to}`)).toEqual([
      expect.objectContaining({ from: 'whatsapp:+14155238886', contentSid: TEMPLATE_FR, contentVariables: { 1: '12', 2: '01/12/2026 14:30', 3: 'https://x.test/checkout?id=12' } }),
    ]);
    const request = stub.state.requests.find((r) => r.method === 'POST' && r.form.get('To') === `whatsapp:${to}`)!;
    expect([...request.form.keys()].sort()).toEqual(['ContentSid', 'ContentVariables', 'From', 'StatusCallback', 'To']);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', channel: 'whatsapp', providerMessageId: stub.sentTo(`whatsapp:${to}`)[0]!.sid });
  });

  it('sends a WhatsApp text whose kind has no template in its language by SMS when there is an SMS sender, and says so on the row', async () => {
    const to = ownNumber();
    const id = await enqueueText(ctx.database.db, { kind: 'booking_accepted', channel: 'whatsapp', to, body: 'Riviera VTC: booking no. 12 accepted', template: textTemplate('booking_accepted', 'ar', { id: 12, time: '01/12/2026 14:30', url: 'https://x.test/c' }) });
    expect(await workerOn(ctx.database.db, { texts: withTemplates() }).runOnce()).toBe(1);
    expect(stub.sentTo(`whatsapp:${to}`)).toHaveLength(0);
    expect(stub.sentTo(to)).toEqual([expect.objectContaining({ from: '+15005550006', body: 'Riviera VTC: booking no. 12 accepted', contentSid: null })]);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', channel: 'sms', skipReason: null });
  });

  it('skips a WhatsApp text without its template when there is no SMS sender: nothing sent, the reason kept', async () => {
    const to = ownNumber();
    const withoutTemplate = await enqueueText(ctx.database.db, { kind: 'test', channel: 'whatsapp', to, body: 'No template for me' });
    const otherLanguage = await enqueueText(ctx.database.db, { kind: 'booking_accepted', channel: 'whatsapp', to, body: 'Nor for me', template: textTemplate('booking_accepted', 'en', { id: 1, time: 't', url: 'u' }) });
    const worker = workerOn(ctx.database.db, { texts: textSender({ TWILIO_WHATSAPP_TEMPLATES: TEMPLATES, TWILIO_FROM: '', SMS_CHANNEL: 'whatsapp' }) });
    expect(await worker.runOnce()).toBe(0);
    for (const id of [withoutTemplate, otherLanguage]) expect(await rowOf(id)).toMatchObject({ status: 'skipped', skipReason: 'whatsapp_template_missing', sentAt: null, channel: 'whatsapp' });
    expect(stub.sentTo(to)).toHaveLength(0);
    expect(stub.sentTo(`whatsapp:${to}`)).toHaveLength(0);
  });

  it('after a timeout that hid the acceptance of a template, finds it at the provider by its variables and does not send it again', async () => {
    const to = ownNumber();
    const id = await enqueueText(ctx.database.db, { kind: 'booking_accepted', channel: 'whatsapp', to, body: 'words', template: textTemplate('booking_accepted', 'fr', { id: 77, time: 'demain 9h', url: 'https://x.test/77' }) });
    stub.state.delayMs = 600;
    expect(await workerOn(ctx.database.db, { texts: textSender({ TWILIO_WHATSAPP_TEMPLATES: TEMPLATES, SMS_TIMEOUT_MS: '150' }) }).runOnce()).toBe(0);
    expect(stub.sentTo(`whatsapp:${to}`)).toHaveLength(1);
    stub.state.delayMs = 0;
    await dueNow(id);
    expect(await workerOn(ctx.database.db, { texts: withTemplates() }).runOnce()).toBe(1);
    expect(stub.sentTo(`whatsapp:${to}`)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: stub.sentTo(`whatsapp:${to}`)[0]!.sid });
  });

  it('refuses the wrong keys at the stub as Twilio would, and keeps the text for a later try', async () => {
    const to = ownNumber();
    const id = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'Wrong keys' });
    expect(await workerOn(ctx.database.db, { texts: textSender({ TWILIO_AUTH_TOKEN: 'not-the-token' }) }).runOnce()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('Authenticate') });
    await dueNow(id);
    expect(await workerOn(ctx.database.db).runOnce()).toBe(1);
    expect(stub.sentTo(to)).toHaveLength(1);
  });

  it('records every text as skipped without a provider: nothing sent, nothing failing', async () => {
    const to = ownNumber();
    const id = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'Nobody sends me' });
    const worker = workerOn(ctx.database.db, { texts: createTextSender(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) })) });
    expect(await worker.runOnce()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 'skipped', skipReason: 'no_provider', attempts: 1, sentAt: null, lastError: null });
    expect(stub.sentTo(to)).toHaveLength(0);
    // A skipped text does not hold back the next ones of its booking.
    const bookingId = 7_100;
    await ctx.database.db.update(mailOutbox).set({ bookingId }).where(eq(mailOutbox.id, id));
    const next = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'Next', bookingId });
    await ctx.app.outbox.runOnce();
    expect(await rowOf(next)).toMatchObject({ status: 'sent' });
  });

  it('leaves the texts to the workers that have a provider: a mail-only worker does not take them', async () => {
    const to = ownNumber();
    const id = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'Not for a mail worker' });
    const mailOnly = createOutboxWorker({
      db: ctx.database.db,
      transport: createMailTransport({ mailDir: ctx.config.MAIL_DIR }),
      from: 'x@riviera-vtc.test',
      messageIdDomain: 'riviera-vtc.test',
      maxAttempts: 5,
      pollMs: 1000,
      log: silentLog,
    });
    await mailOnly.runOnce();
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 0 });
    await ctx.app.outbox.runOnce();
    expect(await rowOf(id)).toMatchObject({ status: 'sent' });
  });
});

describe('a failing or slow provider', () => {
  it('retries a text the provider failed, holding the later texts of its booking until it leaves, then sends each once in order', async () => {
    const to = ownNumber();
    const bookingId = 7_200;
    const first = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'First', bookingId });
    const second = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'Second', bookingId });
    stub.state.failNext = 1;
    expect(await ctx.app.outbox.runOnce()).toBe(0);
    expect(await rowOf(first)).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('Internal Server Error') });
    expect((await rowOf(first)).nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // The second waits for the first: texts of one booking leave in the order they were written.
    expect(await rowOf(second)).toMatchObject({ status: 'pending', attempts: 0 });

    await dueNow(first);
    expect(await ctx.app.outbox.runOnce()).toBe(2);
    expect(stub.sentTo(to).map((m) => m.body)).toEqual(['First', 'Second']);
    expect(await rowOf(first)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('does not let a mail in backoff hold back the texts of its booking', async () => {
    const to = ownNumber();
    const bookingId = 7_300;
    const mail = await enqueueMail(ctx.database.db, { kind: 'test', to: 'later@example.test', subject: 'Later', text: 'x', bookingId });
    await ctx.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() + 3_600_000), attempts: 1 }).where(eq(mailOutbox.id, mail));
    const text = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'Not held by the mail', bookingId });
    await ctx.app.outbox.runOnce();
    expect(await rowOf(text)).toMatchObject({ status: 'sent' });
    expect(await rowOf(mail)).toMatchObject({ status: 'pending' });
    await ctx.database.db.delete(mailOutbox).where(eq(mailOutbox.id, mail));
  });

  it('gives a text up at once when the provider refuses it for good (an invalid number)', async () => {
    const to = ownNumber();
    stub.state.refused.add(to);
    const id = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'Refused' });
    expect(await ctx.app.outbox.runOnce()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('21211') });
  });

  it('after a timeout the provider hid an acceptance behind, finds the text taken and does not send it again', async () => {
    const to = ownNumber();
    const id = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'Slow but taken' });
    // The stub takes the text at once but answers after the client gave up.
    stub.state.delayMs = 600;
    expect(await workerOn(ctx.database.db, { texts: textSender({ SMS_TIMEOUT_MS: '150' }) }).runOnce()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/timeout/i) });
    expect(stub.sentTo(to)).toHaveLength(1);

    stub.state.delayMs = 0;
    await dueNow(id);
    expect(await workerOn(ctx.database.db).runOnce()).toBe(1);
    expect(stub.sentTo(to)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: stub.sentTo(to)[0]!.sid });
  });

  it('a text whose sent record was lost is found at the provider when its lease lapses, not sent again', async () => {
    const db = ctx.database.db;
    const to = ownNumber();
    const id = await enqueueText(db, { kind: 'test', channel: 'sms', to, body: 'Record lost' });
    // The connection dies after Twilio's 201 and stays down through every new try at the record.
    const losing = new Proxy(db, {
      get(target, property) {
        if (property !== 'update') {
          const value: unknown = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return (table: typeof mailOutbox) => ({
          set(values: Partial<typeof mailOutbox.$inferInsert>) {
            if (values.status === 'sent') return { where: () => Promise.reject(new Error('Connection terminated unexpectedly')) };
            return target.update(table).set(values);
          },
        });
      },
    });
    await expect(workerOn(losing, { recordRetryMs: 1 }).runOnce()).rejects.toThrow('Connection terminated unexpectedly');
    expect(await rowOf(id)).toMatchObject({ status: 'sending', attempts: 1 });
    await db.update(mailOutbox).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));
    expect(await workerOn(db).runOnce()).toBe(1);
    expect(stub.sentTo(to)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lapsedAttempts: 1, providerMessageId: stub.sentTo(to)[0]!.sid });
  });
});

describe('two processes', () => {
  it('send each text once, those of one booking in written order, against a slow provider and a lease shorter than the batch', async () => {
    stub.state.delayMs = 120;
    const written = new Map<number, number[]>();
    const to = new Map<number, string>();
    for (let i = 0; i < 12; i += 1) {
      const bookingId = 7_400 + (i % 4);
      if (!to.has(bookingId)) to.set(bookingId, ownNumber());
      const id = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to: to.get(bookingId)!, body: `text ${i}`, bookingId });
      written.set(bookingId, [...(written.get(bookingId) ?? []), id]);
    }
    // On PostgreSQL each worker has its own connection pool, as two server processes do.
    const url = (ctx.database as { url?: string }).url;
    const databases = url ? [createDatabase({ kind: 'postgres', url }), createDatabase({ kind: 'postgres', url })] : [ctx.database, ctx.database];
    const workers = databases.map((database) => workerOn(database.db, { leaseSeconds: 1 }));
    const counts = await Promise.all([...workers, ...workers].map((worker) => worker.runOnce()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    for (const [bookingId, ids] of written) {
      const bodies = stub.sentTo(to.get(bookingId)!).map((m) => m.body);
      expect(bodies).toEqual(ids.map((_, k) => `text ${(bookingId - 7_400) + 4 * k}`));
    }
    const rows = await ctx.database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, [...written.values()].flat()));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1 && row.providerMessageId?.startsWith('SM'))).toBe(true);
    await Promise.all(workers.map((worker) => worker.stop()));
    if (url) await Promise.all(databases.map((database) => database.close()));
  });
});

describe('delivery reports', () => {
  const callbackUrl = 'http://localhost:3000/api/booking/messages/status';
  /** A status callback as Twilio posts it: a form signed with the auth token over the URL and its fields. */
  const report = (params: Record<string, string>, token = TWILIO_TEST_TOKEN) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/booking/messages/status',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(token, callbackUrl, params), 'accept-language': 'en' },
      payload: new URLSearchParams(params).toString(),
    });

  it('asks Twilio for reports, records them never moving back, and refuses a forged one', async () => {
    const to = ownNumber();
    const id = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'Report me' });
    await ctx.app.outbox.runOnce();
    const request = stub.state.requests.find((r) => r.method === 'POST' && r.form.get('To') === to)!;
    expect(request.form.get('StatusCallback')).toBe(callbackUrl);
    const sid = stub.sentTo(to)[0]!.sid;
    const fields = (status: string) => ({ AccountSid: TWILIO_TEST_SID, MessageSid: sid, SmsSid: sid, MessageStatus: status, SmsStatus: status, To: to, From: '+15005550006', ApiVersion: '2010-04-01' });

    expect((await report(fields('sent'))).statusCode).toBe(204);
    expect(await rowOf(id)).toMatchObject({ deliveryStatus: 'sent' });
    expect((await report(fields('delivered'))).statusCode).toBe(204);
    // Late, out of order: "sent" after "delivered" changes nothing.
    expect((await report(fields('sent'))).statusCode).toBe(204);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', deliveryStatus: 'delivered' });

    // Signed with another token, or not at all: refused, nothing changed.
    const forged = await report(fields('undelivered'), 'not-the-auth-token');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'signature_invalid', message: 'Invalid signature' });
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/booking/messages/status', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'MessageSid=x&MessageStatus=failed' });
    expect(unsigned.statusCode).toBe(400);
    expect(await rowOf(id)).toMatchObject({ deliveryStatus: 'delivered' });

    // A status that says nothing of delivery, and another account's message: taken, ignored.
    expect((await report(fields('queued'))).statusCode).toBe(204);
    expect((await report({ ...fields('failed'), MessageSid: 'SM00000000000000000000000000000000' })).statusCode).toBe(204);
    expect(await rowOf(id)).toMatchObject({ deliveryStatus: 'delivered' });
  });
});

describe('what a failure leaves behind', () => {
  it('keeps the account’s credentials out of the error a timeout leaves on the row', async () => {
    const to = ownNumber();
    const id = await enqueueText(ctx.database.db, { kind: 'test', channel: 'sms', to, body: 'Credentials stay home' });
    stub.state.delayMs = 400;
    const errors: unknown[] = [];
    const worker = createOutboxWorker({
      db: ctx.database.db,
      transport: createMailTransport({ mailDir: ctx.config.MAIL_DIR }),
      texts: textSender({ SMS_TIMEOUT_MS: '100' }),
      from: 'x@riviera-vtc.test',
      messageIdDomain: 'riviera-vtc.test',
      maxAttempts: 5,
      pollMs: 1000,
      log: { warn: (fields: { err?: unknown }) => errors.push(fields.err), error() {}, info() {} } as never,
    });
    await worker.runOnce();
    const basic = Buffer.from(`${TWILIO_TEST_SID}:${TWILIO_TEST_TOKEN}`).toString('base64');
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0], Object.getOwnPropertyNames(errors[0]))).not.toContain(basic);
    expect(Object.keys(errors[0] as object)).toEqual([]);
    expect((await rowOf(id)).lastError).toMatch(/^Twilio request failed: timeout of 100ms exceeded/);
    stub.state.delayMs = 0;
    await dueNow(id);
    await ctx.app.outbox.runOnce();
  });
});
