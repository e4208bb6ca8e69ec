import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisWallTimeToInstant } from '@vtc/shared/time/paris-time';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings, carHolds, drivers } from '../../src/platform/db/schema.ts';
import { demoCars, NEXT_YEAR, pendingBooking } from '../booking/booking-helpers.ts';
import { backOfficeUsers, type Caller } from '../catalogue/catalogue-helpers.ts';
import { registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

/** The dispatch calendar (decision 0084): one entry per leg, from pickup to the end of its hold. */

let ctx: TestContext;
let admin: Caller;
let customer: Awaited<ReturnType<typeof registerUser>>;
let carIds: { vclass: number; ford: number };
let driverId: number;

const paris = (month: number, day: number, hour = 0, minute = 0) => parisWallTimeToInstant({ year: NEXT_YEAR, month, day, hour, minute });
const iso = (date: Date) => date.toISOString();
const calendar = (from: string, to: string, language = 'fr') =>
  admin({ method: 'GET', url: `/api/booking/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, headers: { 'accept-language': language } });

/** A booking as the funnel, the decisions and the assignment leave it, with its holds when it holds its car. */
async function trip(values: { status: 'pending' | 'accepted' | 'paid' | 'completed' | 'cancelled'; pickupAt: Date; returnAt?: Date; distanceKm?: number; withDriver?: boolean }, holdMinutes = 50) {
  const [row] = await ctx.database.db
    .insert(bookings)
    .values({
      userId: customer.user.id!,
      status: values.status,
      origin: { title: 'Nice Côte d’Azur', type: 'airport' },
      destination: { title: 'Monaco', type: 'town' },
      rentFromType: 'airport',
      rentToType: 'town',
      pickupAt: values.pickupAt,
      distanceKm: values.distanceKm ?? 30,
      adults: 2,
      carId: carIds.ford,
      driverId: values.withDriver ? driverId : null,
      fullName: 'Camille Martin',
      totalCents: 12000,
      returnRent: values.returnAt !== undefined,
      returnAt: values.returnAt,
    })
    .returning({ id: bookings.id });
  const id = row!.id;
  if (['pending', 'accepted', 'paid'].includes(values.status)) {
    for (const [leg, from] of [['outbound', values.pickupAt], ['return', values.returnAt]] as const) {
      if (!from) continue;
      const to = new Date(from.getTime() + holdMinutes * 60_000);
      await ctx.database.db.insert(carHolds).values({ bookingId: id, carId: carIds.ford, leg, during: sql`tstzrange(${iso(from)}::timestamptz, ${iso(to)}::timestamptz, '[)')` as unknown as string });
    }
  }
  return id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.database.db);
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
  customer = await registerUser(ctx.app);
  carIds = await demoCars(ctx.database.db);
  const [driver] = await ctx.database.db
    .insert(drivers)
    .values({ fullName: 'Luc Martin', phone: '+33612345678', email: 'luc@example.test', languages: ['fr'] })
    .returning({ id: drivers.id });
  driverId = driver!.id;
});
afterAll(async () => ctx.close());

describe('GET /api/booking/calendar', () => {
  it('shows a funnel booking’s leg crossing midnight on both days, ending where its hold ends', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carIds.vclass, { date: `${NEXT_YEAR}-06-10T23:30` });
    const [hold] = await ctx.database.db.select({ end: sql<string>`upper(${carHolds.during})` }).from(carHolds).where(eq(carHolds.bookingId, id));
    const holdEnd = new Date(hold!.end);
    expect(holdEnd.getTime()).toBeGreaterThan(paris(6, 11).getTime());

    for (const [from, to] of [[paris(6, 10), paris(6, 11)], [paris(6, 11), paris(6, 12)]]) {
      const response = await calendar(iso(from!), iso(to!));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual([
        {
          bookingId: id,
          reference: `#${id}`,
          leg: 'outbound',
          serviceType: 'transfer',
          status: 'pending',
          car: { id: carIds.vclass, name: expect.stringContaining('Classe V'), plate: expect.any(String) },
          driver: null,
          start: iso(paris(6, 10, 23, 30)),
          end: iso(holdEnd),
          customerName: 'Camille Martin',
          flight: null,
          route: 'Nice → Monaco',
          hire: null,
        },
      ]);
    }
    // The day after the hold has ended, and the day before the pickup, show nothing of it.
    expect((await calendar(iso(paris(6, 12)), iso(paris(6, 13)))).json().data).toEqual([]);
    expect((await calendar(`${NEXT_YEAR}-06-09`, `${NEXT_YEAR}-06-10`)).json().data).toEqual([]);
  });

  it('shows the return leg on its own day, the way back, and marks trips without a chauffeur', async () => {
    const roundTrip = await trip({ status: 'paid', pickupAt: paris(7, 1, 9), returnAt: paris(7, 3, 18) });
    const assigned = await trip({ status: 'accepted', pickupAt: paris(7, 3, 8), withDriver: true });

    const response = await calendar(`${NEXT_YEAR}-07-03`, `${NEXT_YEAR}-07-04`);
    expect(response.statusCode).toBe(200);
    const legs = response.json().data as { bookingId: number; leg: string; route: string; driver: unknown; start: string; end: string; status: string }[];
    expect(legs.map((leg) => [leg.bookingId, leg.leg])).toEqual([[assigned, 'outbound'], [roundTrip, 'return']]);
    expect(legs[0]).toMatchObject({ status: 'accepted', driver: { id: driverId, name: 'Luc Martin' } });
    expect(legs[1]).toMatchObject({
      status: 'paid',
      driver: null,
      route: 'Monaco → Nice Côte d’Azur',
      start: iso(paris(7, 3, 18)),
      end: iso(paris(7, 3, 18, 50)),
    });

    const week = await calendar(`${NEXT_YEAR}-07-01`, `${NEXT_YEAR}-07-08`);
    expect((week.json().data as { bookingId: number; leg: string }[]).map((leg) => [leg.bookingId, leg.leg])).toEqual([
      [roundTrip, 'outbound'],
      [assigned, 'outbound'],
      [roundTrip, 'return'],
    ]);
  });

  it('shows completed trips with an estimated end and hides cancelled ones; the range end is exclusive', async () => {
    const done = await trip({ status: 'completed', pickupAt: paris(8, 5, 14), distanceKm: 60 });
    await trip({ status: 'cancelled', pickupAt: paris(8, 5, 16) });
    const later = await trip({ status: 'accepted', pickupAt: paris(8, 6, 0) });

    const response = await calendar(`${NEXT_YEAR}-08-05`, `${NEXT_YEAR}-08-06`);
    expect(response.statusCode).toBe(200);
    // 60 km at 60 km/h, then the 30 minutes' buffer (decision 0070).
    expect(response.json().data).toEqual([expect.objectContaining({ bookingId: done, status: 'completed', start: iso(paris(8, 5, 14)), end: iso(paris(8, 5, 15, 30)) })]);
    expect((await calendar(`${NEXT_YEAR}-08-06`, `${NEXT_YEAR}-08-07`)).json().data).toEqual([expect.objectContaining({ bookingId: later })]);
  });

  it('ends a completed trip where its hold ended, the admin’s duration for the route included', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carIds.vclass, { date: `${NEXT_YEAR}-09-15T10:00` });
    const [hold] = await ctx.database.db.select({ end: sql<string>`upper(${carHolds.during})` }).from(carHolds).where(eq(carHolds.bookingId, id));
    // Demo durations: Nice -> Monaco 35 min, then the 30 minutes' buffer (decision 0070).
    expect(new Date(hold!.end)).toEqual(paris(9, 15, 11, 5));
    const endOnPlanning = async () => (await calendar(`${NEXT_YEAR}-09-15`, `${NEXT_YEAR}-09-16`)).json().data[0].end;
    expect(await endOnPlanning()).toBe(iso(paris(9, 15, 11, 5)));

    // As a completed trip: no hold any more, the same end.
    await ctx.database.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, id));
    await ctx.database.db.delete(carHolds).where(eq(carHolds.bookingId, id));
    expect(await endOnPlanning()).toBe(iso(paris(9, 15, 11, 5)));
  });

  it('refuses bad ranges with a translated 400 and no 500', async () => {
    const tooLong = await calendar(`${NEXT_YEAR}-01-01`, `${NEXT_YEAR + 10}-01-01`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'calendar_range_too_long', message: 'Le planning affiche 31 jours au plus à la fois' });
    expect((await calendar(`${NEXT_YEAR}-01-01`, `${NEXT_YEAR}-02-02`, 'en')).json().message).toBe('The planning shows 31 days at most at once');
    expect((await calendar(`${NEXT_YEAR}-01-01`, `${NEXT_YEAR}-02-01`)).statusCode).toBe(200);

    const reversed = await calendar(`${NEXT_YEAR}-01-10`, `${NEXT_YEAR}-01-03`, 'ar');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'calendar_range_invalid', message: 'يجب أن تأتي نهاية الفترة بعد بدايتها' });
    expect((await calendar(`${NEXT_YEAR}-01-10`, `${NEXT_YEAR}-01-10`)).json().code).toBe('calendar_range_invalid');

    for (const [from, to] of [['yesterday', `${NEXT_YEAR}-01-03`], [`${NEXT_YEAR}-02-30`, `${NEXT_YEAR}-03-03`], [`${NEXT_YEAR}-01-01`, '2026-13-01T00:00:00Z'], ['', '']]) {
      const bad = await calendar(from!, to!);
      expect(bad.statusCode, `${from} ${to}: ${bad.body}`).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: expect.arrayContaining([expect.objectContaining({ message: 'Date invalide' })]) });
    }
    const missing = await admin({ method: 'GET', url: '/api/booking/calendar' });
    expect(missing.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/booking/calendar?from=${NEXT_YEAR}-01-01&to=${NEXT_YEAR}-01-02` });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await ctx.app.inject({
      method: 'GET',
      url: `/api/booking/calendar?from=${NEXT_YEAR}-01-01&to=${NEXT_YEAR}-01-02`,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(asCustomer.statusCode).toBe(403);
  });
});
