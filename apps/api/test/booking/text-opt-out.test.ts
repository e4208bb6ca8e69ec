import { and, asc, eq, ne } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { mailOutbox, textOptOuts } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { startTwilioStub, TWILIO_TEST_TOKEN, twilioStubConfig, type TwilioStub } from '../support/twilio-stub.ts';
import { chooseCar, confirmPayload, createBooking, demoCars, expectStatus, NEXT_YEAR } from './booking-helpers.ts';

/**
 * STOP stops the texts (decision 0149): a customer answering STOP (or ARRÊT, or Twilio's
 * OptOutType=STOP) to a text, by SMS or WhatsApp, has the consent of every account with that number
 * cleared and its unsent texts cancelled, once; a forged message changes nothing; START gives no
 * consent back. Twilio posts the messages signed with the auth token, as the SDK signs them here.
 */

const INBOUND_URL = 'http://localhost:3000/api/booking/messages/inbound';
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

let stub: TwilioStub;
let ctx: TestContext;
let adminToken: string;
let car: number;

beforeAll(async () => {
  stub = await startTwilioStub();
  ctx = await createTestApp(twilioStubConfig(stub.url));
  await seedDemoData(ctx.database.db);
  car = (await demoCars(ctx.database.db)).vclass;
  adminToken = (await loginAdmin(ctx.app, ctx.database)).token;
});
afterAll(async () => {
  await ctx.close();
  await stub.close();
});

let day = 0;
const ownDay = () => `${NEXT_YEAR}-07-${String(++day).padStart(2, '0')}T10:00`;
let numbers = 0;
/** A French mobile number of its own for each test. */
const ownNumber = () => `+3361${String(2_000_000 + ++numbers).slice(-7)}`;
let messages = 0;
const messageSid = () => `SM${String(++messages).padStart(32, '0')}`;

type Customer = Awaited<ReturnType<typeof registerUser>>;

/** A customer who agreed to texts at step three, whose booking the company accepted (one text queued, not yet sent). */
async function acceptedWithTexts(customer: Customer, phone: string): Promise<number> {
  const id = await createBooking(ctx.app, customer.token, { date: ownDay() });
  expectStatus(await chooseCar(ctx.app, customer.token, id, car), 200);
  expectStatus(
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/booking/update-booking-info/${id}`,
      headers: bearer(customer.token),
      payload: confirmPayload(id, { smsConsent: true, phone }),
    }),
    200,
  );
  expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(adminToken) }), 200);
  return id;
}

/** Twilio posting a message received, signed with the auth token (or with `token`). */
const inbound = (fields: Record<string, string>, token = TWILIO_TEST_TOKEN) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/booking/messages/inbound',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(token, INBOUND_URL, fields), 'accept-language': 'en' },
    payload: new URLSearchParams(fields).toString(),
  });

/** A message as Twilio posts it: from a number, to our sender, its words. */
const received = (from: string, body: string, extra: Record<string, string> = {}) => ({
  MessageSid: messageSid(),
  AccountSid: `AC${'0'.repeat(31)}1`,
  From: from,
  To: '+15005550006',
  Body: body,
  NumMedia: '0',
  ...extra,
});

const consentOf = async (customer: Customer) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(customer.token) })).json().data.sms_consent as boolean;

const textsOf = (bookingId: number) =>
  ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), ne(mailOutbox.channel, 'email')))
    .orderBy(asc(mailOutbox.id));

const optOutsOf = (phone: string) => ctx.database.db.select().from(textOptOuts).where(eq(textOptOuts.phone, phone)).orderBy(asc(textOptOuts.id));

describe('POST /api/booking/messages/inbound', () => {
  it('STOP clears the consent and cancels the texts not yet sent, once: the profile shows the box unticked, the back office why', async () => {
    const number = ownNumber();
    const customer = await registerUser(ctx.app, { phone: number });
    const id = await acceptedWithTexts(customer, number);
    expect((await textsOf(id)).map((text) => [text.kind, text.status])).toEqual([['booking_accepted', 'pending']]);
    expect(await consentOf(customer)).toBe(true);

    const stop = received(number, 'STOP');
    const answer = await inbound(stop);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/xml/);
    expect(answer.body).toBe(EMPTY_TWIML);
    expect(await consentOf(customer)).toBe(false);
    expect((await textsOf(id)).map((text) => [text.status, text.skipReason])).toEqual([['skipped', 'opted_out']]);
    expect(await optOutsOf(number)).toEqual([expect.objectContaining({ action: 'stop', keyword: 'STOP', channel: 'sms', accountsCleared: 1, textsCancelled: 1, providerMessageId: stop.MessageSid })]);

    // Twilio posting the same message again records nothing more.
    expect((await inbound(stop)).statusCode).toBe(200);
    expect(await optOutsOf(number)).toHaveLength(1);

    // The worker sends nothing to that number, and the company's next act texts nothing.
    await ctx.app.outbox.runOnce();
    expect(stub.sentTo(number)).toHaveLength(0);
    const driver = await ctx.app.inject({
      method: 'POST',
      url: '/api/driver/add',
      headers: bearer(adminToken),
      payload: { fullName: 'Karim Benali', phone: '+33 6 98 76 54 32', email: 'opt-out-driver@riviera-vtc.test', languages: ['fr'] },
    });
    expectStatus(driver, 201);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/assign/${id}`, headers: bearer(adminToken), payload: { driverId: driver.json().data.id, carId: car } }), 200);
    expect((await textsOf(id)).filter((text) => text.toAddress === number).map((text) => text.kind)).toEqual(['booking_accepted']);

    // The back office lists the text as not sent because the customer answered STOP.
    const list = await ctx.app.inject({ method: 'GET', url: `/api/booking/messages/${id}`, headers: bearer(adminToken) });
    expect(list.json().data.find((message: { channel: string }) => message.channel === 'sms')).toMatchObject({ status: 'skipped', skip_reason: 'opted_out', to: number });
  });

  it('a forged message (wrong signature, none, another URL) is refused 403 and changes nothing', async () => {
    const number = ownNumber();
    const customer = await registerUser(ctx.app, { phone: number });
    const id = await acceptedWithTexts(customer, number);

    const forged = await inbound(received(number, 'STOP'), 'not-the-auth-token');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'signature_invalid', message: 'Invalid signature' });
    const fields = received(number, 'STOP');
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/booking/messages/inbound', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    expect(unsigned.statusCode).toBe(403);
    // Signed for the status callback's URL: not this one.
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/booking/messages/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO_TEST_TOKEN, 'http://localhost:3000/api/booking/messages/status', fields) },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(elsewhere.statusCode).toBe(403);

    expect(await consentOf(customer)).toBe(true);
    expect((await textsOf(id)).map((text) => text.status)).toEqual(['pending']);
    expect(await optOutsOf(number)).toHaveLength(0);
  });

  it('ARRÊT by WhatsApp, and Twilio’s OptOutType=STOP whatever the words, stop the texts of every account with that number', async () => {
    const number = ownNumber();
    const first = await registerUser(ctx.app, { phone: number });
    const firstBooking = await acceptedWithTexts(first, number);
    // Another account booked with that number for the trip (its profile has another).
    const second = await registerUser(ctx.app, { phone: ownNumber() });
    const secondBooking = await acceptedWithTexts(second, number);
    // A third account with that number in its profile, never texted yet.
    const third = await registerUser(ctx.app, { phone: number });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/update',
      headers: bearer(third.token),
      payload: { fullName: 'Camille Martin', email: third.user.email, phone: number, smsConsent: true },
    });
    expect(await consentOf(third)).toBe(true);

    expect((await inbound(received(`whatsapp:${number}`, '  Arrêt. '))).statusCode).toBe(200);
    expect([await consentOf(first), await consentOf(second), await consentOf(third)]).toEqual([false, false, false]);
    expect([...(await textsOf(firstBooking)), ...(await textsOf(secondBooking))].map((text) => text.skipReason)).toEqual(['opted_out', 'opted_out']);
    expect(await optOutsOf(number)).toEqual([expect.objectContaining({ channel: 'whatsapp', keyword: 'ARRET', accountsCleared: 3, textsCancelled: 2 })]);

    const other = ownNumber();
    const customer = await registerUser(ctx.app, { phone: other });
    await acceptedWithTexts(customer, other);
    expect((await inbound(received(other, 'Stop please', { OptOutType: 'STOP' }))).statusCode).toBe(200);
    expect(await consentOf(customer)).toBe(false);
    expect(await optOutsOf(other)).toEqual([expect.objectContaining({ action: 'stop', keyword: 'STOP', textsCancelled: 1 })]);
  });

  it('START is recorded and gives no consent back; HELP and other words change nothing', async () => {
    const number = ownNumber();
    const customer = await registerUser(ctx.app, { phone: number });
    const id = await acceptedWithTexts(customer, number);

    for (const words of ['HELP', 'Merci, à demain !', 'stop by the hotel first please']) expect((await inbound(received(number, words))).body).toBe(EMPTY_TWIML);
    expect((await inbound(received(number, 'HELP', { OptOutType: 'HELP' }))).statusCode).toBe(200);
    expect(await consentOf(customer)).toBe(true);
    expect((await textsOf(id)).map((text) => text.status)).toEqual(['pending']);
    expect(await optOutsOf(number)).toHaveLength(0);

    await inbound(received(number, 'stop'));
    expect(await consentOf(customer)).toBe(false);
    await inbound(received(number, 'START', { OptOutType: 'START' }));
    await inbound(received(number, 'unstop'));
    expect(await consentOf(customer)).toBe(false);
    expect((await optOutsOf(number)).map((event) => [event.action, event.keyword, event.accountsCleared])).toEqual([
      ['stop', 'STOP', 1],
      ['start', 'START', 0],
      ['start', 'UNSTOP', 0],
    ]);
    // Consent is given again on the site, as at first.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/update',
      headers: bearer(customer.token),
      payload: { fullName: 'Camille Martin', email: customer.user.email, phone: number, smsConsent: true },
    });
    expect(await consentOf(customer)).toBe(true);
  });

  it('the same STOP posted twice at once is recorded once', async () => {
    const number = ownNumber();
    const customer = await registerUser(ctx.app, { phone: number });
    await acceptedWithTexts(customer, number);
    const stop = received(number, 'STOPALL');
    const answers = await Promise.all([inbound(stop), inbound(stop)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await optOutsOf(number)).toEqual([expect.objectContaining({ accountsCleared: 1, textsCancelled: 1 })]);
  });
});
