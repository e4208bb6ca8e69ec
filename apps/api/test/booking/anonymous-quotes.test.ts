import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings, bookingStatusHistory } from '../../src/platform/db/schema.ts';
import { hashToken } from '../../src/platform/lib/random-token.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { bookingPayload, confirmPayload, demoCars, expectStatus, NEXT_YEAR } from './booking-helpers.ts';

type Quote = { bookingId: number; quoteToken: string };

describe('a price before an account: visitors’ quotes (decision 0092)', () => {
  let ctx: TestContext;
  let carIds: { vclass: number; ford: number };
  let customer: Awaited<ReturnType<typeof registerUser>>;
  let other: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database.db);
    carIds = await demoCars(ctx.database.db);
    customer = await registerUser(ctx.app, { fullName: 'Lina Haddad' });
    other = await registerUser(ctx.app, { fullName: 'Autre Client' });
    admin = await loginAdmin(ctx.app, ctx.database);
  });
  afterAll(async () => ctx.close());

  const quoteHeader = (token: string) => ({ 'x-quote-token': token });
  let day = 0;
  /** Each quote its own pickup day, so no two bookings compete for a car. */
  async function newQuote(): Promise<Quote> {
    day += 1;
    const date = `${NEXT_YEAR}-05-${String(day).padStart(2, '0')}T09:00`;
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/booking/add', payload: bookingPayload({ date }) });
    expectStatus(response, 201);
    return response.json();
  }
  const stepTwo = (id: number, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${id}`, headers: { 'accept-language': 'en', ...headers } });
  const stepThree = (id: number, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-three/${id}`, headers: { 'accept-language': 'en', ...headers } });
  const selectCar = (id: number, carId: number, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'PUT', url: `/api/user/booking/update-car/${id}/${carId}`, headers: { 'accept-language': 'en', ...headers }, payload: { bookingId: id, carId } });
  const claim = (id: number, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `/api/user/booking/claim/${id}`, headers: { 'accept-language': 'en', ...headers } });
  const confirm = (id: number, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'PUT', url: `/api/user/booking/update-booking-info/${id}`, headers: { 'accept-language': 'en', ...headers }, payload: confirmPayload(id) });
  const stored = async (id: number) => (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const notFound = { code: 'booking_not_found', message: 'Booking not found' };

  it('prices every car for a visitor, who chooses one and sees step three with the token alone', async () => {
    const quote = await newQuote();
    expect(quote.quoteToken).toMatch(/^[\w-]{43}$/);
    const row = await stored(quote.bookingId);
    // Only the hash is kept, and the draft has no account.
    expect(row).toMatchObject({ userId: null, status: 'draft', quoteTokenHash: hashToken(quote.quoteToken) });
    expect(JSON.stringify(row)).not.toContain(quote.quoteToken);

    const two = await stepTwo(quote.bookingId, quoteHeader(quote.quoteToken));
    expectStatus(two, 200);
    const cars = (two.json() as { cars: { id: number; price: number | null; allowed: boolean }[] }).cars;
    expect(cars.length).toBeGreaterThan(1);
    expect(cars.find((car) => car.id === carIds.vclass)).toMatchObject({ allowed: true, price: expect.any(Number) });
    expect(two.body).not.toContain(quote.quoteToken);
    expect(two.body).not.toContain('quote_token');

    const chosen = await selectCar(quote.bookingId, carIds.vclass, quoteHeader(quote.quoteToken));
    expectStatus(chosen, 200);
    expect(chosen.json()).toMatchObject({ message: 'Car selected' });
    const three = await stepThree(quote.bookingId, quoteHeader(quote.quoteToken));
    expectStatus(three, 200);
    expect(three.json()).toMatchObject({ id: quote.bookingId, car: { id: carIds.vclass }, customer: { fullName: '', email: '' } });
    const history = await ctx.database.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, quote.bookingId));
    expect(history.map((entry) => [entry.toStatus, entry.actorUserId, entry.actorKind])).toEqual([
      ['draft', null, 'customer'],
      ['car_selected', null, 'customer'],
    ]);
  });

  it('answers 404 and changes nothing without the token, with a wrong one, or with another quote’s', async () => {
    const mine = await newQuote();
    const theirs = await newQuote();
    const attempts = [{}, quoteHeader('x'.repeat(43)), quoteHeader(theirs.quoteToken), bearer(other.token), { ...bearer(other.token), ...quoteHeader(theirs.quoteToken) }];
    for (const headers of attempts) {
      for (const response of [await stepTwo(mine.bookingId, headers), await selectCar(mine.bookingId, carIds.ford, headers), await stepThree(mine.bookingId, headers)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject(notFound);
      }
    }
    expect(await stored(mine.bookingId)).toMatchObject({ status: 'draft', carId: null, userId: null });
    // A token longer than any we hand out is refused as a bad header, not a 500.
    const huge = await stepTwo(mine.bookingId, quoteHeader('y'.repeat(500)));
    expect(huge.statusCode).toBe(400);
  });

  it('needs an account to confirm: 401 for the visitor, 404 for an account that has not claimed the quote', async () => {
    const quote = await newQuote();
    expectStatus(await selectCar(quote.bookingId, carIds.vclass, quoteHeader(quote.quoteToken)), 200);
    const visitor = await confirm(quote.bookingId, quoteHeader(quote.quoteToken));
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'unauthorized', message: 'Please log in' });
    const unclaimed = await confirm(quote.bookingId, { ...bearer(customer.token), ...quoteHeader(quote.quoteToken) });
    expect(unclaimed.statusCode).toBe(404);
    expect(await stored(quote.bookingId)).toMatchObject({ status: 'car_selected', userId: null, fullName: null });
  });

  it('lets the signed-in visitor claim the quote; the token then stops working and the booking is confirmed as the account’s', async () => {
    const quote = await newQuote();
    expectStatus(await selectCar(quote.bookingId, carIds.vclass, quoteHeader(quote.quoteToken)), 200);
    const anonymousClaim = await claim(quote.bookingId, quoteHeader(quote.quoteToken));
    expect(anonymousClaim.statusCode).toBe(401);
    const noToken = await claim(quote.bookingId, bearer(customer.token));
    expect(noToken.statusCode).toBe(400);

    const claimed = await claim(quote.bookingId, { ...bearer(customer.token), ...quoteHeader(quote.quoteToken) });
    expectStatus(claimed, 200);
    expect(claimed.json()).toEqual({ data: expect.objectContaining({ id: quote.bookingId, status: 'car_selected' }) });
    expect(await stored(quote.bookingId)).toMatchObject({ userId: customer.user.id, quoteTokenHash: null, carId: carIds.vclass });
    // Retried by the same account: the same answer, nothing changed.
    expectStatus(await claim(quote.bookingId, { ...bearer(customer.token), ...quoteHeader(quote.quoteToken) }), 200);

    // The token alone no longer opens it; the account does, with the step-three defaults of the account.
    expect((await stepTwo(quote.bookingId, quoteHeader(quote.quoteToken))).statusCode).toBe(404);
    const three = await stepThree(quote.bookingId, bearer(customer.token));
    expectStatus(three, 200);
    expect(three.json()).toMatchObject({ customer: { fullName: 'Lina Haddad', email: customer.user.email } });

    const confirmed = await confirm(quote.bookingId, bearer(customer.token));
    expectStatus(confirmed, 200);
    expect(await stored(quote.bookingId)).toMatchObject({ status: 'pending', userId: customer.user.id });
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/user/booking/getAll', headers: bearer(customer.token) });
    expect((mine.json() as { data: { id: number }[] }).data.map((b) => b.id)).toContain(quote.bookingId);
    const history = await ctx.database.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, quote.bookingId));
    expect(history.find((entry) => entry.reason === 'quote_claimed')).toMatchObject({ actorUserId: customer.user.id, toStatus: 'car_selected' });
  });

  it('refuses a quote already claimed to another account, and a claim with another quote’s token: 404, nothing changed', async () => {
    const quote = await newQuote();
    const second = await newQuote();
    expectStatus(await claim(quote.bookingId, { ...bearer(customer.token), ...quoteHeader(quote.quoteToken) }), 200);
    const again = await claim(quote.bookingId, { ...bearer(other.token), ...quoteHeader(quote.quoteToken) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject(notFound);
    const crossed = await claim(second.bookingId, { ...bearer(other.token), ...quoteHeader(quote.quoteToken) });
    expect(crossed.statusCode).toBe(404);
    expect(await stored(quote.bookingId)).toMatchObject({ userId: customer.user.id });
    expect(await stored(second.bookingId)).toMatchObject({ userId: null, quoteTokenHash: hashToken(second.quoteToken) });
    // The other account cannot read the claimed booking either.
    expect((await stepTwo(quote.bookingId, bearer(other.token))).statusCode).toBe(404);
    // An admin still can, and sees a quote without an account.
    expectStatus(await stepTwo(second.bookingId, bearer(admin.token)), 200);
    const details = await ctx.app.inject({ method: 'GET', url: `/api/booking/${second.bookingId}`, headers: bearer(admin.token) });
    expectStatus(details, 200);
    expect(JSON.stringify(details.json())).toContain('"customer":{"id":null');
  });

  it('keeps a signed-in customer’s funnel as it was: no token, owner or admin only', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/booking/add',
      headers: bearer(customer.token),
      payload: bookingPayload({ date: `${NEXT_YEAR}-06-01T09:00` }),
    });
    expectStatus(response, 201);
    const { bookingId } = response.json() as { bookingId: number };
    expect(await stored(bookingId)).toMatchObject({ userId: customer.user.id, quoteTokenHash: null });
    expectStatus(await stepTwo(bookingId, bearer(customer.token)), 200);
    expectStatus(await stepTwo(bookingId, bearer(admin.token)), 200);
    expect((await stepTwo(bookingId, bearer(other.token))).statusCode).toBe(404);
    expect((await stepTwo(bookingId)).statusCode).toBe(404);
  });

  it('purges quotes nobody claimed after QUOTE_RETENTION_DAYS, and keeps recent, claimed and confirmed ones', async () => {
    const old = await newQuote();
    const oldChosen = await newQuote();
    expectStatus(await selectCar(oldChosen.bookingId, carIds.vclass, quoteHeader(oldChosen.quoteToken)), 200);
    const recent = await newQuote();
    const oldClaimed = await newQuote();
    expectStatus(await claim(oldClaimed.bookingId, { ...bearer(customer.token), ...quoteHeader(oldClaimed.quoteToken) }), 200);
    const oldConfirmed = await newQuote();
    expectStatus(await selectCar(oldConfirmed.bookingId, carIds.ford, quoteHeader(oldConfirmed.quoteToken)), 200);
    expectStatus(await claim(oldConfirmed.bookingId, { ...bearer(customer.token), ...quoteHeader(oldConfirmed.quoteToken) }), 200);
    expectStatus(await confirm(oldConfirmed.bookingId, bearer(customer.token)), 200);

    const aged = [old, oldChosen, oldClaimed, oldConfirmed].map((q) => q.bookingId);
    for (const id of aged) {
      await ctx.database.db.update(bookings).set({ createdAt: sql`now() - interval '4 days'` }).where(eq(bookings.id, id));
    }
    await ctx.database.db.execute(sql`update scheduled_jobs set run_at = now() where name = 'purge-unclaimed-quotes'`);
    await ctx.app.jobs.runDue();

    expect(await stored(old.bookingId)).toBeUndefined();
    expect(await stored(oldChosen.bookingId)).toBeUndefined();
    expect((await stepTwo(old.bookingId, quoteHeader(old.quoteToken))).statusCode).toBe(404);
    expect(await stored(recent.bookingId)).toMatchObject({ status: 'draft', userId: null });
    expect(await stored(oldClaimed.bookingId)).toMatchObject({ status: 'draft', userId: customer.user.id });
    expect(await stored(oldConfirmed.bookingId)).toMatchObject({ status: 'pending', userId: customer.user.id });
  });
});

describe('visitors’ quotes are limited per client address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ QUOTE_RATE_LIMIT_ADDRESS_MAX: '2' });
    await seedDemoData(ctx.database.db);
  });
  afterAll(async () => ctx.close());

  it('answers 429 to a third quote from one address, while a signed-in customer still books', async () => {
    const add = (headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'POST', url: '/api/user/booking/add', headers: { 'accept-language': 'en', ...headers }, payload: bookingPayload() });
    expectStatus(await add(), 201);
    expectStatus(await add(), 201);
    const third = await add();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'too_many_requests' });
    const customer = await registerUser(ctx.app);
    expectStatus(await add(bearer(customer.token)), 201);
    const [row] = await ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(bookings);
    expect(row?.count).toBe(3);
  });
});
