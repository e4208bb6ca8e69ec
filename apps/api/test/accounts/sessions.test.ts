import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/platform/db/client.ts';
import { PASSWORD, bearer, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_ACCOUNT_MAX_ATTEMPTS: '5', AUTH_ACCOUNT_LOCK_MINUTES: '15', TRUST_PROXY_HOPS: '1' });
});
afterAll(async () => ctx.close());

const login = (app: TestContext['app'], email: string, password: string, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'accept-language': 'en', 'x-forwarded-for': address },
    payload: { email, password },
  });

function cookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  return ([header].flat().find((value) => typeof value === 'string' && value.startsWith('vtc_refresh=')) as string | undefined) ?? '';
}

describe('sign-in throttled per account', () => {
  it('locks the account after a few wrong guesses from many addresses; the right password then waits too', async () => {
    const { user } = await registerUser(ctx.app);
    for (let i = 0; i < 5; i += 1) expect((await login(ctx.app, user.email, 'wrong-password-1', `198.51.100.${i}`)).statusCode).toBe(401);
    const locked = await login(ctx.app, user.email.toUpperCase(), PASSWORD, '198.51.100.77');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'account_locked', message: 'Too many attempts for this account: try again in 15 min, or reset your password' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const french = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD } });
    expect(french.json().message).toMatch(/^Trop de tentatives pour ce compte/);
    // Each further attempt doubles the lock.
    expect(Number(french.headers['retry-after'])).toBeGreaterThan(29 * 60);
  });

  it('does not lock other accounts, and a successful sign-in clears the count', async () => {
    const { user } = await registerUser(ctx.app);
    for (let i = 0; i < 4; i += 1) expect((await login(ctx.app, user.email, 'wrong-password-1', '198.51.100.9')).statusCode).toBe(401);
    expect((await login(ctx.app, user.email, PASSWORD, '198.51.100.9')).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(ctx.app, user.email, 'wrong-password-1', '198.51.100.9')).statusCode).toBe(401);
    expect((await login(ctx.app, user.email, PASSWORD, '198.51.100.9')).statusCode).toBe(200);
  });
});

describe('refresh token cookie', () => {
  it('is set HttpOnly, Secure, SameSite=Strict on /api/auth by login and register', async () => {
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Inès Roche', email: 'cookie-owner@example.test', phone: '+33612345678', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    const cookie = cookieOf(registered);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth(;|$)/);
    expect(cookie).toContain(`vtc_refresh=${registered.json().refreshToken as string}`);
    const loggedIn = await login(ctx.app, 'cookie-owner@example.test', PASSWORD, '198.51.100.20');
    expect(cookieOf(loggedIn)).toContain(`vtc_refresh=${loggedIn.json().refreshToken as string}`);
  });

  it('refreshes through the cookie alone, rotating it and keeping the new token out of the body', async () => {
    const session = await registerUser(ctx.app);
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', cookies: { vtc_refresh: session.refreshToken }, payload: {} });
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json())).toEqual(['token']);
    const rotated = /^vtc_refresh=([^;]+)/.exec(cookieOf(first))?.[1];
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(session.refreshToken);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(first.json().token as string) });
    expect(profile.statusCode).toBe(200);
    const next = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', cookies: { vtc_refresh: rotated! }, payload: {} });
    expect(next.statusCode).toBe(200);
  });

  it('leaves the cookie alone when a second tab refreshes with the token the first just rotated', async () => {
    const session = await registerUser(ctx.app);
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', cookies: { vtc_refresh: session.refreshToken }, payload: {} });
    expect(first.statusCode).toBe(200);
    const late = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', cookies: { vtc_refresh: session.refreshToken }, payload: {} });
    expect(late.statusCode).toBe(401);
    expect(cookieOf(late)).toBe('');
    const rotated = /^vtc_refresh=([^;]+)/.exec(cookieOf(first))![1]!;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', cookies: { vtc_refresh: rotated }, payload: {} })).statusCode).toBe(200);
  });

  it('refuses a missing or unknown cookie with 401 and clears it', async () => {
    const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', headers: { 'accept-language': 'en' }, payload: {} });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('refresh_token_invalid');
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', cookies: { vtc_refresh: 'nope' }, payload: {} });
    expect(unknown.statusCode).toBe(401);
    expect(cookieOf(unknown)).toMatch(/^vtc_refresh=;.*Expires=Thu, 01 Jan 1970/);
  });
});

describe('logout', () => {
  it('revokes the refresh token given in the body', async () => {
    const session = await registerUser(ctx.app);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'accept-language': 'en' }, payload: { refresh_token: session.refreshToken } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'You are signed out' });
    const after = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: session.refreshToken } });
    expect(after.statusCode).toBe(401);
  });

  it('revokes the cookie’s token and clears the cookie', async () => {
    const session = await registerUser(ctx.app);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { vtc_refresh: session.refreshToken }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out)).toMatch(/^vtc_refresh=;/);
    const after = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', cookies: { vtc_refresh: session.refreshToken }, payload: {} });
    expect(after.statusCode).toBe(401);
  });

  it('ends the session named by the access token when no refresh token comes', async () => {
    const session = await registerUser(ctx.app);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.token), payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: session.refreshToken } });
    expect(after.statusCode).toBe(401);
  });

  it('answers the same for an unknown token, changing nothing', async () => {
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: 'unknown' } });
    expect(out.statusCode).toBe(200);
  });
});

describe('rate limits shared by every process on one database', () => {
  it('counts sign-in guesses made through two app instances together', async () => {
    // On PostgreSQL the second instance gets its own pool, like a second server process.
    const url = (ctx.database as { url?: string }).url;
    const database = url ? createDatabase({ kind: 'postgres', url }) : ctx.database;
    const env = { AUTH_RATE_LIMIT_MAX: '4', AUTH_ACCOUNT_MAX_ATTEMPTS: '6', TRUST_PROXY_HOPS: '1' };
    const one = await createTestApp(env, { database: ctx.database });
    const two = await createTestApp(env, { database });
    try {
      const { user } = await registerUser(ctx.app);
      // Per address: 4 a minute across both instances, so the fifth is refused wherever it lands.
      const codes = [];
      for (let i = 0; i < 5; i += 1) codes.push((await login(i % 2 ? two.app : one.app, 'nobody@example.test', 'x-password-1', '203.0.113.5')).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 429]);
      // Per account: 6 attempts from fresh addresses, through either instance, then locked on both.
      for (let i = 0; i < 6; i += 1) {
        expect((await login(i % 2 ? two.app : one.app, user.email, 'wrong-password-1', `203.0.113.${10 + i}`)).statusCode).toBe(401);
      }
      expect((await login(one.app, user.email, PASSWORD, '203.0.113.40')).statusCode).toBe(429);
      expect((await login(two.app, user.email, PASSWORD, '203.0.113.41')).statusCode).toBe(429);
    } finally {
      await one.close();
      await two.close();
      if (url) await database.close();
    }
  });
});
