import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingChanges, bookings, bookingStatusHistory, bookingVouchers, carHolds } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { demoCars, expectStatus, NEXT_YEAR, pendingBooking } from './booking-helpers.ts';

/**
 * 30 changes of one booking sent at once by the company (decision 0120), some onto an hour
 * another booking holds its car: one consistent booking, one voucher version and one calendar
 * SEQUENCE per applied change, its car held once at its final time, the others refused 409
 * car_busy. Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let ctx: TestContext;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: Awaited<ReturnType<typeof loginAdmin>>;
let customer: Awaited<ReturnType<typeof registerUser>>;
let carId: number;

beforeAll(async () => {
  // One connection per change of the burst: every change waits for the booking's lock, not for a
  // connection. With the test files' usual 5, the last changes queued behind 29 transactions
  // and, on a loaded machine, past the pool's 5 s wait: a 503 that says nothing about the changes.
  database = await createTestDatabase({ poolSize: 31 });
  ctx = await createTestApp({}, { database });
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
  customer = await registerUser(ctx.app);
  admin = await loginAdmin(ctx.app, ctx.database);
});
afterAll(async () => {
  await ctx.close();
  await database.close();
});

const DAY = `${NEXT_YEAR}-09-15`;
const accept = async (id: number) =>
  expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(admin.token), payload: {} }), 200);

describe('30 concurrent changes of one booking', () => {
  it('leave one consistent booking, a voucher version per applied change and no double hold', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, { date: `${DAY}T06:00` });
    await accept(id);
    // Another booking holds the car from 13:00: changes onto the early afternoon are refused.
    const other = await pendingBooking(ctx.app, customer.token, carId, { date: `${DAY}T13:00` });
    await accept(other);
    const [otherHold] = await ctx.database.db.select().from(carHolds).where(eq(carHolds.bookingId, other));

    const times = Array.from({ length: 30 }, (_, index) => {
      const minutes = 6 * 60 + 30 + index * 30;
      return `${DAY}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    });
    const answers = await Promise.all(
      times.map((date, index) =>
        ctx.app.inject({ method: 'PUT', url: `/api/booking/update/${id}`, headers: bearer(admin.token), payload: { date, reason: `change ${index}` } }),
      ),
    );
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const applied = answers.filter((answer) => answer.statusCode === 200 && answer.json().data.outcome === 'applied');
    const refused = answers.filter((answer) => answer.statusCode === 409);
    for (const answer of refused) expect(answer.json().code).toBe('car_busy');
    expect(applied.length).toBeGreaterThan(10);
    expect(refused.length).toBeGreaterThan(0);

    const db = ctx.database.db;
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking!.calendarSequence).toBe(applied.length);
    const versions = await db.select({ version: bookingVouchers.version }).from(bookingVouchers).where(eq(bookingVouchers.bookingId, id));
    expect(versions.map((v) => v.version).sort((a, b) => a - b)).toEqual(Array.from({ length: applied.length + 1 }, (_, index) => index + 1));
    const holds = await db.select({ leg: carHolds.leg, from: sql<string>`lower(${carHolds.during})` }).from(carHolds).where(eq(carHolds.bookingId, id));
    expect(holds).toHaveLength(1);
    expect(new Date(holds[0]!.from).getTime()).toBe(booking!.pickupAt.getTime());
    expect(await db.select().from(carHolds).where(eq(carHolds.bookingId, other))).toEqual([otherHold]);
    expect(await db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, id))).toHaveLength(applied.length);
    const history = await db
      .select()
      .from(bookingStatusHistory)
      .where(and(eq(bookingStatusHistory.bookingId, id), like(bookingStatusHistory.reason, 'changed_by_company%')));
    expect(history).toHaveLength(applied.length);
    // Each applied change saw the booking the previous one left: their SEQUENCEs are 1..n, once each.
    expect(applied.map((answer) => answer.json().data.calendar_sequence as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: applied.length }, (_, index) => index + 1),
    );
  });
});
