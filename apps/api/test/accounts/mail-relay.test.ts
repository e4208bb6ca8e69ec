import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications, mailOutbox, users } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser, verificationToken } from '../support/auth-helpers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, mailText, NEXT_YEAR, pendingBooking } from '../booking/booking-helpers.ts';

let day = 0;
/** A pickup day of its own for each booking: one booking holds its car at a time (decision 0070). */
const ownDay = () => ({ date: `${NEXT_YEAR}-04-${String(++day).padStart(2, '0')}T10:00` });

/**
 * No open mail relay (decision 0053): nothing a customer wrote is mailed to an address its owner
 * has not verified, and the routes that cause mail are limited per account and per address.
 */

const COMPANY = 'company@riviera-vtc.test';
const STRANGER = 'stranger@victim.test';

const verify = (ctx: TestContext, token: string, language = 'fr') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/verifyEmail', headers: { 'accept-language': language }, payload: { token } });

describe('mail to unverified addresses', () => {
  let ctx: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let carId: number;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestApp({ SMTP_URL: sink.url, COMPANY_EMAIL: COMPANY });
    await seedDemoData(ctx.database.db);
    carId = (await demoCars(ctx.database.db)).vclass;
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  const bookingMailsTo = (address: string) =>
    sink.received.filter((m) => m.to.includes(address) && !m.raw.includes('/verify-email?'));
  const outboxIdOf = (raw: string) => Number(/^Message-ID: <outbox-(\d+)@/m.exec(raw)?.[1]);

  it('step three with a stranger’s address mails nothing to it; the company sees the address; the customer’s mail waits', async () => {
    const customer = await registerUser(ctx.app, { fullName: 'Buy cheap pills at spam.test' }, { verify: false });
    const id = await createBooking(ctx.app, customer.token, ownDay());
    expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
    expectStatus(await confirmBooking(ctx.app, customer.token, id, { email: STRANGER, fullName: 'Visit spam.test now' }), 200);
    await ctx.app.outbox.runOnce();

    expect(sink.received.filter((m) => m.to.includes(STRANGER))).toHaveLength(0);
    expect(bookingMailsTo(customer.user.email)).toHaveLength(0);
    const company = sink.received.filter((m) => m.to.includes(COMPANY) && mailText(m.raw).includes(`/booking?id=${id}&`));
    expect(company).toHaveLength(1);
    const companyText = mailText(company[0]!.raw);
    expect(companyText).toContain(STRANGER);
    expect(companyText).toContain(`Compte : ${customer.user.email} (adresse non confirmée`);

    // The booking drawer shows the typed address beside the account's, and that the latter is not confirmed.
    const admin = await loginAdmin(ctx.app, ctx.database);
    const details = await ctx.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: bearer(admin.token) });
    expect(details.json().data).toMatchObject({
      contact: { email: STRANGER },
      customer: { email: customer.user.email, emailVerified: false },
    });

    const held = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipientUserId, customer.user.id!));
    expect(held.map((m) => [m.kind, m.status, m.toAddress])).toEqual([['booking_received', 'held', customer.user.email]]);
    // The only mail the account's address received is the verification link, without the name typed at registration.
    const link = sink.received.filter((m) => m.to.includes(customer.user.email));
    expect(link).toHaveLength(1);
    expect(link[0]!.raw).not.toMatch(/spam/i);
  });

  it('holds every customer mail until the address is verified, then sends each once, in the order written', async () => {
    const customer = await registerUser(ctx.app, {}, { verify: false });
    const admin = await loginAdmin(ctx.app, ctx.database);
    const id = await pendingBooking(ctx.app, customer.token, carId, ownDay());
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(admin.token), payload: {} }), 200);
    await ctx.app.outbox.runOnce();
    expect(bookingMailsTo(customer.user.email)).toHaveLength(0);

    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(customer.token) });
    expect(profile.json().data.email_verified).toBe(false);

    const response = await verify(ctx, await verificationToken(ctx.app, customer.user.email), 'en');
    expectStatus(response, 200);
    expect(response.json()).toEqual({ message: 'Your e-mail address is confirmed', email: customer.user.email });
    await ctx.app.outbox.runOnce();
    await ctx.app.outbox.runOnce();

    const rows = await ctx.database.db
      .select({ id: mailOutbox.id, kind: mailOutbox.kind, status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipientUserId, customer.user.id!))
      .orderBy(asc(mailOutbox.id));
    expect(rows.map(({ kind, status }) => ({ kind, status }))).toEqual([
      { kind: 'booking_received', status: 'sent' },
      { kind: 'booking_accepted', status: 'sent' },
    ]);
    // Delivered once each, the receipt before the acceptance.
    expect(bookingMailsTo(customer.user.email).map((m) => outboxIdOf(m.raw))).toEqual(rows.map((row) => row.id));
    expect(mailText(bookingMailsTo(customer.user.email)[1]!.raw)).toContain(`/checkout?id=${id}&`);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(customer.token) });
    expect(again.json().data.email_verified).toBe(true);
  });

  it('a verification racing the confirmation leaves nothing held', async () => {
    for (let round = 0; round < 5; round += 1) {
      const customer = await registerUser(ctx.app, {}, { verify: false });
      const id = await createBooking(ctx.app, customer.token, ownDay());
      expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
      const token = await verificationToken(ctx.app, customer.user.email);
      const [confirmed, verified] = await Promise.all([confirmBooking(ctx.app, customer.token, id), verify(ctx, token)]);
      expectStatus(confirmed, 200);
      expectStatus(verified, 200);
      const rows = await ctx.database.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.recipientUserId, customer.user.id!));
      expect(rows).toEqual([{ status: 'pending' }]);
    }
  });

  it('a verified customer’s booking mail leaves at once', async () => {
    const customer = await registerUser(ctx.app);
    await pendingBooking(ctx.app, customer.token, carId, ownDay());
    await ctx.app.outbox.runOnce();
    expect(bookingMailsTo(customer.user.email)).toHaveLength(1);
  });

  it('a new address in the profile is unverified again: mail waits, and goes to the new address once it is verified', async () => {
    const customer = await registerUser(ctx.app);
    const oldToken = await verificationToken(ctx.app, customer.user.email);
    const newEmail = `moved-${Date.now()}@example.test`;
    const update = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/update',
      headers: bearer(customer.token),
      payload: { fullName: 'Camille Martin', email: newEmail, phone: '+33612345678' },
    });
    expectStatus(update, 200);
    expect(update.json().data).toMatchObject({ email: newEmail, email_verified: false });
    expect((await verify(ctx, oldToken)).statusCode).toBe(400);

    const id = await pendingBooking(ctx.app, customer.token, carId, ownDay());
    await ctx.app.outbox.runOnce();
    expect(bookingMailsTo(newEmail)).toHaveLength(0);
    expectStatus(await verify(ctx, await verificationToken(ctx.app, newEmail)), 200);
    await ctx.app.outbox.runOnce();
    const received = bookingMailsTo(newEmail);
    expect(received).toHaveLength(1);
    expect(mailText(received[0]!.raw)).toContain(String(id));
  });

  it('keeps the address verified when the profile is saved with the same one', async () => {
    const customer = await registerUser(ctx.app);
    const update = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/update',
      headers: bearer(customer.token),
      payload: { fullName: 'Camille M.', email: customer.user.email.toUpperCase(), phone: '+33612345678' },
    });
    expectStatus(update, 200);
    expect(update.json().data.email_verified).toBe(true);
  });
});

describe('verification links', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('work once, by POST or by GET', async () => {
    const first = await registerUser(ctx.app, {}, { verify: false });
    const token = await verificationToken(ctx.app, first.user.email);
    expectStatus(await verify(ctx, token), 200);
    const reused = await verify(ctx, token, 'ar');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: 'verification_token_invalid', message: 'رابط التأكيد هذا غير صالح أو مستخدم أو منتهي الصلاحية' });

    const second = await registerUser(ctx.app, {}, { verify: false });
    const byGet = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verifyEmail?token=${encodeURIComponent(await verificationToken(ctx.app, second.user.email))}`,
    });
    expect(byGet.json()).toEqual({ message: 'Votre adresse e-mail est confirmée', email: second.user.email });
  });

  it('refuse an expired link, a tampered one and an empty one, and verify nothing', async () => {
    const customer = await registerUser(ctx.app, {}, { verify: false });
    const token = await verificationToken(ctx.app, customer.user.email);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refusedTampered = await verify(ctx, tampered, 'en');
    expect(refusedTampered.statusCode).toBe(400);
    expect(refusedTampered.json()).toEqual({ code: 'verification_token_invalid', message: 'This confirmation link is invalid, already used or expired' });
    expect((await verify(ctx, `${token}x`)).statusCode).toBe(400);
    expect((await verify(ctx, '')).json()).toMatchObject({ code: 'validation_failed' });

    await ctx.database.db
      .update(emailVerifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailVerifications.userId, customer.user.id!));
    expect((await verify(ctx, token)).json()).toMatchObject({ code: 'verification_token_invalid' });
    const [row] = await ctx.database.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, customer.user.id!));
    expect(row?.at).toBeNull();
  });

  it('are stored only as hashes', async () => {
    const customer = await registerUser(ctx.app, {}, { verify: false });
    const token = await verificationToken(ctx.app, customer.user.email);
    const rows = await ctx.database.db.select().from(emailVerifications).where(eq(emailVerifications.userId, customer.user.id!));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an admin made by the operator is verified', async () => {
    const admin = await loginAdmin(ctx.app, ctx.database);
    expect(admin.user.email_verified).toBe(true);
  });
});

describe('limits', () => {
  let ctx: TestContext;
  let carId: number;
  beforeAll(async () => {
    ctx = await createTestApp({
      VERIFICATION_RESEND_MAX: '2',
      BOOKING_RATE_LIMIT_ACCOUNT_MAX: '2',
      BOOKING_RATE_LIMIT_ADDRESS_MAX: '3',
    });
    await seedDemoData(ctx.database.db);
    carId = (await demoCars(ctx.database.db)).vclass;
  });
  afterAll(async () => ctx.close());

  const resend = (token: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/resendVerification', headers: { ...bearer(token), 'accept-language': 'en' }, remoteAddress });
  const verificationMails = async (email: string) =>
    ctx.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'email_verification'), eq(mailOutbox.toAddress, email)));

  it('resending the link is limited per account, whatever the address', async () => {
    const customer = await registerUser(ctx.app, {}, { verify: false });
    const first = await resend(customer.token, '10.1.0.1');
    expect(first.json()).toEqual({ message: 'A new confirmation link has been sent to your e-mail address', verified: false });
    expectStatus(await resend(customer.token, '10.1.0.2'), 200);
    const third = await resend(customer.token, '10.1.0.3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ code: 'too_many_requests', message: 'Too many attempts, try again in a few minutes' });
    expect(await verificationMails(customer.user.email)).toHaveLength(3);
  });

  it('resending the link is limited per client address, whatever the account', async () => {
    const sessions = await Promise.all([1, 2, 3].map(() => registerUser(ctx.app, {}, { verify: false })));
    expectStatus(await resend(sessions[0]!.token, '10.2.0.1'), 200);
    expectStatus(await resend(sessions[1]!.token, '10.2.0.1'), 200);
    expect((await resend(sessions[2]!.token, '10.2.0.1')).statusCode).toBe(429);
    expect(await verificationMails(sessions[2]!.user.email)).toHaveLength(1);
  });

  it('resending to a verified address sends nothing', async () => {
    const customer = await registerUser(ctx.app);
    const response = await resend(customer.token, '10.3.0.1');
    expect(response.json()).toEqual({ message: 'Your e-mail address is already confirmed', verified: true });
    expect(await verificationMails(customer.user.email)).toHaveLength(1);
  });

  const add = (token: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/booking/add',
      headers: { ...bearer(token), 'accept-language': 'ar' },
      remoteAddress,
      payload: {
        origin: { title: 'Nice', placeId: 'city-nice', type: 'address' },
        destination: { title: 'Monaco', placeId: 'city-monaco', type: 'address' },
        rentFromType: 'address',
        rentToType: 'address',
        date: `${new Date().getFullYear() + 1}-03-10T10:00`,
        passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }),
        packages: JSON.stringify({ under10kg: 1, above10kg: 0, above30kg: 0 }),
      },
    });

  it('booking creation is limited per account across addresses, and per address across accounts', async () => {
    const customer = await registerUser(ctx.app);
    expectStatus(await add(customer.token, '10.4.0.1'), 201);
    expectStatus(await add(customer.token, '10.4.0.2'), 201);
    const refused = await add(customer.token, '10.4.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'too_many_requests', message: 'محاولات كثيرة جدًا، حاول مرة أخرى بعد بضع دقائق' });

    const others = await Promise.all([1, 2, 3, 4].map(() => registerUser(ctx.app)));
    for (const other of others.slice(0, 3)) expectStatus(await add(other.token, '10.5.0.1'), 201);
    expect((await add(others[3]!.token, '10.5.0.1')).statusCode).toBe(429);
    expectStatus(await add(others[3]!.token, '10.5.0.2'), 201);
  });

  it('booking confirmation is limited per account across addresses, and per address across accounts', async () => {
    const customer = await registerUser(ctx.app);
    const ids: number[] = [];
    for (const address of ['10.6.0.1', '10.6.0.2']) {
      const created = await add(customer.token, address);
      const id = (created.json() as { bookingId: number }).bookingId;
      expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
      ids.push(id);
    }
    const confirm = (token: string, id: number, remoteAddress: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/user/booking/update-booking-info/${id}`,
        headers: bearer(token),
        remoteAddress,
        payload: { bookingId: id, fullName: 'Camille Martin', email: 'c@example.test', phone: '+33612345678', method: 'cash', returnRent: false },
      });
    expectStatus(await confirm(customer.token, ids[0]!, '10.7.0.1'), 200);
    expect((await confirm(customer.token, ids[0]!, '10.7.0.2')).statusCode).toBe(409);
    // The third attempt would be valid, but the account has used its two.
    const refused = await confirm(customer.token, ids[1]!, '10.7.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');

    const others = await Promise.all([1, 2, 3, 4].map(() => registerUser(ctx.app)));
    const statuses: number[] = [];
    for (const other of others) statuses.push((await confirm(other.token, ids[1]!, '10.8.0.1')).statusCode);
    // Another account's booking is 404, but each attempt counts for the address.
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe('booking confirmation still works for unverified customers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database.db);
  });
  afterAll(async () => ctx.close());

  it('confirms and answers as for anyone', async () => {
    const customer = await registerUser(ctx.app, {}, { verify: false });
    const id = await createBooking(ctx.app, customer.token, ownDay());
    expectStatus(await chooseCar(ctx.app, customer.token, id, (await demoCars(ctx.database.db)).vclass), 200);
    const confirmed = await confirmBooking(ctx.app, customer.token, id);
    expectStatus(confirmed, 200);
    expect(confirmed.json().data.status).toBe('pending');
  });
});
