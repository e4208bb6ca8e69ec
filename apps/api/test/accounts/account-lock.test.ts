import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../../src/platform/db/client.ts';
import { mailOutbox } from '../../src/platform/db/schema.ts';
import { PASSWORD, bearer, loginAdmin, registerUser, uniqueEmail } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

/**
 * Issue 25: wrong guesses lock the password, not the owner. Whoever reads the account's mail
 * gets in during a lock (sign-in link, reset link), a session already open goes on, and access
 * tokens die at sign-out and at a new password (decision 0106).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_ACCOUNT_MAX_ATTEMPTS: '5', AUTH_ACCOUNT_LOCK_MINUTES: '15', TRUST_PROXY_HOPS: '1', SIGN_IN_LINK_TTL_MINUTES: '15' });
});
afterAll(async () => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

let address = 0;
/** Each call from a new client address, as an attacker spreading guesses would. */
const login = (email: string, password: string) => {
  address += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'accept-language': 'en', 'x-forwarded-for': `198.51.100.${address % 250}` },
    payload: { email, password },
  });
};

async function lockOut(email: string): Promise<void> {
  for (let i = 0; i < 5; i += 1) expect((await login(email, 'wrong-password-1')).statusCode).toBe(401);
  expect((await login(email, PASSWORD)).statusCode).toBe(429);
}

/** The token in the newest mail of this kind to this address. */
async function mailedToken(email: string, kind: 'sign_in_link' | 'password_reset'): Promise<string> {
  const [mail] = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.toAddress, email)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const url = mail?.textBody.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no ${kind} mail to ${email}`);
  return new URL(url).searchParams.get('token')!;
}

const askLink = (email: string, language = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/signInLink', headers: { 'accept-language': language }, payload: { email } });
const useLink = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/signInWithLink', headers: { 'accept-language': 'en' }, payload: { token } });
const profile = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: { ...bearer(token), 'accept-language': 'en' } });
const refresh = (refreshToken: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: refreshToken } });

function cookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  return ([header].flat().find((value) => typeof value === 'string' && value.startsWith('vtc_refresh=')) as string | undefined) ?? '';
}

describe('a locked account', () => {
  it('still refuses the right password: the throttle against guessing stays', async () => {
    const { user } = await registerUser(ctx.app);
    await lockOut(user.email);
    const again = await login(user.email, PASSWORD);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('account_locked');
  });

  it('lets the locked admin in through a mailed sign-in link, opening a session like a sign-in', async () => {
    const admin = await loginAdmin(ctx.app, ctx.database);
    await lockOut(admin.user.email);

    const asked = await askLink(admin.user.email);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: 'If an account exists for this e-mail, a sign-in link has been sent' });
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, admin.user.email)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail?.subject).toBe('Your sign-in link');
    expect(mail?.textBody).toContain('expires in 15 minutes');

    const signedIn = await useLink(await mailedToken(admin.user.email, 'sign_in_link'));
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json();
    expect(body).toMatchObject({ message: 'Logged in successfully', user: { email: admin.user.email, role: 'admin' } });
    expect(cookieOf(signedIn)).toContain(`vtc_refresh=${body.refreshToken as string}`);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/getAll', headers: bearer(body.token as string) })).statusCode).toBe(200);
    expect((await refresh(body.refreshToken as string)).statusCode).toBe(200);
    // Proving the mailbox lifted the lock an attacker caused.
    expect((await login(admin.user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('lets its owner in through the reset link, which lifts the lock for the new password', async () => {
    const admin = await loginAdmin(ctx.app, ctx.database);
    await lockOut(admin.user.email);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: admin.user.email } })).statusCode).toBe(200);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      headers: { 'accept-language': 'en' },
      payload: { token: await mailedToken(admin.user.email, 'password_reset'), password: 'a-new-admin-pass', confirmPassword: 'a-new-admin-pass' },
    });
    expect(reset.statusCode).toBe(200);
    // Signed in at once (decision 0179), the lock lifted for this session as for the new password.
    expect(reset.json()).toMatchObject({ message: 'Your password has been reset', user: { email: admin.user.email, role: 'admin' } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/getAll', headers: bearer(reset.json().token as string) })).statusCode).toBe(200);
    const signedIn = await login(admin.user.email, 'a-new-admin-pass');
    expect(signedIn.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/getAll', headers: bearer(signedIn.json().token as string) })).statusCode).toBe(200);
  });

  it('does not stop a session already open: its calls and refreshes go on', async () => {
    const session = await registerUser(ctx.app);
    await lockOut(session.user.email);
    expect((await profile(session.token)).statusCode).toBe(200);
    const refreshed = await refresh(session.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect((await profile(refreshed.json().token as string)).statusCode).toBe(200);
    const cookieRefresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refreshToken',
      cookies: { vtc_refresh: refreshed.json().refreshToken as string },
      payload: {},
    });
    expect(cookieRefresh.statusCode).toBe(200);
    // Still locked for the password.
    expect((await login(session.user.email, PASSWORD)).statusCode).toBe(429);
  });
});

describe('sign-in link', () => {
  it('works once', async () => {
    const { user } = await registerUser(ctx.app);
    await askLink(user.email);
    const token = await mailedToken(user.email, 'sign_in_link');
    expect((await useLink(token)).statusCode).toBe(200);
    const again = await useLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'sign_in_link_invalid', message: 'This sign-in link is invalid, already used or expired' });
  });

  it('expires after SIGN_IN_LINK_TTL_MINUTES', async () => {
    const { user } = await registerUser(ctx.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-01T10:00:00Z'));
    await askLink(user.email);
    const token = await mailedToken(user.email, 'sign_in_link');
    vi.setSystemTime(new Date('2030-03-01T10:15:01Z'));
    const late = await useLink(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('sign_in_link_invalid');
    // Refused for being late, not used up: within its life it would have worked.
    vi.setSystemTime(new Date('2030-03-01T10:14:59Z'));
    expect((await useLink(token)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail the same way, in each language, and mails nobody', async () => {
    const { user } = await registerUser(ctx.app);
    const before = await ctx.database.db.select().from(mailOutbox);
    for (const language of ['fr', 'en', 'ar']) {
      const known = await askLink(user.email, language);
      const unknown = await askLink(uniqueEmail('ghost'), language);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
    }
    expect((await askLink(uniqueEmail('ghost'), 'ar')).json().message).toBe('إذا كان هناك حساب بهذا البريد الإلكتروني، فقد تم إرسال رابط تسجيل الدخول');
    expect(await ctx.database.db.select().from(mailOutbox)).toHaveLength(before.length + 3);
  });

  it('refuses an unknown or malformed token with a translated 400', async () => {
    const unknown = await useLink('not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('sign_in_link_invalid');
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/auth/signInWithLink', headers: { 'accept-language': 'fr' }, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('validation_failed');
  });
});

describe('access tokens end with their session', () => {
  it('are refused after logout, while the account’s other sessions renew theirs', async () => {
    const here = await registerUser(ctx.app);
    const elsewhere = (await login(here.user.email, PASSWORD)).json();
    expect((await profile(here.token)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(here.token), cookies: { vtc_refresh: here.refreshToken }, payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await profile(here.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('token_expired');
    expect((await refresh(here.refreshToken)).statusCode).toBe(401);
    // Another device's access token is refused too, but its refresh token gives it a new one.
    expect((await profile(elsewhere.token as string)).statusCode).toBe(401);
    const renewed = await refresh(elsewhere.refreshToken as string);
    expect(renewed.statusCode).toBe(200);
    expect((await profile(renewed.json().token as string)).statusCode).toBe(200);
  });

  it('are refused after logout with the refresh cookie alone', async () => {
    const session = await registerUser(ctx.app);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { vtc_refresh: session.refreshToken }, payload: {} });
    expect((await profile(session.token)).statusCode).toBe(401);
  });

  it('are all refused after a password reset, and every other session ends', async () => {
    const session = await registerUser(ctx.app);
    const other = (await login(session.user.email, PASSWORD)).json();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: session.user.email } });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: { token: await mailedToken(session.user.email, 'password_reset'), password: 'reset-password-123', confirmPassword: 'reset-password-123' },
    });
    expect(reset.statusCode).toBe(200);
    for (const old of [session, other]) {
      expect((await profile(old.token as string)).statusCode).toBe(401);
      expect((await refresh(old.refreshToken as string)).statusCode).toBe(401);
    }
    const fresh = await login(session.user.email, 'reset-password-123');
    expect((await profile(fresh.json().token as string)).statusCode).toBe(200);
  });

  it('are all refused after a password change; the asking session renews its own', async () => {
    const here = await registerUser(ctx.app);
    const elsewhere = (await login(here.user.email, PASSWORD)).json();
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/updatePassword',
      headers: bearer(here.token),
      payload: { password: PASSWORD, newPassword: 'a-brand-new-password', confirmPassword: 'a-brand-new-password' },
    });
    expect(change.statusCode).toBe(200);
    expect((await profile(elsewhere.token as string)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refreshToken as string)).statusCode).toBe(401);
    expect((await profile(here.token)).statusCode).toBe(401);
    const renewed = await refresh(here.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await profile(renewed.json().token as string)).statusCode).toBe(200);
  });

  it('are refused by every process on the database once one of them signed the session out', async () => {
    // On PostgreSQL the second instance gets its own pool and change feed, like a second server process.
    const url = (ctx.database as { url?: string }).url;
    const database = url ? createDatabase({ kind: 'postgres', url }) : ctx.database;
    const other = await createTestApp({}, { database });
    try {
      const session = await registerUser(ctx.app);
      // The other process has read the account's version and keeps it in memory.
      const call = () => other.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(session.token) });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.token), payload: {} });
      await other.app.caches.feed.sync();
      expect((await call()).statusCode).toBe(401);
    } finally {
      await other.close();
      if (url) await database.close();
    }
  });
});
