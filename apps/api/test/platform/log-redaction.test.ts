import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { mailOutbox } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { redactLogValue, redactUrl, REDACTED } from '../../src/platform/lib/log-redaction.ts';
import { hashToken } from '../../src/platform/lib/random-token.ts';
import { bearer, loginAdmin, PASSWORD, registerUser } from '../support/auth-helpers.ts';
import { PAYPAL_STUB_ACCESS_TOKEN, PAYPAL_STUB_SIGNATURE, startPaypalStub } from '../support/paypal-stub.ts';
import { createTestApp } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { demoCars, expectStatus, mailsOf, pendingBooking } from '../booking/booking-helpers.ts';

const REJECTED_EMAIL = 'rejected-by-the-database@example.test';

describe('secrets stay out of the logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-logs-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      MAIL_WORKER: 'false',
      LOG_LEVEL: 'trace',
      AUTH_RATE_LIMIT_MAX: '1000',
      PUBLIC_URL: 'http://localhost:3000',
    });
    database = await createTestDatabase();
    await seedDemoData(database.db);
    app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The text of the newest outbox mail of this kind. */
  const mailText = async (kind: string) => {
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
    return rows.at(-1)!.textBody;
  };
  const tokenIn = (text: string, link: RegExp) => decodeURIComponent(link.exec(text)![1]!);

  it('logs no link token, session token, password or password hash while the real flows run', async () => {
    const secrets: string[] = [];
    const customer = await registerUser(app);
    secrets.push(customer.password, customer.token, customer.refreshToken);
    const refreshed = await app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: customer.refreshToken } });
    expectStatus(refreshed, 200);
    secrets.push(refreshed.json<{ token: string; refreshToken: string }>().token, refreshed.json<{ refreshToken: string }>().refreshToken);

    // Forgot and reset password: the e-mailed link is opened (a page URL) and its token posted.
    expectStatus(await app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: customer.user.email } }), 200);
    const resetToken = tokenIn(await mailText('password_reset'), /reset-password\?token=([A-Za-z0-9_%-]+)/);
    secrets.push(resetToken);
    await app.inject({ method: 'GET', url: `/auth/reset-password?token=${encodeURIComponent(resetToken)}` });
    const newPassword = 'another-correct-horse-battery';
    secrets.push(newPassword);
    expectStatus(
      await app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload: { token: resetToken, password: newPassword, confirmPassword: newPassword } }),
      200,
    );

    // A booking's accept link (company mail) and deposit link (customer mail).
    const admin = await loginAdmin(app, database);
    secrets.push(admin.token, admin.refreshToken, PASSWORD);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customer.user.email, password: newPassword } });
    expectStatus(login, 200);
    const token = login.json<{ token: string }>().token;
    secrets.push(token);
    const bookingId = await pendingBooking(app, token, (await demoCars(database.db)).vclass);
    const decisionToken = tokenIn(await mailText('booking_new_company'), /status=true&token=([A-Za-z0-9_%-]+)/);
    secrets.push(decisionToken);
    await app.inject({ method: 'GET', url: `/booking?id=${bookingId}&status=true&token=${encodeURIComponent(decisionToken)}` });
    expectStatus(await app.inject({ method: 'PUT', url: `/api/booking/accept/${bookingId}`, headers: bearer(admin.token), payload: { token: decisionToken } }), 200);
    const depositToken = tokenIn(await mailText('booking_accepted'), /checkout\?id=\d+&token=([A-Za-z0-9_%-]+)/);
    secrets.push(depositToken);
    await app.inject({ method: 'GET', url: `/checkout?id=${bookingId}&token=${encodeURIComponent(depositToken)}` });
    expectStatus(
      await app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${bookingId}`, payload: { id: bookingId, token: depositToken }, headers: bearer(token) }),
      200,
    );
    await app.outbox.runOnce();

    // A query that fails with a password hash among its parameters (and in the row it quotes).
    await database.db.execute(sql.raw(`alter table users add constraint log_test_reject check (email <> '${REJECTED_EMAIL}')`));
    const failed = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Camille Martin', email: REJECTED_EMAIL, phone: '+33612345678', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    expect(failed.statusCode).toBe(500);

    // The lines were written: the links were logged with their tokens cut, the error with its query.
    const log = lines.join('');
    expect(log).toContain('/auth/reset-password?token=[redacted]');
    expect(log).toContain(`/booking?id=${bookingId}&status=true&token=[redacted]`);
    expect(log).toContain(`/checkout?id=${bookingId}&token=[redacted]`);
    const failure = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } }).find((line) => line.msg === 'unexpected error');
    expect(failure?.err?.message).toMatch(/^Failed query: insert into "users"/);

    for (const secret of secrets) {
      for (const form of [secret, encodeURIComponent(secret), hashToken(secret)]) expect(log).not.toContain(form);
    }
    expect(log).not.toMatch(/\$argon2/);
  });

  it('cuts named secrets and credentials from any field a log call passes, at any depth', () => {
    const before = lines.length;
    const failure = Object.assign(new Error('upstream said no'), { config: { headers: { Authorization: 'Bearer eyJ-upstream-token-1' } } });
    app.log.warn({ upstream: { attempts: [{ headers: { 'X-Api-Key': 'key-upstream-2', Cookie: 'sid=upstream-3' } }], failure }, client_secret: 'secret-4' }, 'probe');
    const line = lines.slice(before).join('');
    expect(line).toContain('upstream said no');
    for (const secret of ['eyJ-upstream-token-1', 'key-upstream-2', 'upstream-3', 'secret-4']) expect(line).not.toContain(secret);
  });

  it('cuts token-like query values and path segments from any URL', () => {
    const token = 'Vq3m0Zt8sW1pXy7aB2cD4eF6gH8iJ0kL2mN4oP6qR8s';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXZhbHVl';
    expect(redactUrl(`/checkout?id=7&token=${token}`)).toBe('/checkout?id=7&token=[redacted]');
    expect(redactUrl(`/api/x?refresh_token=a&lang=en`)).toBe('/api/x?refresh_token=[redacted]&lang=en');
    expect(redactUrl(`/reset/${token}/done`)).toBe('/reset/[redacted]/done');
    expect(redactUrl(`/api/a?x=${jwt}`)).toBe('/api/a?x=[redacted]');
    expect(redactUrl('/assets/index-BxY2abc9.js?lang=ar')).toBe('/assets/index-BxY2abc9.js?lang=ar');
  });
});

describe('a failing PayPal call', () => {
  const CLIENT_ID = 'paypal-client-id-for-logs';
  const CLIENT_SECRET = 'EHk8-paypal-client-secret-never-logged';

  it('is logged with what failed, without the bearer token, the client secret or the deposit link', async () => {
    const lines: string[] = [];
    const stub = await startPaypalStub({ webhookId: 'WH-LOGS' });
    const ctx = await createTestApp(
      { LOG_LEVEL: 'trace', PAYPAL_CLIENT_ID: CLIENT_ID, PAYPAL_CLIENT_SECRET: CLIENT_SECRET, PAYPAL_WEBHOOK_ID: 'WH-LOGS', PAYPAL_API_URL: stub.url },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      await seedDemoData(ctx.database.db);
      const customer = await registerUser(ctx.app);
      const admin = await loginAdmin(ctx.app, ctx.database);
      const id = await pendingBooking(ctx.app, customer.token, (await demoCars(ctx.database.db)).vclass);
      expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(admin.token), payload: {} }), 200);
      const [mail] = await mailsOf(ctx.database.db, 'booking_accepted', id);
      const depositToken = decodeURIComponent(/\/checkout\?id=\d+&token=([\w%-]+)/.exec(mail!.textBody)![1]!);
      const startPaypal = () => ctx.app.inject({ method: 'POST', url: `/api/booking/payment/paypal/${id}`, payload: { id, token: depositToken } });

      // PayPal fails the order creation (500), then refuses a capture (422), then fails a webhook check.
      stub.failWith(500);
      expectStatus(await startPaypal(), 503);
      stub.failWith();
      const started = await startPaypal();
      expectStatus(started, 200);
      const order = new URL(started.json<{ url: string }>().url).searchParams.get('token')!;
      stub.failWith(422);
      const captured = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/paypal/capture/${id}`, payload: { id, order } });
      expectStatus(captured, 409);
      stub.failWith(500);
      const webhook = await ctx.app.inject({
        method: 'POST',
        url: '/api/booking/payment/paypal/webhook',
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
          'paypal-transmission-id': 'tx-logs-1',
          'paypal-transmission-sig': PAYPAL_STUB_SIGNATURE,
          'paypal-transmission-time': new Date().toISOString(),
        },
        payload: JSON.stringify({ id: 'WH-EVENT-LOGS', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} }),
      });
      expectStatus(webhook, 503);
      // The stub did see the secrets: they were there to leak.
      expect(stub.requests.some((request) => request.headers.authorization === `Bearer ${PAYPAL_STUB_ACCESS_TOKEN}`)).toBe(true);

      const log = lines.join('');
      const entries = lines.map((line) => JSON.parse(line) as { msg: string; err?: { statusCode?: number; message?: string } });
      expect(entries.find((entry) => entry.msg === 'paypal order creation failed')?.err).toMatchObject({ statusCode: 500 });
      expect(entries.find((entry) => entry.msg === 'paypal order not captured')?.err).toMatchObject({ statusCode: 422 });
      expect(entries.find((entry) => entry.msg === 'paypal webhook verification failed')?.err).toMatchObject({ statusCode: 500 });
      const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
      for (const secret of [PAYPAL_STUB_ACCESS_TOKEN, CLIENT_SECRET, basic, depositToken]) expect(log).not.toContain(secret);
    } finally {
      await ctx.close();
      await stub.close();
    }
  });
});

describe('redacting a logged value', () => {
  it('censors secrets by name at any depth, in arrays and in errors, and bearer or basic credentials in any text', () => {
    const cause = new Error('token endpoint said no: Authorization: Bearer eyJraWQ.abc.def');
    const error = Object.assign(new Error('request failed', { cause }), {
      config: { headers: { Authorization: 'Basic dXNlcjpwYXNzd29yZA==', 'X-Api-Key': 'k-123', Accept: 'application/json' } },
      response: { status: 401, headers: { 'Set-Cookie': ['sid=abc'] }, data: { error: 'invalid_client' } },
    });
    Object.defineProperty(error, 'request', { enumerable: false, value: { headers: { 'proxy-authorization': 'Basic Zm9vOmJhcg==', cookie: 'sid=abc' } } });
    const logged = JSON.stringify(
      redactLogValue({
        err: error,
        list: [{ deep: { deeper: { client_secret: 'cs-1', access_token: 'at-1', refreshToken: 'rt-1', apiKey: 'ak-1', password: 'pw-1' } } }],
        headers: { 'Stripe-Signature': 't=1,v1=abc', 'PayPal-Auth-Assertion': 'eyJhbGciOiJub25lIn0', 'content-type': 'text/plain' },
        note: 'sent with bearer A21-token-xyz and a basic talk',
        body: '{"access_token":"at-2","token_type":"Bearer"}',
        refreshTokens: 3,
      }),
    );
    for (const secret of ['eyJraWQ', 'dXNlcjpwYXNzd29yZA', 'k-123', 'sid=abc', 'Zm9vOmJhcg', 'cs-1', 'at-1', 'rt-1', 'ak-1', 'pw-1', 't=1,v1=abc', 'eyJhbGciOiJub25lIn0', 'A21-token-xyz', 'at-2']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain(REDACTED);
    for (const kept of ['request failed', 'token endpoint said no', 'application/json', 'invalid_client', 'a basic talk', 'text/plain', '"refreshTokens":3', '"status":401']) {
      expect(logged).toContain(kept);
    }
  });

  it('survives cycles', () => {
    const looped: Record<string, unknown> = { name: 'loop' };
    looped.self = looped;
    expect(JSON.stringify(redactLogValue({ looped }))).toContain('[Circular]');
  });
});
