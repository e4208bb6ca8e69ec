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
import { redactUrl } from '../../src/platform/lib/log-redaction.ts';
import { hashToken } from '../../src/platform/lib/random-token.ts';
import { bearer, loginAdmin, PASSWORD, registerUser } from '../support/auth-helpers.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { demoCars, expectStatus, pendingBooking } from '../booking/booking-helpers.ts';

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
