import { and, asc, eq, ne } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { pickupReminderKey } from '../../src/booking/reminders/booking-reminders.ts';
import { bookings, mailOutbox, scheduledJobs } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { startTwilioStub, TWILIO_TEST_TOKEN, twilioStubConfig, type TwilioStub } from '../support/twilio-stub.ts';
import { chooseCar, confirmPayload, createBooking, demoCars, expectStatus, NEXT_YEAR, parisLocalIn } from './booking-helpers.ts';

/**
 * A customer's texts (decision 0130): only with their consent, given at step three or in the
 * profile and remembered there, to the number they gave, in the booking's language; the chauffeur's
 * mission link by text; the back office's list of a booking's mails and texts. Texts go through
 * Twilio's SDK to a stub of its API on loopback.
 */

const COMPANY_PHONE = '+33 4 93 00 00 00';
const DRIVER_PHONE = '+33 6 98 76 54 32';

let stub: TwilioStub;
let ctx: TestContext;
let adminToken: string;
let cars: { vclass: number; ford: number };

beforeAll(async () => {
  stub = await startTwilioStub();
  // "En route" opens two days before pickup: the trip of the mission test is a few hours ahead.
  ctx = await createTestApp({ ...twilioStubConfig(stub.url), MISSION_EN_ROUTE_HOURS: '48', COMPANY_PHONE });
  await seedDemoData(ctx.database.db);
  cars = await demoCars(ctx.database.db);
  adminToken = (await loginAdmin(ctx.app, ctx.database)).token;
});
afterAll(async () => {
  await ctx.close();
  await stub.close();
});
afterEach(async () => {
  await ctx.app.outbox.runOnce();
});

let day = 0;
/** A pickup day of its own for each booking: one booking holds its car at a time (decision 0070). */
const ownDay = () => `${NEXT_YEAR}-06-${String(++day).padStart(2, '0')}T10:00`;

const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, language = 'fr') =>
  ctx.app.inject({ method, url, headers: { ...bearer(adminToken), 'accept-language': language }, payload });

type Customer = Awaited<ReturnType<typeof registerUser>>;

/** Step three, as the customer's browser sends it, in a language. */
const confirm = (customer: Customer, id: number, overrides: Record<string, unknown> = {}, language = 'fr') =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/booking/update-booking-info/${id}`,
    headers: { ...bearer(customer.token), 'accept-language': language },
    payload: confirmPayload(id, overrides),
  });

/** A booking confirmed at step three (with these fields) and accepted by the company. */
async function acceptedBooking(customer: Customer, options: { date?: string; language?: string; confirm?: Record<string, unknown> } = {}): Promise<number> {
  const id = await createBooking(ctx.app, customer.token, { date: options.date ?? ownDay() }, options.language ?? 'fr');
  expectStatus(await chooseCar(ctx.app, customer.token, id, cars.vclass), 200);
  expectStatus(await confirm(customer, id, options.confirm), 200);
  expectStatus(await admin('PUT', `/api/booking/accept/${id}`, {}), 200);
  return id;
}

let drivers = 0;
async function addDriver(languages: string[]): Promise<number> {
  drivers += 1;
  const response = await admin('POST', '/api/driver/add', { fullName: `Karim Benali ${drivers}`, phone: DRIVER_PHONE, email: `texts-driver-${drivers}@riviera-vtc.test`, languages });
  expectStatus(response, 201);
  return response.json().data.id as number;
}

/** The texts written about a booking, oldest first. */
const textsOf = (bookingId: number) =>
  ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), ne(mailOutbox.channel, 'email')))
    .orderBy(asc(mailOutbox.id));

const profile = async (customer: Customer) => (await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(customer.token) })).json().data;

describe('consent', () => {
  it('is asked only where texts can go: the public settings name the channel', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config/public' })).json()).toMatchObject({ texts: 'sms' });
  });

  it('is given at step three, remembered in the profile and offered again at the next step three', async () => {
    const customer = await registerUser(ctx.app);
    expect(await profile(customer)).toMatchObject({ sms_consent: false });
    await acceptedBooking(customer, { confirm: { smsConsent: true } });
    expect(await profile(customer)).toMatchObject({ sms_consent: true });

    const next = await createBooking(ctx.app, customer.token, { date: ownDay() });
    expectStatus(await chooseCar(ctx.app, customer.token, next, cars.vclass), 200);
    const stepThree = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-three/${next}`, headers: bearer(customer.token) });
    expect(stepThree.json().customer).toMatchObject({ smsConsent: true, phone: '+33612345678' });
  });

  it('no consent, no text: the customer gets mail only, the chauffeur still gets the link by text', async () => {
    const customer = await registerUser(ctx.app);
    const id = await acceptedBooking(customer, { confirm: { smsConsent: false } });
    const driverId = await addDriver(['fr']);
    expectStatus(await admin('PUT', `/api/booking/assign/${id}`, { driverId, carId: cars.vclass }), 200);
    expect((await textsOf(id)).map((text) => [text.kind, text.toAddress])).toEqual([['mission_link', '+33698765432']]);
  });

  it('taken back in the profile: no further text', async () => {
    const customer = await registerUser(ctx.app, { phone: '+33 6 11 22 33 44' });
    const id = await acceptedBooking(customer, { confirm: { smsConsent: true, phone: '+33 6 11 22 33 44' } });
    expect((await textsOf(id)).map((text) => text.kind)).toEqual(['booking_accepted']);

    const update = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/update',
      headers: bearer(customer.token),
      payload: { fullName: 'Camille Martin', email: customer.user.email, phone: '+33 6 11 22 33 44', smsConsent: false },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data).toMatchObject({ sms_consent: false });
    const driverId = await addDriver(['fr']);
    expectStatus(await admin('PUT', `/api/booking/assign/${id}`, { driverId, carId: cars.vclass }), 200);
    expect((await textsOf(id)).map((text) => text.kind)).toEqual(['booking_accepted', 'mission_link']);
  });

  it('is given in the profile too, and a profile update without it leaves it as it was', async () => {
    const customer = await registerUser(ctx.app);
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/profile/update', headers: bearer(customer.token), payload: { fullName: 'Camille Martin', email: customer.user.email, phone: '+33612345678', ...payload } });
    expect((await put({ smsConsent: true })).json().data).toMatchObject({ sms_consent: true });
    expect((await put({ fullName: 'Camille Martin-Durand' })).json().data).toMatchObject({ sms_consent: true, full_name: 'Camille Martin-Durand' });
  });
});

describe('bad numbers', () => {
  it('refuses an invalid phone at step three with a translated 400, saving nothing', async () => {
    const customer = await registerUser(ctx.app);
    const id = await createBooking(ctx.app, customer.token, { date: ownDay() });
    expectStatus(await chooseCar(ctx.app, customer.token, id, cars.vclass), 200);
    const response = await confirm(customer, id, { phone: '12', smsConsent: true }, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path: 'phone', message: 'Invalid phone number: check the country and the number of digits' });
    const [row] = await ctx.database.db.select({ status: bookings.status, phone: bookings.phone }).from(bookings).where(eq(bookings.id, id));
    expect(row).toEqual({ status: 'car_selected', phone: null });
    expect(await profile(customer)).toMatchObject({ sms_consent: false });
  });

  it('refuses texts to a number that cannot receive them (a fixed line), in the reader’s language, and takes that number without them', async () => {
    const customer = await registerUser(ctx.app);
    const id = await createBooking(ctx.app, customer.token, { date: ownDay() });
    expectStatus(await chooseCar(ctx.app, customer.token, id, cars.vclass), 200);
    const refused = await confirm(customer, id, { phone: '04 93 12 34 56', smsConsent: true }, 'ar');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'smsConsent', message: 'لا يمكن لهذا الرقم استقبال الرسائل النصية: أدخل رقم هاتف محمول أو ألغِ تحديد الخانة' }],
    });
    expect(await profile(customer)).toMatchObject({ sms_consent: false });
    expectStatus(await confirm(customer, id, { phone: '04 93 12 34 56', smsConsent: false }), 200);

    const profileRefused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/update',
      headers: { ...bearer(customer.token), 'accept-language': 'fr' },
      payload: { fullName: 'Camille Martin', email: customer.user.email, phone: '+33 4 93 12 34 56', smsConsent: true },
    });
    expect(profileRefused.statusCode).toBe(400);
    expect(profileRefused.json().errors).toEqual([{ path: 'smsConsent', message: 'Ce numéro ne peut pas recevoir de SMS : indiquez un numéro de mobile ou décochez la case' }]);
    expect(await profile(customer)).toMatchObject({ sms_consent: false, phone: '+33612345678' });
  });
});

describe('the texts of a trip', () => {
  it('accepted, chauffeur assigned, en route and on site reach the number given at step three, in the booking’s language, once each and in order; the chauffeur gets the link in theirs', async () => {
    const customer = await registerUser(ctx.app, { phone: '+33 6 00 00 00 01' });
    // A few hours ahead: "en route" is open at once (MISSION_EN_ROUTE_HOURS=48).
    const id = await acceptedBooking(customer, { date: parisLocalIn(300), language: 'en', confirm: { smsConsent: true, phone: '+33 6 55 44 33 22', address: 'Terminal 2' } });
    const driverId = await addDriver(['ar', 'it']);
    expectStatus(await admin('PUT', `/api/booking/assign/${id}`, { driverId, carId: cars.ford }), 200);
    await ctx.app.outbox.runOnce();

    const [link] = (await textsOf(id)).filter((text) => text.kind === 'mission_link');
    expect(link).toMatchObject({ toAddress: '+33698765432', channel: 'sms', recipientUserId: null });
    expect(link!.textBody).toMatch(new RegExp(`^Riviera VTC: المهمة رقم ${id} `));
    const token = decodeURIComponent(/\/mission\?id=\d+&token=([\w%-]+)/.exec(link!.textBody)![1]!);
    const step = (status: string) => ctx.app.inject({ method: 'PUT', url: `/api/mission/status/${id}`, payload: { token, status } });
    expectStatus(await step('en_route'), 200);
    expectStatus(await step('on_site'), 200);
    // The same step again changes nothing and texts nothing.
    expectStatus(await step('on_site'), 200);
    await ctx.app.outbox.runOnce();

    const customerTexts = (await textsOf(id)).filter((text) => text.recipientUserId !== null);
    expect(customerTexts.map((text) => text.kind)).toEqual(['booking_accepted', 'your_chauffeur', 'chauffeur_en_route', 'chauffeur_on_site']);
    expect(customerTexts.every((text) => text.toAddress === '+33655443322' && text.status === 'sent')).toBe(true);
    const [accepted, assigned, enRoute, onSite] = customerTexts.map((text) => text.textBody);
    expect(accepted).toMatch(new RegExp(`^Riviera VTC: your booking no\\. ${id} on .+ is accepted\\. Pay the deposit to confirm it: http://localhost:3000/checkout\\?id=${id}&token=`));
    expect(assigned).toMatch(/your chauffeur will be Karim, Ford .+, plate [A-Z]{2}-\d{3}-[A-Z]{2}\. Phone 06 98 76 54 32$/);
    // With the signed link to follow the car (decision 0132), which the tracking page accepts.
    const pickupWords = accepted!.match(/on (.+) is accepted/)![1]!;
    expect(enRoute!.startsWith(`Riviera VTC: Karim is on the way to Terminal 2, Nice for your pickup at ${pickupWords}. Follow the arrival: http://localhost:3000/track/${id}?token=`)).toBe(true);
    const trackingToken = new URL(enRoute!.split(' ').at(-1)!).searchParams.get('token')!;
    expectStatus(await ctx.app.inject({ method: 'GET', url: `/api/track/${id}?token=${encodeURIComponent(trackingToken)}` }), 200);
    expect(onSite).toBe('Riviera VTC: your chauffeur Karim has arrived and is waiting for you: Terminal 2, Nice. Phone 06 98 76 54 32');

    // What Twilio received for the customer's number: each text once, in the order written.
    expect(stub.sentTo('+33655443322').map((message) => message.body)).toEqual([accepted, assigned, enRoute, onSite]);
    expect(stub.sentTo('+33600000001')).toHaveLength(0);
  });

  it('the reminder before pickup: when, where, the chauffeur, the car and its plate, once whatever runs again', async () => {
    const customer = await registerUser(ctx.app);
    const id = await acceptedBooking(customer, { language: 'ar', confirm: { smsConsent: true } });
    const driverId = await addDriver(['fr']);
    expectStatus(await admin('PUT', `/api/booking/assign/${id}`, { driverId, carId: cars.vclass }), 200);
    const runReminder = async () => {
      await ctx.database.db.update(scheduledJobs).set({ runAt: new Date(Date.now() - 1000), status: 'pending' }).where(eq(scheduledJobs.key, pickupReminderKey(id)));
      await ctx.app.jobs.runDue();
    };
    await runReminder();
    await runReminder();
    const reminders = (await textsOf(id)).filter((text) => text.kind === 'pickup_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.textBody).toMatch(/^Riviera VTC: تذكير، موعد الانطلاق .+: 1 promenade des Anglais, Nice\. السائق: Karim، Mercedes Classe V [A-Z]{2}-\d{3}-[A-Z]{2}، الهاتف: 06 98 76 54 32\. سؤال أو تأخير؟ \+33 4 93 00 00 00$/);
  });

  it('a cash booking accepted is confirmed by text, nothing to pay now', async () => {
    const customer = await registerUser(ctx.app);
    const id = await acceptedBooking(customer, { confirm: { smsConsent: true, method: 'cash' } });
    const [text] = await textsOf(id);
    expect(text).toMatchObject({ kind: 'cash_confirmed', toAddress: '+33612345678' });
    expect(text!.textBody).toMatch(new RegExp(`^Riviera VTC : votre réservation n°${id} du .+ est confirmée\\. Vous réglerez à bord\\.$`));
  });
});

describe('GET /api/booking/messages/{id}', () => {
  it('lists each mail and text of the booking with its channel and delivery status, for the company only', async () => {
    const customer = await registerUser(ctx.app);
    const id = await acceptedBooking(customer, { confirm: { smsConsent: true } });
    const before = await admin('GET', `/api/booking/messages/${id}`);
    expect(before.statusCode, before.body).toBe(200);
    const text = before.json().data.find((message: { channel: string }) => message.channel === 'sms');
    expect(text).toMatchObject({ kind: 'booking_accepted', to: '+33612345678', subject: null, status: 'pending', attempts: 0, sent_at: null, provider_message_id: null });

    await ctx.app.outbox.runOnce();
    const messages = (await admin('GET', `/api/booking/messages/${id}`)).json().data as Array<Record<string, unknown>>;
    expect(messages.map((message) => [message.kind, message.channel, message.status])).toEqual([
      ['booking_received', 'email', 'sent'],
      ['booking_new_company', 'email', 'sent'],
      ['booking_accepted', 'email', 'sent'],
      ['booking_accepted', 'sms', 'sent'],
    ]);
    const [received] = messages;
    expect(received).toMatchObject({ to: customer.user.email, subject: expect.stringContaining(String(id)), text: null });
    const sid = stub.sentTo('+33612345678').at(-1)!.sid;
    expect(messages[3]).toMatchObject({ text: expect.stringContaining('est acceptée'), provider_message_id: sid, sent_at: expect.any(String), delivery_status: null });
    expect(received).toMatchObject({ delivery_status: null, provider_message_id: null });

    // Twilio reports the text delivered to the phone: the list says so.
    const fields = { MessageSid: sid, MessageStatus: 'delivered', To: '+33612345678' };
    const url = 'http://localhost:3000/api/booking/messages/status';
    const delivered = await ctx.app.inject({
      method: 'POST',
      url: '/api/booking/messages/status',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO_TEST_TOKEN, url, fields) },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(delivered.statusCode).toBe(204);
    expect((await admin('GET', `/api/booking/messages/${id}`)).json().data[3]).toMatchObject({ status: 'sent', delivery_status: 'delivered' });

    const asCustomer = await ctx.app.inject({ method: 'GET', url: `/api/booking/messages/${id}`, headers: bearer(customer.token) });
    expect(asCustomer.statusCode).toBe(403);
    const missing = await admin('GET', '/api/booking/messages/99999999', undefined, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'booking_not_found' });
    expect((await admin('GET', '/api/booking/messages/abc')).statusCode).toBe(400);
  });
});
