import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { parseParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings, mailOutbox } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-text.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, mailText, NEXT_YEAR, parisLocalIn } from './booking-helpers.ts';

/**
 * Step three's details (issue 13 item 7, decision 0102): an airport pickup needs its flight
 * number, checked and stored compact; the waiting time included and the free-cancellation
 * deadline are given before confirming and in the mails, through a real SMTP server.
 */

const COMPANY = 'company@riviera-vtc.test';
const AIRPORT = { title: 'Aéroport Nice Côte d’Azur', placeId: 'airport-nice-cote-d-azur', type: 'airport' };
let day = 0;
/** Each booking its own day (a car is held once per slot), in June: summer time in Paris. */
const ownDay = () => `${NEXT_YEAR}-06-${String(++day).padStart(2, '0')}T10:00`;

type ErrorBody = { message: string; code: string; errors?: { path: string; message: string }[] };

describe('step three: flight number, waiting time, cancellation deadline', () => {
  let ctx: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let carId: number;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestApp({ SMTP_URL: sink.url, COMPANY_EMAIL: COMPANY, WAITING_MINUTES_AIRPORT: '45', WAITING_MINUTES_OTHER: '10' });
    await seedDemoData(ctx.database.db);
    carId = (await demoCars(ctx.database.db)).vclass;
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  /** An airport booking with its car chosen, by a verified customer, in `language`. */
  async function airportBooking(language: 'fr' | 'en' | 'ar', date = ownDay()) {
    const customer = await registerUser(ctx.app);
    const id = await createBooking(ctx.app, customer.token, { origin: AIRPORT, rentFromType: 'airport', date }, language);
    expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
    return { customer, id, pickupAt: parseParisDateTimeLocal(date)! };
  }

  const put = (token: string, id: number, overrides: Record<string, unknown>, language: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/user/booking/update-booking-info/${id}`,
      headers: { ...bearer(token), 'accept-language': language },
      payload: {
        bookingId: id,
        fullName: 'Camille Martin',
        email: 'camille.martin@example.test',
        phone: '+33612345678',
        method: 'cash',
        returnRent: false,
        ...overrides,
      },
    });

  const statusOf = async (id: number) => (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const outboxOf = async (id: number) => ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, id));

  for (const [language, required, invalid] of [
    ['fr', 'Indiquez le numéro de votre vol', 'Numéro de vol invalide'],
    ['ar', 'يرجى إدخال رقم رحلتك', 'رقم رحلة غير صالح'],
  ] as const) {
    it(`refuses an airport pickup without a flight number, or with a wrong one, in ${language}: nothing saved, nothing sent`, async () => {
      const { customer, id } = await airportBooking(language);
      const missing = await put(customer.token, id, { flightNumber: '  ' }, language);
      expect(missing.statusCode).toBe(400);
      const body = missing.json() as ErrorBody;
      expect(body.errors).toEqual([expect.objectContaining({ path: 'flightNumber', message: required })]);

      const wrong = await put(customer.token, id, { flightNumber: 'Orly 12345' }, language);
      expect(wrong.statusCode).toBe(400);
      expect((wrong.json() as ErrorBody).errors?.[0]).toMatchObject({ path: 'flightNumber' });
      expect((wrong.json() as ErrorBody).errors?.[0]?.message).toContain(invalid);

      const row = await statusOf(id);
      expect(row.status).toBe('car_selected');
      expect(row.flightNumber).toBeNull();
      expect(row.fullName).toBeNull();
      expect(await outboxOf(id)).toHaveLength(0);
    });
  }

  it('does not ask an address pickup for a flight', async () => {
    const customer = await registerUser(ctx.app);
    const id = await createBooking(ctx.app, customer.token, { date: ownDay() });
    expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
    expectStatus(await confirmBooking(ctx.app, customer.token, id, { flightNumber: '' }), 200);
    expect((await statusOf(id)).flightNumber).toBeNull();
  });

  it('gives the waiting time and the free-cancellation deadline at step three', async () => {
    const { customer, id, pickupAt } = await airportBooking('fr');
    const response = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-three/${id}`, headers: bearer(customer.token) });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      waiting_minutes: 45,
      return_waiting_minutes: 10,
      free_cancellation_until: new Date(pickupAt.getTime() - 48 * 3_600_000).toISOString(),
    });
  });

  it('says the same waiting times to the terms of sale, which read them from the public configuration (decision 0123)', async () => {
    // One source: this file's configuration (airport 45, other 10) is what step three above, the
    // mails below and the terms page (through /api/config/public) all say.
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config/public' });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ waitingMinutes: { airport: 45, station: 30, other: 10 }, holidaySurchargePercent: 20 });
  });

  for (const [language, words] of [
    ['fr', { waiting: 'Temps d’attente inclus à la prise en charge : 45 min', cancellation: 'Annulation gratuite jusqu’au ', kept: 'l’acompte est conservé' }],
    ['ar', { waiting: 'مدة الانتظار المشمولة عند الانطلاق: 45 دقيقة', cancellation: 'الإلغاء مجاني حتى ', kept: 'يُحتفظ بالعربون' }],
  ] as const) {
    it(`stores the flight compact, shows it to the company, and tells the customer the waiting time and the deadline, in ${language}`, async () => {
      const { customer, id, pickupAt } = await airportBooking(language);
      expectStatus(await put(customer.token, id, { flightNumber: 'af 7700' }, language), 200);
      expect((await statusOf(id)).flightNumber).toBe('AF7700');
      await ctx.app.outbox.runOnce();

      const company = sink.received.find((m) => m.to.includes(COMPANY) && mailText(m.raw).includes(`/booking?id=${id}&`));
      expect(mailText(company!.raw)).toContain('Vol : AF7700');

      const received = sink.received.find((m) => m.to.includes(customer.user.email) && mailText(m.raw).includes(`/account/bookings/${id}`));
      const text = mailText(received!.raw);
      expect(text).toContain(words.waiting);
      const deadline = formatParisDateTime(new Date(pickupAt.getTime() - 48 * 3_600_000), language, 'long');
      // Two days before a 10:00 pickup, on the 24-hour clock with Western digits.
      expect(deadline).toMatch(/10:00$/);
      expect(text).toContain(`${words.cancellation}${deadline}`);
      expect(text).toContain(words.kept);
      expect(text).toContain(`${pickupAt.getUTCFullYear()} 10:00`);
      expect(text).not.toMatch(/\b(am|pm)\b|[٠-٩]/);
    });
  }

  it('says the deposit is kept when the pickup is already less than 48 hours away', async () => {
    const { customer, id } = await airportBooking('fr', parisLocalIn(24 * 60));
    expectStatus(await put(customer.token, id, { flightNumber: 'EZY 8541' }, 'fr'), 200);
    await ctx.app.outbox.runOnce();
    const received = sink.received.find((m) => m.to.includes(customer.user.email) && mailText(m.raw).includes(`/account/bookings/${id}`));
    const text = mailText(received!.raw);
    expect(text).toContain('La prise en charge est dans moins de 48 h : en cas d’annulation, l’acompte est conservé.');
    expect(text).not.toContain('Annulation gratuite jusqu’au');
  });

  it('puts the flight on the voucher and the terms in the accepted mail with the deposit link', async () => {
    const { customer, id, pickupAt } = await airportBooking('fr');
    // A deposit by card: its link comes with the acceptance (cash is paid on board, decision 0117).
    expectStatus(await put(customer.token, id, { flightNumber: 'af-7700', method: 'stripe' }, 'fr'), 200);
    const admin = await loginAdmin(ctx.app, ctx.database);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(admin.token), payload: {} }), 200);
    await ctx.app.outbox.runOnce();

    const voucher = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/voucher/${id}`, headers: bearer(customer.token) });
    expectStatus(voucher, 200);
    const text = await pdfText(voucher.rawPayload);
    expect(text).toContain('Numéro de vol');
    expect(text).toContain('AF7700');
    expect(text).toContain(`${formatParisDateTime(pickupAt, 'fr', 'medium')}`);

    const accepted = sink.received.find((m) => m.to.includes(customer.user.email) && mailText(m.raw).includes(`/checkout?id=${id}&`));
    const mail = mailText(accepted!.raw);
    expect(mail).toContain('Temps d’attente inclus à la prise en charge : 45 min');
    expect(mail).toContain(`Annulation gratuite jusqu’au ${formatParisDateTime(new Date(pickupAt.getTime() - 48 * 3_600_000), 'fr', 'long')}`);
  });
});
