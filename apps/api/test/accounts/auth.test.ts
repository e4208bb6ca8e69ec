import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, refreshTokens, users } from '../../src/platform/db/schema.ts';
import { hashToken } from '../../src/platform/lib/random-token.ts';
import { TERMS_VERSION } from '@vtc/shared/auth/auth-schemas';
import { bearer, loginAdmin, PASSWORD, registerUser, uniqueEmail } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('register', () => {
  it('creates an account, opens a session and queues a verification link that carries nothing the registrant typed', async () => {
    const email = uniqueEmail();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'en' },
      payload: { fullName: 'Léa Dubois', email: email.toUpperCase(), phone: '+33 6 12 34 56 78', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Account created. Confirm your address with the link we e-mailed you');
    expect(body.user).toMatchObject({ email, full_name: 'Léa Dubois', role: 'user' });
    expect(body.token).toEqual(expect.any(String));
    expect(body.refreshToken).toEqual(expect.any(String));

    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.phone).toBe('+33612345678');
    expect(row?.termsVersion).toBe(TERMS_VERSION);
    expect(row?.termsAcceptedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const mails = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mails.map((m) => m.kind)).toEqual(['email_verification']);
    expect(mails[0]).toMatchObject({ subject: 'Confirm your e-mail address', status: 'pending' });
    expect(mails[0]!.textBody).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}/);
    expect(`${mails[0]!.textBody} ${mails[0]!.htmlBody}`).not.toContain('Léa');
    expect(body.user.email_verified).toBe(false);
    expect(row?.emailVerifiedAt).toBeNull();
  });

  it('refuses an e-mail that already has an account, with 409, and creates nothing', async () => {
    const { user } = await registerUser(ctx.app);
    const before = await ctx.database.db.select().from(users);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'X Y', email: user.email, phone: '+33612345678', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'email_taken', message: 'Un compte existe déjà avec cet e-mail' });
    expect(await ctx.database.db.select().from(users)).toHaveLength(before.length);
  });

  it.each([
    ['fr', 'Le mot de passe doit contenir au moins 10 caractères', 'Les mots de passe ne correspondent pas', 'Certaines informations sont invalides'],
    ['en', 'Password must be at least 10 characters', 'Passwords do not match', 'Some information is invalid'],
    ['ar', 'يجب أن تتكون كلمة المرور من 10 أحرف على الأقل', 'كلمتا المرور غير متطابقتين', 'بعض المعلومات غير صالحة'],
  ])('explains each invalid field in %s', async (language, passwordMessage, mismatchMessage, summary) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': language },
      payload: { fullName: '', email: 'not-an-email', phone: 'abc', password: 'short', confirmPassword: 'other' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_failed');
    expect(body.message).toBe(summary);
    const byPath = Object.fromEntries(body.errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(byPath.password).toBe(passwordMessage);
    expect(Object.keys(byPath)).toEqual(expect.arrayContaining(['fullName', 'email', 'phone', 'password']));
    expect(JSON.stringify(body)).not.toContain('stack');

    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': language },
      payload: { fullName: 'A B', email: uniqueEmail(), phone: '+33612345678', password: PASSWORD, confirmPassword: `${PASSWORD}x`, acceptTerms: true },
    });
    expect(mismatch.json().errors).toEqual([{ path: 'confirmPassword', message: mismatchMessage }]);
  });

  it.each([
    ['fr', undefined, 'Veuillez accepter les conditions générales de vente et la politique de confidentialité'],
    ['en', false, 'Please accept the terms of sale and the privacy policy'],
    ['ar', 'yes', 'يرجى قبول شروط البيع العامة وسياسة الخصوصية'],
  ])('refuses, in %s, an account whose terms were not accepted (%s) and creates nothing', async (language, acceptTerms, termsMessage) => {
    const email = uniqueEmail();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': language },
      payload: { fullName: 'A B', email, phone: '+33612345678', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'acceptTerms', message: termsMessage }]);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it.each(['12', '+33 1234', '+33 6 12 34 56 78 90', '+999 612345678'])('refuses the phone %s with a translated field error', async (phone) => {
    const email = uniqueEmail();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'en' },
      payload: { fullName: 'A B', email, phone, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'phone', message: 'Invalid phone number: check the country and the number of digits' }]);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('answers malformed JSON with a translated 400, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid value', code: 'invalid_value' });
  });
});

describe('login', () => {
  it('answers the message, tokens and the user', async () => {
    const { user } = await registerUser(ctx.app);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ message: 'Connexion réussie', user: { email: user.email, role: 'user', full_name: 'Camille Martin', phone: '+33612345678' } });
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(body.token) });
    expect(profile.json().data.email).toBe(user.email);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const { user } = await registerUser(ctx.app);
    for (const payload of [
      { email: user.email, password: 'wrong-password-123' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'en' }, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Wrong e-mail or password', code: 'invalid_credentials' });
    }
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh gives a new access token and a new refresh token', async () => {
    const session = await registerUser(ctx.app);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: session.refreshToken } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.refreshToken).not.toBe(session.refreshToken);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(body.token) });
    expect(profile.statusCode).toBe(200);
  });

  it('refuses a second refresh with the same token at once, without ending the session (two tabs)', async () => {
    const session = await registerUser(ctx.app);
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: session.refreshToken } });
    const rotated = first.json().refreshToken as string;
    const otherTab = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: session.refreshToken } });
    expect(otherTab.statusCode).toBe(401);
    const next = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: rotated } });
    expect(next.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is used again later', async () => {
    const session = await registerUser(ctx.app);
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: session.refreshToken } });
    const rotated = first.json().refreshToken as string;
    // Past the two-tab grace period, a replay means the token leaked.
    await ctx.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(session.refreshToken)));

    const replay = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: session.refreshToken } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('refresh_token_invalid');

    // The thief's replay also ends the legitimate holder's session.
    const afterTheft = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: rotated } });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('refuses an unknown refresh token and a missing one', async () => {
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: 'nope' } });
    expect(unknown.statusCode).toBe(401);
    // Neither in the body nor in the cookie.
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: {} });
    expect(missing.statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('refuses an expired token with token_expired, and a forged one', async () => {
    const session = await registerUser(ctx.app);
    const key = new TextEncoder().encode(ctx.config.JWT_SECRET);
    const expired = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(session.user.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: { ...bearer(expired), 'accept-language': 'en' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'token_expired', message: 'Your session has expired, please log in again' });

    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(session.user.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-xxxxxxxx'));
    const forgedResponse = await ctx.app.inject({ method: 'GET', url: '/api/user/getAll', headers: bearer(forged) });
    expect(forgedResponse.statusCode).toBe(401);
  });
});

describe('admin-only routes', () => {
  it('refuses anonymous callers with 401 and users with 403, and serves admins', async () => {
    const user = await registerUser(ctx.app);
    const admin = await loginAdmin(ctx.app, ctx.database);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/user/getAll' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthorized');
    const asUser = await ctx.app.inject({ method: 'GET', url: '/api/user/getAll', headers: bearer(user.token) });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().code).toBe('forbidden');
    const asAdmin = await ctx.app.inject({ method: 'GET', url: '/api/user/getAll?limit=200', headers: bearer(admin.token) });
    expect(asAdmin.statusCode).toBe(200);
    const emails = asAdmin.json().data.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([user.user.email, admin.user.email]));
  });

  it('pages the user list with a cursor', async () => {
    const admin = await loginAdmin(ctx.app, ctx.database);
    await registerUser(ctx.app);
    await registerUser(ctx.app);
    const first = (await ctx.app.inject({ method: 'GET', url: '/api/user/getAll?limit=1', headers: bearer(admin.token) })).json();
    expect(first.data).toHaveLength(1);
    expect(first.nextCursor).toBe(first.data[0].id);
    const second = (await ctx.app.inject({ method: 'GET', url: `/api/user/getAll?limit=1&after=${first.nextCursor}`, headers: bearer(admin.token) })).json();
    expect(second.data[0].id).toBeGreaterThan(first.data[0].id);
  });
});
