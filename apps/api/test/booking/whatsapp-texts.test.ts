import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { pickupReminderKey } from '../../src/booking/reminders/booking-reminders.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { mailOutbox, scheduledJobs } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { startTwilioStub, twilioStubConfig, type TwilioStub } from '../support/twilio-stub.ts';
import { chooseCar, confirmPayload, createBooking, demoCars, expectStatus, NEXT_YEAR, parisLocalIn } from './booking-helpers.ts';

/**
 * The texts by WhatsApp (decision 0148): each kind leaves as the approved template of its language
 * (Twilio's Content SID) with its variables in the documented order; a kind without a template in
 * that language goes by SMS from TWILIO_FROM. Through Twilio's SDK to its stub on loopback.
 */

const sid = (fill: string) => `HX${fill.repeat(32 / fill.length)}`;
const TEMPLATES = {
  booking_accepted: { fr: sid('a1'), en: sid('a2') },
  your_chauffeur: { en: sid('b2') },
  chauffeur_en_route: { en: sid('c2') },
  chauffeur_on_site: { en: sid('d2') },
  pickup_reminder: { ar: sid('e3') },
  pickup_reminder_unassigned: { ar: sid('f3') },
  mission_link: { ar: sid('0a') },
};
const WHATSAPP_FROM = '+14155238886';
const COMPANY_PHONE = '+33 4 93 00 00 00';

let stub: TwilioStub;
let ctx: TestContext;
let adminToken: string;
let cars: { vclass: number; ford: number };

beforeAll(async () => {
  stub = await startTwilioStub();
  ctx = await createTestApp({
    ...twilioStubConfig(stub.url),
    SMS_CHANNEL: 'whatsapp',
    TWILIO_WHATSAPP_FROM: WHATSAPP_FROM,
    TWILIO_WHATSAPP_TEMPLATES: JSON.stringify(TEMPLATES),
    MISSION_EN_ROUTE_HOURS: '48',
    COMPANY_PHONE,
  });
  await seedDemoData(ctx.database.db);
  cars = await demoCars(ctx.database.db);
  adminToken = (await loginAdmin(ctx.app, ctx.database)).token;
});
afterAll(async () => {
  await ctx.close();
  await stub.close();
});

let day = 0;
const ownDay = () => `${NEXT_YEAR}-08-${String(++day).padStart(2, '0')}T10:00`;
let numbers = 0;
const ownNumber = () => `+3367${String(3_000_000 + ++numbers).slice(-7)}`;

const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: bearer(adminToken), payload });

type Customer = Awaited<ReturnType<typeof registerUser>>;

async function acceptedBooking(customer: Customer, phone: string, options: { language: string; date?: string; method?: string }): Promise<number> {
  const id = await createBooking(ctx.app, customer.token, { date: options.date ?? ownDay() }, options.language);
  expectStatus(await chooseCar(ctx.app, customer.token, id, cars.vclass), 200);
  const confirm = { smsConsent: true, phone, address: 'Terminal 2', ...(options.method && { method: options.method }) };
  expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/user/booking/update-booking-info/${id}`, headers: bearer(customer.token), payload: confirmPayload(id, confirm) }), 200);
  expectStatus(await admin('PUT', `/api/booking/accept/${id}`, {}), 200);
  return id;
}

let drivers = 0;
async function addDriver(languages: string[], phone: string): Promise<number> {
  drivers += 1;
  const response = await admin('POST', '/api/driver/add', { fullName: `Karim Benali ${drivers}`, phone, email: `whatsapp-driver-${drivers}@riviera-vtc.test`, languages });
  expectStatus(response, 201);
  return response.json().data.id as number;
}

const textsOf = (bookingId: number) =>
  ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), ne(mailOutbox.channel, 'email')))
    .orderBy(asc(mailOutbox.id));

/** What Twilio received for a WhatsApp number: each template and its variables, oldest first. */
const templatesTo = (number: string) => stub.sentTo(`whatsapp:${number}`).map((message) => [message.contentSid, message.contentVariables]);

describe('texts by WhatsApp', () => {
  it('a trip in English: accepted, chauffeur assigned, en route with the tracking link, on site with the meeting point, each as its English template with its variables in order; the chauffeur’s link in Arabic', async () => {
    const number = ownNumber();
    const customer = await registerUser(ctx.app, { phone: number });
    const id = await acceptedBooking(customer, number, { language: 'en', date: parisLocalIn(300) });
    const driverPhone = ownNumber();
    const driverId = await addDriver(['ar'], driverPhone);
    expectStatus(await admin('PUT', `/api/booking/assign/${id}`, { driverId, carId: cars.ford }), 200);
    await ctx.app.outbox.runOnce();

    const [link] = stub.sentTo(`whatsapp:${driverPhone}`);
    expect(link).toMatchObject({ from: `whatsapp:${WHATSAPP_FROM}`, contentSid: TEMPLATES.mission_link.ar });
    const linkVariables = link!.contentVariables!;
    expect(Object.keys(linkVariables)).toEqual(['1', '2', '3', '4']);
    expect(linkVariables['1']).toBe(String(id));
    const missionUrl = new URL(linkVariables['4']!);
    expect(missionUrl.pathname).toBe('/mission');
    const token = missionUrl.searchParams.get('token')!;
    const step = (status: string) => ctx.app.inject({ method: 'PUT', url: `/api/mission/status/${id}`, payload: { token, status } });
    expectStatus(await step('en_route'), 200);
    expectStatus(await step('on_site'), 200);
    await ctx.app.outbox.runOnce();

    const texts = (await textsOf(id)).filter((text) => text.toAddress === number);
    expect(texts.map((text) => [text.kind, text.channel, text.status])).toEqual([
      ['booking_accepted', 'whatsapp', 'sent'],
      ['your_chauffeur', 'whatsapp', 'sent'],
      ['chauffeur_en_route', 'whatsapp', 'sent'],
      ['chauffeur_on_site', 'whatsapp', 'sent'],
    ]);
    const sent = templatesTo(number);
    expect(sent.map(([contentSid]) => contentSid)).toEqual([TEMPLATES.booking_accepted.en, TEMPLATES.your_chauffeur.en, TEMPLATES.chauffeur_en_route.en, TEMPLATES.chauffeur_on_site.en]);
    const [accepted, assigned, enRoute, onSite] = sent.map(([, variables]) => variables as Record<string, string>);
    // The pickup as the English text words it, in each template that names it.
    const time = /on (.+) is accepted/.exec(texts[0]!.textBody)![1]!;
    expect(accepted).toEqual({ 1: String(id), 2: time, 3: expect.stringMatching(new RegExp(`^http://localhost:3000/checkout\\?id=${id}&token=`)) });
    expect(assigned).toEqual({ 1: time, 2: 'Karim', 3: expect.stringMatching(/^Ford /), 4: expect.stringMatching(/^[A-Z]{2}-\d{3}-[A-Z]{2}$/), 5: expect.stringMatching(/^0\d( \d\d){4}$/) });
    expect(enRoute).toEqual({ 1: 'Karim', 2: 'Terminal 2, Nice', 3: time, 4: expect.stringMatching(new RegExp(`^http://localhost:3000/track/${id}\\?token=`)) });
    expect(onSite).toEqual({ 1: 'Karim', 2: 'Terminal 2, Nice', 3: assigned![5] });
    // The tracking link the template carries is the one the tracking page accepts.
    const trackingToken = new URL(enRoute!['4']!).searchParams.get('token')!;
    expectStatus(await ctx.app.inject({ method: 'GET', url: `/api/track/${id}?token=${encodeURIComponent(trackingToken)}` }), 200);
    // Nothing went by SMS.
    expect(stub.sentTo(number)).toHaveLength(0);
  });

  it('a trip in French: the acceptance as its French template; the cash confirmation, without a template, by SMS with its words', async () => {
    const number = ownNumber();
    const customer = await registerUser(ctx.app, { phone: number });
    const id = await acceptedBooking(customer, number, { language: 'fr' });
    await ctx.app.outbox.runOnce();
    expect(templatesTo(number)).toEqual([[TEMPLATES.booking_accepted.fr, { 1: String(id), 2: expect.any(String), 3: expect.stringContaining(`/checkout?id=${id}&token=`) }]]);

    const cash = await acceptedBooking(customer, number, { language: 'fr', method: 'cash' });
    await ctx.app.outbox.runOnce();
    const [text] = await textsOf(cash);
    expect(text).toMatchObject({ kind: 'cash_confirmed', channel: 'sms', status: 'sent' });
    expect(stub.sentTo(number)).toEqual([expect.objectContaining({ from: '+15005550006', body: text!.textBody, contentSid: null })]);
    expect(templatesTo(number)).toHaveLength(1);
  });

  it('the reminder in Arabic: with its chauffeur once assigned, the template without one before', async () => {
    const number = ownNumber();
    const customer = await registerUser(ctx.app, { phone: number });
    const runReminder = async (id: number) => {
      await ctx.database.db.update(scheduledJobs).set({ runAt: new Date(Date.now() - 1000), status: 'pending' }).where(eq(scheduledJobs.key, pickupReminderKey(id)));
      await ctx.app.jobs.runDue();
      await ctx.app.outbox.runOnce();
    };
    const unassigned = await acceptedBooking(customer, number, { language: 'ar' });
    await runReminder(unassigned);
    const assigned = await acceptedBooking(customer, number, { language: 'ar' });
    expectStatus(await admin('PUT', `/api/booking/assign/${assigned}`, { driverId: await addDriver(['fr'], ownNumber()), carId: cars.vclass }), 200);
    await runReminder(assigned);

    // booking_accepted has no Arabic template: those two went by SMS.
    expect(stub.sentTo(number).map((message) => message.body)).toEqual([expect.stringContaining(String(unassigned)), expect.stringContaining(String(assigned)), expect.any(String)]);
    const reminders = templatesTo(number);
    expect(reminders).toEqual([
      [TEMPLATES.pickup_reminder_unassigned.ar, { 1: expect.any(String), 2: 'Terminal 2, Nice', 3: COMPANY_PHONE }],
      [TEMPLATES.pickup_reminder.ar, { 1: expect.any(String), 2: 'Terminal 2, Nice', 3: 'Karim', 4: 'Mercedes Classe V', 5: expect.stringMatching(/^[A-Z]{2}-\d{3}-[A-Z]{2}$/), 6: expect.any(String), 7: COMPANY_PHONE }],
    ]);
  });
});

describe('TWILIO_WHATSAPP_TEMPLATES', () => {
  const load = (templates: string) => () => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), ...twilioStubConfig('http://127.0.0.1:9'), SMS_CHANNEL: 'whatsapp', TWILIO_WHATSAPP_FROM: WHATSAPP_FROM, TWILIO_WHATSAPP_TEMPLATES: templates });

  it('is read as JSON by kind and language; empty, no template', () => {
    expect(load(JSON.stringify(TEMPLATES))().TWILIO_WHATSAPP_TEMPLATES).toEqual(TEMPLATES);
    expect(load('')().TWILIO_WHATSAPP_TEMPLATES).toEqual({});
  });

  it('stops the start with the setting named: not JSON, an unknown kind or language, a value that is not a Content SID', () => {
    expect(load('{booking_accepted: HX…')).toThrow(ConfigError);
    expect(load('{booking_accepted: HX…')).toThrow(/TWILIO_WHATSAPP_TEMPLATES: is not JSON/);
    expect(load(JSON.stringify({ booking_acepted: { fr: sid('a1') } }))).toThrow(/TWILIO_WHATSAPP_TEMPLATES.*booking_acepted/);
    expect(load(JSON.stringify({ booking_accepted: { de: sid('a1') } }))).toThrow(/TWILIO_WHATSAPP_TEMPLATES.*de/);
    expect(load(JSON.stringify({ booking_accepted: { fr: 'SM123' } }))).toThrow(/TWILIO_WHATSAPP_TEMPLATES\.booking_accepted\.fr: must be a Content SID/);
    expect(load('["HX"]')).toThrow(/TWILIO_WHATSAPP_TEMPLATES/);
  });
});
