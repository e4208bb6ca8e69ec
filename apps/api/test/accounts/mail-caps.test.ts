import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/platform/db/client.ts';
import { mailOutbox, passwordResets, signInLinks } from '../../src/platform/db/schema.ts';
import { bearer, registerUser, uniqueEmail } from '../support/auth-helpers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { expectStatus } from '../booking/booking-helpers.ts';

const COMPANY_EMAIL = 'bookings@riviera-vtc.test';

describe('caps on the mails anyone can ask for (decision 0107)', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestApp({
      SMTP_URL: sink.url,
      COMPANY_EMAIL,
      // The production limit per client address: the cap, not the route limit, has to stop the flood.
      AUTH_RATE_LIMIT_MAX: '10',
      MAIL_CAP_ADDRESS_MAX: '3',
      MAIL_CAP_ACCOUNT_MAX: '3',
      MAIL_CAP_WINDOW_MINUTES: '60',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  const forgot = (email: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', headers: { 'accept-language': 'en' }, payload: { email }, remoteAddress });
  const delivered = (email: string, subject: RegExp) => sink.received.filter((m) => m.to.includes(email) && subject.test(m.raw));
  const drain = async () => {
    while ((await ctx.app.outbox.runOnce()) > 0);
  };

  it('40 reset requests for one address from four client addresses deliver the cap, each answered the same', async () => {
    const customer = await registerUser(ctx.app);
    await drain();
    const answers = [];
    for (let i = 0; i < 40; i += 1) answers.push(await forgot(customer.user.email, `10.7.0.${(i % 4) + 1}`));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
    // The same answer as for an address without an account.
    expect((await forgot(uniqueEmail('ghost'), '10.7.0.9')).json()).toEqual(answers[0]!.json());
    await drain();
    expect(delivered(customer.user.email, /reset-password/)).toHaveLength(3);
    // Over the cap nothing is written: no link that no mail carries.
    const links = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, customer.user.id!));
    expect(links).toHaveLength(3);
  });

  it('40 sign-in link requests for one address from four client addresses deliver the cap, each answered the same', async () => {
    const customer = await registerUser(ctx.app);
    await drain();
    const ask = (email: string, remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/signInLink', headers: { 'accept-language': 'en' }, payload: { email }, remoteAddress });
    const answers = [];
    for (let i = 0; i < 40; i += 1) answers.push(await ask(customer.user.email, `10.6.0.${(i % 4) + 1}`));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
    expect((await ask(uniqueEmail('ghost'), '10.6.0.9')).json()).toEqual(answers[0]!.json());
    await drain();
    expect(delivered(customer.user.email, /sign-in-link/)).toHaveLength(3);
    const links = await ctx.database.db.select().from(signInLinks).where(eq(signInLinks.userId, customer.user.id!));
    expect(links).toHaveLength(3);
  });

  it('the window slides: a reset is mailed again once the earlier mails are older than the window', async () => {
    const customer = await registerUser(ctx.app);
    for (let i = 0; i < 4; i += 1) expectStatus(await forgot(customer.user.email, '10.8.0.1'), 200);
    const written = () =>
      ctx.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'password_reset'), eq(mailOutbox.toAddress, customer.user.email)));
    expect(await written()).toHaveLength(3);
    await ctx.database.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(and(eq(mailOutbox.kind, 'password_reset'), eq(mailOutbox.toAddress, customer.user.email)));
    expectStatus(await forgot(customer.user.email, '10.8.0.1'), 200);
    expect(await written()).toHaveLength(4);
  });

  it('10 changes of the profile address send the cap of verification mails, then 429 translated and nothing changed', async () => {
    const customer = await registerUser(ctx.app, {}, { verify: false });
    const change = (i: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/profile/update',
        headers: { ...bearer(customer.token), 'accept-language': 'en' },
        remoteAddress: `10.9.0.${i + 1}`,
        payload: { fullName: 'Camille Martin', email: uniqueEmail(`change${i}`), phone: '+33612345678' },
      });
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await change(i));
    // The registration's link counts: two changes, then every further one is refused.
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429, 429, 429, 429, 429, 429, 429, 429]);
    expect(answers[2]!.json()).toEqual({
      code: 'mail_limit_reached',
      message: 'Too many e-mails sent to this address or for this account, try again later',
    });
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(customer.token) });
    expect(profile.json().data.email).toBe(answers[1]!.json().data.email);
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'email_verification'), eq(mailOutbox.accountId, customer.user.id!)));
    expect(mails).toHaveLength(3);
    await drain();
    const sentTo = sink.received.filter((m) => /verify-email/.test(m.raw)).flatMap((m) => m.to);
    expect(sentTo.filter((to) => /^change\d/.test(to))).toHaveLength(2);
  });

  it('the French and Arabic answers past the cap are translated', async () => {
    const customer = await registerUser(ctx.app, {}, { verify: false });
    const change = (language: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/profile/update',
        headers: { ...bearer(customer.token), 'accept-language': language },
        payload: { fullName: 'Camille Martin', email: uniqueEmail('lang'), phone: '+33612345678' },
      });
    expectStatus(await change('fr'), 200);
    expectStatus(await change('fr'), 200);
    expect((await change('fr')).json().message).toBe('Trop d’e-mails envoyés à cette adresse ou pour ce compte, réessayez plus tard');
    expect((await change('ar')).json().message).toBe('أُرسل عدد كبير جدًا من الرسائل إلى هذا العنوان أو لهذا الحساب، حاول مرة أخرى لاحقًا');
  });

  it('the contact form keeps every message and the company’s mail; the sender’s copies stop at the cap', async () => {
    const customer = await registerUser(ctx.app);
    const contact = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: { ...bearer(customer.token), 'accept-language': 'en' },
        payload: { firstName: 'Sofia', lastName: 'Rossi', email: customer.user.email, phone: '+39 333 123 4567', message: 'A question about a transfer.' },
      });
    for (let i = 0; i < 5; i += 1) expectStatus(await contact(), 201);
    const kinds = await ctx.database.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(sql`${mailOutbox.kind} in ('contact_message', 'contact_copy') and (${mailOutbox.replyTo} = ${customer.user.email} or ${mailOutbox.toAddress} = ${customer.user.email})`);
    expect(kinds.filter((k) => k.kind === 'contact_message')).toHaveLength(5);
    expect(kinds.filter((k) => k.kind === 'contact_copy')).toHaveLength(3);
  });
});

describe('caps counted by the database, across processes', () => {
  let first: TestContext;
  let second: TestContext;
  let secondDatabase: ReturnType<typeof createDatabase> | undefined;
  beforeAll(async () => {
    const env = { AUTH_RATE_LIMIT_MAX: '1000', MAIL_CAP_ADDRESS_MAX: '3', MAIL_CAP_ACCOUNT_MAX: '3' };
    first = await createTestApp(env);
    // On PostgreSQL the second app has its own connection pool, as a second server process would.
    const url = (first.database as { url?: string }).url;
    secondDatabase = url ? createDatabase({ kind: 'postgres', url }) : undefined;
    second = await createTestApp(env, { database: secondDatabase ?? first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await secondDatabase?.close();
  });

  it('two app instances on one database together queue no more than the cap', async () => {
    const customer = await registerUser(first.app);
    const requests = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? second : first).app.inject({
        method: 'POST',
        url: '/api/auth/forgotPassword',
        payload: { email: customer.user.email },
        remoteAddress: `10.10.0.${(i % 4) + 1}`,
      }),
    );
    for (const answer of await Promise.all(requests)) expect(answer.statusCode).toBe(200);
    const written = await first.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'password_reset'), eq(mailOutbox.toAddress, customer.user.email)));
    expect(written).toHaveLength(3);
  });
});

describe('profile updates are rate limited', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PROFILE_RATE_LIMIT_ACCOUNT_MAX: '2', PROFILE_RATE_LIMIT_ADDRESS_MAX: '3' });
  });
  afterAll(async () => ctx.close());

  it('per account whatever the client address, and per client address whatever the account', async () => {
    const customer = await registerUser(ctx.app);
    const own = (remoteAddress: string, fullName: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/profile/update',
        headers: { ...bearer(customer.token), 'accept-language': 'en' },
        remoteAddress,
        payload: { fullName, email: customer.user.email, phone: '+33612345678' },
      });
    expectStatus(await own('10.11.0.1', 'First'), 200);
    expectStatus(await own('10.11.0.2', 'Second'), 200);
    const refused = await own('10.11.0.3', 'Third');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'too_many_requests', message: 'Too many attempts, try again in a few minutes' });
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(customer.token) });
    expect(profile.json().data.full_name).toBe('Second');

    const others = await Promise.all([1, 2, 3, 4].map(() => registerUser(ctx.app)));
    const change = (session: (typeof others)[number]) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/profile/update',
        headers: { ...bearer(session.token), 'accept-language': 'en' },
        remoteAddress: '10.12.0.1',
        payload: { fullName: 'Other', email: session.user.email, phone: '+33612345678' },
      });
    for (const other of others.slice(0, 3)) expectStatus(await change(other), 200);
    expect((await change(others[3]!)).statusCode).toBe(429);
  });
});
