import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, registerUser } from '../support/auth-helpers.ts';
import { startSmtpSink, type ReceivedMail } from '../support/smtp-sink.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, mailParts, mailText, NEXT_YEAR } from './booking-helpers.ts';

/**
 * Mails people can answer (issue 14, decision 0076), through a real SMTP server: the company's
 * mails carry Reply-To the customer; customer mails carry the booking's essentials, a link to
 * manage it and the company's contacts, in the customer's language; the contact form's copy
 * never relays a stranger's words.
 */

const COMPANY = 'company@riviera-vtc.test';
const PUBLIC_URL = 'https://www.riviera-vtc.test';
let day = 0;
const ownDay = () => ({ date: `${NEXT_YEAR}-05-${String(++day).padStart(2, '0')}T10:00` });

const header = (raw: string, name: string) => new RegExp(`^${name}: (.+)$`, 'mi').exec(raw)?.[1]?.trim() ?? null;
const htmlOf = (mail: ReceivedMail) => mailParts(mail.raw).find((p) => p.type === 'text/html')?.text ?? '';

describe('mails people can answer', () => {
  let ctx: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let carId: number;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestApp({
      SMTP_URL: sink.url,
      COMPANY_EMAIL: COMPANY,
      PUBLIC_URL,
      COMPANY_LEGAL_NAME: 'Riviera Test SAS',
      COMPANY_PHONE: '+33 6 11 22 33 44',
      COMPANY_WHATSAPP: '33611223344',
    });
    await seedDemoData(ctx.database.db);
    carId = (await demoCars(ctx.database.db)).vclass;
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  const words = {
    fr: { number: 'Réservation n°', payment: 'Paiement : carte bancaire', flight: 'Vol : AF7700', manage: 'Gérer ma réservation' },
    en: { number: 'Booking no. ', payment: 'Payment: bank card', flight: 'Flight: AF7700', manage: 'Manage my booking' },
    ar: { number: 'رقم الحجز ', payment: 'الدفع: بالبطاقة المصرفية', flight: 'الرحلة الجوية: \u200EAF7700\u200E', manage: 'إدارة حجزي' },
  } as const;

  for (const language of ['fr', 'en', 'ar'] as const) {
    it(`a booking in ${language}: the company's mail answers to the customer; the customer's carries number, payment, flight, manage link and contacts`, async () => {
      const customer = await registerUser(ctx.app);
      const id = await createBooking(ctx.app, customer.token, ownDay(), language);
      expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
      const typed = `typed-${language}@example.test`;
      expectStatus(await confirmBooking(ctx.app, customer.token, id, { email: typed }), 200);
      await ctx.app.outbox.runOnce();

      const company = sink.received.find((m) => m.to.includes(COMPANY) && mailText(m.raw).includes(`/booking?id=${id}&`));
      expect(company).toBeDefined();
      expect(header(company!.raw, 'Reply-To')).toBe(typed);
      // The company reads French names whatever the customer's language.
      expect(mailText(company!.raw)).toContain('Nice → Monaco');

      const mine = sink.received.filter((m) => m.to.includes(customer.user.email) && mailText(m.raw).includes(`/account/bookings/${id}`));
      expect(mine).toHaveLength(1);
      expect(header(mine[0]!.raw, 'Reply-To')).toBeNull();
      const text = mailText(mine[0]!.raw);
      const html = htmlOf(mine[0]!);
      for (const part of [text, html]) {
        expect(part).toContain(`${words[language].number}${id}`);
        expect(part).toContain(words[language].payment);
        expect(part).toContain(words[language].flight);
        expect(part).toContain(words[language].manage);
        expect(part).toContain('Riviera Test SAS');
        expect(part).toContain('https://wa.me/33611223344');
      }
      expect(text).toContain(`${words[language].manage}: ${PUBLIC_URL}/account/bookings/${id}`);
      expect(html).toContain(`href="${PUBLIC_URL}/account/bookings/${id}"`);
      expect(html).toContain('href="tel:+33611223344"');
      expect(html).toContain(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
      if (language === 'ar') {
        for (const part of [text, html]) {
          expect(part).not.toContain('→');
          // The base cities are fixed places: the Arabic reader gets their Arabic names (decision 0098).
          expect(part).toContain('نيس\u200F ← \u200Fموناكو');
          expect(part).toMatch(/المسافة: \u200E[\d.]+\u200E km/);
        }
      } else {
        expect(text).toContain('Nice → Monaco');
      }
    });
  }

  const contact = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Sofia',
    lastName: 'Rossi',
    email: 'sofia@example.test',
    phone: '+39 333 123 4567',
    message: 'Bonjour, un transfert Nice - Monaco samedi ?',
    ...overrides,
  });
  const sendContact = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/contacts', payload, headers: { 'accept-language': 'en', ...headers } });

  it('the contact mail answers to the sender; a visitor gets a receipt without their words, once a day per address', async () => {
    const victim = 'victim@elsewhere.test';
    const spam = 'Buy cheap pills at spam.test';
    expectStatus(await sendContact(contact({ email: victim, message: spam, firstName: 'Visit spam.test' })), 201);
    expectStatus(await sendContact(contact({ email: victim.toUpperCase(), message: spam })), 201);
    await ctx.app.outbox.runOnce();

    const toCompany = sink.received.filter((m) => m.to.includes(COMPANY) && mailText(m.raw).includes(spam));
    expect(toCompany).toHaveLength(2);
    expect(header(toCompany[0]!.raw, 'Reply-To')).toBe(victim);

    const toVictim = sink.received.filter((m) => m.to.some((to) => to.toLowerCase() === victim));
    expect(toVictim).toHaveLength(1);
    expect(header(toVictim[0]!.raw, 'Subject')).toBe('We have received your message');
    expect(toVictim[0]!.raw).not.toMatch(/spam/i);
    expect(mailText(toVictim[0]!.raw)).toContain('Riviera Test SAS');
  });

  it('a signed-in sender whose address is verified gets a copy of the message at that address, not at the typed one', async () => {
    const sender = await registerUser(ctx.app);
    const typed = 'someone-else@elsewhere.test';
    const message = 'Can you take three suitcases on Saturday?';
    expectStatus(await sendContact(contact({ email: typed, message }), bearer(sender.token)), 201);
    await ctx.app.outbox.runOnce();

    expect(sink.received.filter((m) => m.to.includes(typed))).toHaveLength(0);
    const copy = sink.received.filter((m) => m.to.includes(sender.user.email) && mailText(m.raw).includes(message));
    expect(copy).toHaveLength(1);
    expect(header(copy[0]!.raw, 'Subject')).toBe('Copy of your message to Riviera VTC');
    const toCompany = sink.received.find((m) => m.to.includes(COMPANY) && mailText(m.raw).includes(message));
    expect(header(toCompany!.raw, 'Reply-To')).toBe(typed);
  });

  it('an unverified account or a broken token is a visitor: no copy of the words, and never a 500', async () => {
    const unverified = await registerUser(ctx.app, {}, { verify: false });
    const message = 'Words that must not be relayed';
    expectStatus(await sendContact(contact({ email: 'first@elsewhere.test', message }), bearer(unverified.token)), 201);
    expectStatus(await sendContact(contact({ email: 'second@elsewhere.test', message }), { authorization: 'Bearer not-a-token' }), 201);
    await ctx.app.outbox.runOnce();
    const relayed = sink.received.filter((m) => !m.to.includes(COMPANY) && mailText(m.raw).includes(message));
    expect(relayed).toHaveLength(0);
    expect(sink.received.filter((m) => m.to.includes('second@elsewhere.test'))).toHaveLength(1);
  });
});
