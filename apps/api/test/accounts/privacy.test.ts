import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings, contactMessages, mailOutbox, refreshTokens, users } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, PASSWORD, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, NEXT_YEAR, pendingBooking } from '../booking/booking-helpers.ts';

/** Privacy rights from the profile (decision 0090): download my data, delete my account. */

let ctx: TestContext;
let carId: number;
let day = 0;
const ownDay = () => ({ date: `${NEXT_YEAR}-05-${String(++day).padStart(2, '0')}T10:00` });

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
});
afterAll(async () => ctx.close());

const remove = (token: string, password: string, language = 'fr') =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/profile/delete',
    headers: { ...bearer(token), 'accept-language': language },
    payload: { password },
  });

const cancel = (token: string, id: number) =>
  ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${id}`, headers: bearer(token) });

const sendContact = (email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/contacts',
    payload: { firstName: 'Camille', lastName: 'Martin', email, phone: '+33612345678', message: 'Un siège bébé est-il possible ?' },
  });

describe('download my data', () => {
  it('answers the account, its bookings with history and its contact messages as a JSON file, without secrets', async () => {
    const customer = await registerUser(ctx.app, { fullName: 'Inès Morel' });
    const id = await pendingBooking(ctx.app, customer.token, carId, ownDay());
    expectStatus(await sendContact(customer.user.email), 201);

    const response = await ctx.app.inject({ method: 'GET', url: '/api/profile/export', headers: bearer(customer.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="riviera-vtc-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json();
    expect(data.account).toMatchObject({ email: customer.user.email, fullName: 'Inès Morel', phone: '+33612345678', termsVersion: expect.any(String) });
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0]).toMatchObject({ id, status: 'pending', fullName: 'Camille Martin', flightNumber: 'AF7700' });
    expect(data.bookings[0].history.map((row: { toStatus: string }) => row.toStatus)).toContain('pending');
    expect(data.messages).toEqual([expect.objectContaining({ email: customer.user.email, message: 'Un siège bébé est-il possible ?' })]);
    expect(response.body).not.toContain('passwordHash');
    expect(response.body).not.toContain('$argon2');
    expect(data.bookings[0]).not.toHaveProperty('userId');
  });

  it('shows nothing of another account and needs a session', async () => {
    const me = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    await pendingBooking(ctx.app, other.token, carId, ownDay());
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/profile/export', headers: bearer(me.token) });
    expect(mine.json().bookings).toEqual([]);
    expect(mine.body).not.toContain(other.user.email);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/profile/export' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('delete my account', () => {
  it('refuses a wrong password in the reader’s language and changes nothing', async () => {
    const customer = await registerUser(ctx.app);
    for (const [language, words] of [
      ['fr', 'Le mot de passe actuel est incorrect'],
      ['en', 'The current password is wrong'],
    ] as const) {
      const response = await remove(customer.token, 'not-my-password', language);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'password', message: words }]);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id!));
    expect(row).toMatchObject({ email: customer.user.email, deletedAt: null });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customer.user.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an empty password and an administrator’s account', async () => {
    const customer = await registerUser(ctx.app);
    expect((await remove(customer.token, '')).statusCode).toBe(400);
    const admin = await loginAdmin(ctx.app, ctx.database);
    const response = await remove(admin.token, PASSWORD, 'en');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An administrator account cannot be deleted from the profile');
  });

  it('waits until the trips to come are cancelled', async () => {
    const customer = await registerUser(ctx.app);
    const id = await pendingBooking(ctx.app, customer.token, carId, ownDay());
    const refused = await remove(customer.token, PASSWORD, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You have 1 upcoming trip(s): cancel them before deleting your account');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id!));
    expect(row?.deletedAt).toBeNull();
    const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking?.fullName).toBe('Camille Martin');
  });

  it('erases the person, keeps the bookings tied to no one, ends every session and frees the address', async () => {
    const customer = await registerUser(ctx.app, { fullName: 'Yasmine Haddad', phone: '+33698765432' });
    const email = customer.user.email;
    const id = await pendingBooking(ctx.app, customer.token, carId, ownDay());
    expectStatus(await cancel(customer.token, id), 200);
    expectStatus(await sendContact(email), 201);

    const response = await remove(customer.token, PASSWORD, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Your account has been deleted. Your personal data has been erased');
    expect(String(response.headers['set-cookie'])).toMatch(/vtc_refresh=;/);

    const [account] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id!));
    expect(account).toMatchObject({ fullName: '', phone: '', emailVerifiedAt: null, email: `deleted-${customer.user.id}@deleted.invalid` });
    expect(account?.deletedAt).toBeInstanceOf(Date);
    const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking).toMatchObject({ status: 'cancelled', fullName: null, email: null, phone: null, message: null, address: null, flightNumber: null });
    expect(booking?.totalCents).toBeGreaterThan(0);
    expect(await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
    expect(await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, customer.user.id!))).toEqual([]);
    const waiting = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipientUserId, customer.user.id!));
    expect(waiting.filter((mail) => mail.status !== 'sent')).toEqual([]);

    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    expect(login.statusCode).toBe(401);
    const refresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/refreshToken', cookies: { vtc_refresh: customer.refreshToken }, payload: {} });
    expect(refresh.statusCode).toBe(401);
    const again = await remove(customer.token, PASSWORD);
    expect(again.statusCode).toBe(401);
    // The access token still within its minutes is refused everywhere: no profile, no bookings, and the row gets no person again.
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(customer.token) });
    expect(profile.statusCode).toBe(401);
    expect(profile.json().code).toBe('token_expired');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/booking/getAll', headers: bearer(customer.token) })).statusCode).toBe(401);
    const revived = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/update',
      headers: bearer(customer.token),
      payload: { fullName: 'Yasmine Haddad', email: 'yasmine-again@example.test', phone: '+33698765432' },
    });
    expect(revived.statusCode).toBe(401);
    const password = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/updatePassword',
      headers: bearer(customer.token),
      payload: { password: PASSWORD, newPassword: 'another-password-1', confirmPassword: 'another-password-1' },
    });
    expect(password.statusCode).toBe(401);
    const [still] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id!));
    expect(still).toMatchObject({ fullName: '', phone: '', email: `deleted-${customer.user.id}@deleted.invalid` });

    const newcomer = await registerUser(ctx.app, { email });
    expect(newcomer.user.email).toBe(email);
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/profile/export', headers: bearer(newcomer.token) });
    expect(fresh.json().bookings).toEqual([]);
    expect(fresh.json().messages).toEqual([]);
  });
});
