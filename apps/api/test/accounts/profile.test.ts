import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets, users } from '../../src/platform/db/schema.ts';
import { bearer, PASSWORD, registerUser, uniqueEmail } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('profile', () => {
  it('updates full name, e-mail and phone', async () => {
    const session = await registerUser(ctx.app);
    const email = uniqueEmail('renamed');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/update',
      headers: { ...bearer(session.token), 'accept-language': 'en' },
      payload: { fullName: 'Nour El Amrani', email, phone: '+212612345678' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Profile updated', data: { email, full_name: 'Nour El Amrani', phone: '+212612345678' } });
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(session.token) });
    expect(profile.json().data).toMatchObject({ email, full_name: 'Nour El Amrani' });
  });

  it('stores a phone typed nationally in E.164 and refuses numbers no one can call', async () => {
    const session = await registerUser(ctx.app);
    const update = (phone: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/profile/update',
        headers: { ...bearer(session.token), 'accept-language': 'fr' },
        payload: { fullName: 'Camille Martin', email: session.user.email, phone },
      });
    const saved = await update('06 98 76 54 32');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.phone).toBe('+33698765432');
    for (const phone of ['12', '+33 1234']) {
      const refused = await update(phone);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ path: 'phone', message: 'Numéro de téléphone invalide : vérifiez le pays et le nombre de chiffres' }]);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, session.user.id!));
    expect(row?.phone).toBe('+33698765432');
  });

  it('refuses an e-mail taken by someone else and missing fields, changing nothing', async () => {
    const me = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const taken = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/update',
      headers: bearer(me.token),
      payload: { fullName: 'Changed', email: other.user.email, phone: '+33612345678' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'email', message: 'Un compte existe déjà avec cet e-mail' }]);
    const empty = await ctx.app.inject({ method: 'PUT', url: '/api/profile/update', headers: bearer(me.token), payload: { fullName: '', email: '', phone: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(['email', 'fullName', 'phone']);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(me.token) });
    expect(profile.json().data).toMatchObject({ full_name: 'Camille Martin', email: me.user.email });
  });

  it('changes the password only with the current one', async () => {
    const session = await registerUser(ctx.app);
    const wrong = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/updatePassword',
      headers: bearer(session.token),
      payload: { password: 'not-my-password', newPassword: 'a-brand-new-password', confirmPassword: 'a-brand-new-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'password', message: 'Le mot de passe actuel est incorrect' }]);

    const ok = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/updatePassword',
      headers: bearer(session.token),
      payload: { password: PASSWORD, newPassword: 'a-brand-new-password', confirmPassword: 'a-brand-new-password' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Mot de passe modifié');
    const oldLogin = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: session.user.email, password: PASSWORD } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: session.user.email, password: 'a-brand-new-password' } });
    expect(newLogin.statusCode).toBe(200);
  });

  it('ends the sessions opened elsewhere when the password changes, and keeps this one', async () => {
    const here = await registerUser(ctx.app);
    const elsewhere = (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: here.user.email, password: PASSWORD } })).json();
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/updatePassword',
      headers: bearer(here.token),
      payload: { password: PASSWORD, newPassword: 'a-brand-new-password', confirmPassword: 'a-brand-new-password' },
    });
    expect(change.statusCode).toBe(200);
    const refreshElsewhere = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: elsewhere.refreshToken } });
    expect(refreshElsewhere.statusCode).toBe(401);
    const refreshHere = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: here.refreshToken } });
    expect(refreshHere.statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll' });
    expect(response.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', headers: { 'accept-language': 'en' }, payload: { email } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('If an account exists for this e-mail, a reset link has been sent');
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password_reset')).orderBy(mailOutbox.id).limit(1).offset(
      (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password_reset'))).length - 1,
    );
    return mail;
  }

  it('mails a single-use link that sets a new password and ends old sessions', async () => {
    const session = await registerUser(ctx.app);
    const mail = await requestReset(session.user.email);
    expect(mail?.toAddress).toBe(session.user.email);
    expect(mail?.subject).toBe('Reset your password');
    const token = new URL(mail!.textBody.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      headers: { 'accept-language': 'en' },
      payload: { token, password: 'reset-password-123', confirmPassword: 'reset-password-123' },
    });
    expect(reset.statusCode).toBe(200);
    // The owner is signed in at once (decision 0179): a working access token and a refresh cookie.
    const opened = reset.json() as { message: string; token: string; user: { email: string } };
    expect(opened).toMatchObject({ message: 'Your password has been reset', user: { email: session.user.email } });
    expect(reset.headers['set-cookie']).toBeDefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: { authorization: `Bearer ${opened.token}` } })).statusCode).toBe(200);
    // The sessions opened with the old password end.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: { authorization: `Bearer ${session.token}` } })).statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: session.user.email, password: 'reset-password-123' } });
    expect(login.statusCode).toBe(200);
    const refresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', payload: { refresh_token: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      headers: { 'accept-language': 'ar' },
      payload: { token, password: 'another-password-1', confirmPassword: 'another-password-1' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'reset_token_invalid', message: 'رابط إعادة التعيين غير صالح أو منتهي الصلاحية' });
    const stillNew = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: session.user.email, password: 'reset-password-123' } });
    expect(stillNew.statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const session = await registerUser(ctx.app);
    const mail = await requestReset(session.user.email);
    const token = new URL(mail!.textBody.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    await ctx.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: { token, password: 'reset-password-123', confirmPassword: 'reset-password-123' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('reset_token_invalid');
  });

  it('answers the same for an unknown e-mail and mails nobody', async () => {
    const before = await ctx.database.db.select().from(mailOutbox);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: uniqueEmail('ghost') } });
    expect(response.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(mailOutbox)).toHaveLength(before.length);
  });
});

describe('rate limit', () => {
  it('answers 429 with a translated message after too many logins', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'en' }, payload: { email: 'a@b.fr', password: 'whatever-123' } });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many attempts, try again in a few minutes', code: 'too_many_requests' });
      const register = await limited.app.inject({ method: 'POST', url: '/api/auth/register', payload: {} });
      expect(register.statusCode).toBe(400);
      // A made-up forwarding header does not buy a fresh allowance.
      const spoofed = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        payload: { email: 'a@b.fr', password: 'whatever-123' },
      });
      expect(spoofed.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
