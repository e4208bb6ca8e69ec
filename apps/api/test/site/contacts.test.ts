import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../../src/platform/db/schema.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { backOfficeUsers, fieldErrors, type Caller } from '../catalogue/catalogue-helpers.ts';

const COMPANY_EMAIL = 'bookings@riviera-test.fr';
let ctx: TestContext;
let admin: Caller;

beforeAll(async () => {
  ctx = await createTestApp({ COMPANY_EMAIL });
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
});
afterAll(async () => ctx.close());

const contact = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Sofia',
  lastName: 'Rossi',
  email: 'sofia.rossi@example.test',
  phone: '+39 333 123 4567',
  message: 'Bonjour, je voudrais un transfert Nice - Monaco pour 6 personnes samedi.',
  ...overrides,
});
const send = (payload: Record<string, unknown>, language = 'fr') =>
  ctx.app.inject({ method: 'POST', url: '/api/contacts', payload, headers: { 'accept-language': language } });
const companyMails = () => ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, COMPANY_EMAIL));

describe('contact messages', () => {
  it('stores the message and queues a mail to the company with how to answer', async () => {
    const response = await send(contact(), 'en');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Your message has been sent' });

    const [stored] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'sofia.rossi@example.test'));
    expect(stored).toMatchObject({ firstName: 'Sofia', lastName: 'Rossi', phone: '+393331234567', language: 'en' });
    const mails = await companyMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'contact_message', status: 'pending', subject: 'New contact message from Sofia Rossi' });
    expect(mails[0]?.textBody).toContain(contact().message);
    expect(mails[0]?.textBody).toContain('sofia.rossi@example.test');
    expect(mails[0]?.textBody).toContain('+39 333 123 4567');
    expect(mails[0]?.htmlBody).toContain('mailto:sofia.rossi@example.test');
  });

  it('escapes what the visitor wrote in the HTML mail', async () => {
    await send(contact({ firstName: 'Eve', message: '<script>alert(1)</script>' }));
    const mail = (await companyMails()).find((m) => m.subject.includes('Eve'));
    expect(mail?.htmlBody).not.toContain('<script>');
    expect(mail?.htmlBody).toContain('&lt;script&gt;');
  });

  it('takes 250 characters and refuses 251, in the language of the request, storing nothing', async () => {
    expect((await send(contact({ message: 'a'.repeat(250) }))).statusCode).toBe(201);
    const before = { messages: (await ctx.database.db.select().from(contactMessages)).length, mails: (await companyMails()).length };
    for (const [language, text] of [
      ['fr', '250 caractères au maximum'],
      ['en', '250 characters at most'],
      ['ar', '250 حرفًا كحد أقصى'],
    ] as const) {
      const response = await send(contact({ message: 'a'.repeat(251) }), language);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
      expect(fieldErrors(response)).toEqual({ message: text });
    }
    expect((await ctx.database.db.select().from(contactMessages)).length).toBe(before.messages);
    expect((await companyMails()).length).toBe(before.mails);
  });

  it('requires every field and a valid e-mail and phone', async () => {
    const missing = await send({}, 'en');
    expect(fieldErrors(missing)).toEqual({
      firstName: 'This field is required',
      lastName: 'This field is required',
      email: 'This field is required',
      phone: 'This field is required',
      message: 'This field is required',
    });
    const invalid = await send(contact({ email: 'nope', phone: 'call me' }), 'en');
    expect(fieldErrors(invalid)).toEqual({ email: 'Invalid e-mail address', phone: 'Invalid phone number: check the country and the number of digits' });
    for (const phone of ['12', '+33 1234']) {
      const refused = await send(contact({ phone }), 'ar');
      expect(refused.statusCode).toBe(400);
      expect(fieldErrors(refused)).toEqual({ phone: 'رقم الهاتف غير صالح: تحقق من البلد وعدد الأرقام' });
    }
  });

  it('lets admins read the messages, newest first, by pages', async () => {
    await send(contact({ firstName: 'Older' }));
    await send(contact({ firstName: 'Newer' }));
    const first = await admin({ method: 'GET', url: '/api/contacts/getAll?limit=1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toHaveLength(1);
    expect(first.json().data[0]).toMatchObject({ firstName: 'Newer', lastName: 'Rossi', email: 'sofia.rossi@example.test', language: 'fr' });
    expect(first.json().nextCursor).toBe(first.json().data[0].id);
    const second = await admin({ method: 'GET', url: `/api/contacts/getAll?limit=1&after=${first.json().nextCursor}` });
    expect(second.json().data[0].firstName).toBe('Older');
    const all = await admin({ method: 'GET', url: '/api/contacts/getAll?limit=200' });
    const ids = all.json().data.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.json().nextCursor).toBeNull();
  });

  it('is rate limited', async () => {
    // A database of its own: limits count in the database, and this file's other messages came from the same address.
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({ method: 'POST', url: '/api/contacts', payload: contact(), headers: { 'accept-language': 'en' } });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json()).toEqual({ code: 'too_many_requests', message: 'Too many attempts, try again in a few minutes' });
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
