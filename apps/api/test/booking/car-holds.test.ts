import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, carHolds, durations } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, NEXT_YEAR, pendingBooking } from './booking-helpers.ts';

type Offer = { id: number; allowed: boolean; reason?: string };

describe('a booking holds its car; the database refuses two holds of one car at once', () => {
  let ctx: TestContext;
  let customer: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let carIds: { vclass: number; ford: number };

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database.db);
    carIds = await demoCars(ctx.database.db);
    customer = await registerUser(ctx.app);
    admin = await loginAdmin(ctx.app, ctx.database);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** The booking's holds as [leg, minutes from its pickup to the start, length in minutes]. */
  const holdsOf = async (bookingId: number) => {
    const rows = await ctx.database.db
      .select({
        leg: carHolds.leg,
        startMinutes: sql<number>`(extract(epoch from lower(${carHolds.during}) - ${bookings.pickupAt}) / 60)::int`,
        lengthMinutes: sql<number>`(extract(epoch from upper(${carHolds.during}) - lower(${carHolds.during})) / 60)::int`,
      })
      .from(carHolds)
      .innerJoin(bookings, eq(bookings.id, carHolds.bookingId))
      .where(eq(carHolds.bookingId, bookingId))
      .orderBy(carHolds.leg);
    return rows.map((row) => [row.leg, Number(row.startMinutes), Number(row.lengthMinutes)]);
  };
  const stepTwo = async (token: string, bookingId: number, language = 'fr') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/booking/step-two/${bookingId}`,
      headers: { ...bearer(token), 'accept-language': language },
    });
    expectStatus(response, 200);
    return (response.json() as { cars: Offer[] }).cars;
  };
  const asAdmin = (url: string) => ctx.app.inject({ method: 'PUT', url, headers: bearer(admin.token), payload: {} });

  it('20 customers racing for one car and hour: one booking holds it, 19 get a clear 409 car_busy', async () => {
    const date = `${NEXT_YEAR}-04-14T09:00`;
    const racers = await Promise.all(Array.from({ length: 20 }, () => registerUser(ctx.app)));
    const drafts = await Promise.all(racers.map((racer) => createBooking(ctx.app, racer.token, { date })));
    // Nobody holds the car yet: every customer may choose it.
    const chosen = await Promise.all(drafts.map((id, i) => chooseCar(ctx.app, racers[i]!.token, id, carIds.vclass)));
    expect(chosen.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const answers = await Promise.all(
      drafts.map((id, i) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/user/booking/update-booking-info/${id}`,
          headers: { ...bearer(racers[i]!.token), 'accept-language': 'en' },
          payload: {
            bookingId: id,
            fullName: 'Racing Customer',
            email: 'racer@example.test',
            phone: '+33612345678',
            method: 'cash',
            returnRent: false,
          },
        }),
      ),
    );
    const codes = answers.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, ...Array(19).fill(409)]);
    for (const refused of answers.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'car_busy', message: 'No cars available at this time: this car is already booked' });
    }
    const winner = drafts[answers.findIndex((response) => response.statusCode === 200)]!;
    const held = await ctx.database.db.select({ bookingId: carHolds.bookingId }).from(carHolds).where(eq(carHolds.carId, carIds.vclass));
    expect(held.filter((row) => drafts.includes(row.bookingId)).map((row) => row.bookingId)).toEqual([winner]);
    // The refused stay where they were, unchanged.
    const statuses = await ctx.database.db.select({ id: bookings.id, status: bookings.status }).from(bookings);
    expect(statuses.filter((row) => drafts.includes(row.id) && row.id !== winner).every((row) => row.status === 'car_selected')).toBe(true);
  });

  it('holds from pickup for the listed duration plus the buffer; adjacent is free, one minute less is busy', async () => {
    // Demo durations: Nice -> Monaco 35 min; buffer 30: the car is held 10:00 to 11:05.
    const first = await pendingBooking(ctx.app, customer.token, carIds.ford, { date: `${NEXT_YEAR}-04-15T10:00` });
    expect(await holdsOf(first)).toEqual([['outbound', 0, 65]]);

    const overlapping = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-04-15T11:04` });
    const offers = await stepTwo(customer.token, overlapping, 'ar');
    expect(offers.find((car) => car.id === carIds.ford)).toMatchObject({ allowed: false, reason: 'car_busy' });
    expect(offers.find((car) => car.id === carIds.vclass)).toMatchObject({ allowed: true });
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/booking/update-car/${overlapping}/${carIds.ford}`,
      headers: { ...bearer(customer.token), 'accept-language': 'ar' },
      payload: { bookingId: overlapping, carId: carIds.ford },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'car_busy', message: 'لا توجد سيارات متاحة في هذا الوقت: هذه السيارة محجوزة بالفعل' });
    expect((await ctx.database.db.select().from(bookings).where(eq(bookings.id, overlapping)))[0]).toMatchObject({ status: 'draft', carId: null });

    // A booking ending right when the hold starts, and one starting right when it ends, are free.
    const before = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-04-15T08:55` });
    expect((await stepTwo(customer.token, before)).find((car) => car.id === carIds.ford)).toMatchObject({ allowed: true });
    const after = await pendingBooking(ctx.app, customer.token, carIds.ford, { date: `${NEXT_YEAR}-04-15T11:05` });
    expect(await holdsOf(after)).toEqual([['outbound', 0, 65]]);
    // 08:55 + 65 min ends at 10:00 exactly: adjacent to the first hold.
    expectStatus(await chooseCar(ctx.app, customer.token, before, carIds.ford), 200);
    expectStatus(await confirmBooking(ctx.app, customer.token, before), 200);
    const oneMinuteEarly = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-04-15T08:56` });
    expect((await stepTwo(customer.token, oneMinuteEarly)).find((car) => car.id === carIds.ford)).toMatchObject({ allowed: false, reason: 'car_busy' });
  });

  it('a return trip holds the car again from the return pickup, and that leg is checked at confirmation', async () => {
    const id = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-04-16T10:00` });
    expectStatus(await chooseCar(ctx.app, customer.token, id, carIds.ford), 200);
    expectStatus(await confirmBooking(ctx.app, customer.token, id, { returnRent: true, date: `${NEXT_YEAR}-04-16T18:00`, method: 'cash' }), 200);
    // The return Monaco -> Nice uses the Nice -> Monaco row: 35 + 30; it starts 8 h after pickup.
    expect(await holdsOf(id)).toEqual([
      ['outbound', 0, 65],
      ['return', 480, 65],
    ]);
    // Free between the legs, busy during the return.
    const between = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-04-16T14:00` });
    expect((await stepTwo(customer.token, between)).find((car) => car.id === carIds.ford)).toMatchObject({ allowed: true });
    const duringReturn = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-04-16T18:30` });
    expect((await stepTwo(customer.token, duringReturn)).find((car) => car.id === carIds.ford)).toMatchObject({ allowed: false, reason: 'car_busy' });
    // A trip chosen before the return was known: its confirmation with a busy return is refused.
    const other = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-04-16T12:00` });
    expectStatus(await chooseCar(ctx.app, customer.token, other, carIds.ford), 200);
    const refused = await confirmBooking(ctx.app, customer.token, other, { returnRent: true, date: `${NEXT_YEAR}-04-16T18:30`, method: 'cash' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'car_busy' });
    expect(await holdsOf(other)).toEqual([]);
  });

  it('without a durations row the duration is the distance at the average speed', async () => {
    const id = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-04-17T10:00` });
    await ctx.database.db.delete(durations);
    expectStatus(await chooseCar(ctx.app, customer.token, id, carIds.ford), 200);
    expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: 'cash' }), 200);
    const [row] = await ctx.database.db.select({ km: bookings.distanceKm }).from(bookings).where(eq(bookings.id, id));
    const minutes = Math.ceil((row!.km / ctx.config.AVERAGE_SPEED_KMH) * 60);
    expect(minutes).not.toBe(35);
    expect(await holdsOf(id)).toEqual([['outbound', 0, minutes + ctx.config.HOLD_BUFFER_MINUTES]]);
    await seedDurationsBack();
  });

  it('accepting keeps the hold; cancelling or rejecting frees the car at once, and step two shows it free', async () => {
    const date = `${NEXT_YEAR}-04-18T10:00`;
    const accepted = await pendingBooking(ctx.app, customer.token, carIds.ford, { date, method: 'cash' });
    expectStatus(await asAdmin(`/api/booking/accept/${accepted}`), 200);
    expect(await holdsOf(accepted)).toEqual([['outbound', 0, 65]]);
    const waiting = await createBooking(ctx.app, customer.token, { date });
    expect((await stepTwo(customer.token, waiting)).find((car) => car.id === carIds.ford)).toMatchObject({ reason: 'car_busy' });

    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${accepted}`, headers: bearer(customer.token) }), 200);
    expect(await holdsOf(accepted)).toEqual([]);
    // The step two answer cached while the car was busy is not served again.
    expect((await stepTwo(customer.token, waiting)).find((car) => car.id === carIds.ford)).toMatchObject({ allowed: true });

    const rejected = await pendingBooking(ctx.app, customer.token, carIds.ford, { date });
    expect((await stepTwo(customer.token, waiting)).find((car) => car.id === carIds.ford)).toMatchObject({ reason: 'car_busy' });
    expectStatus(await asAdmin(`/api/booking/reject/${rejected}`), 200);
    expect(await holdsOf(rejected)).toEqual([]);
    expectStatus(await chooseCar(ctx.app, customer.token, waiting, carIds.ford), 200);
    expectStatus(await confirmBooking(ctx.app, customer.token, waiting), 200);
    expect(await holdsOf(waiting)).toEqual([['outbound', 0, 65]]);
  });

  async function seedDurationsBack() {
    await ctx.database.db.insert(durations).values({ origin: 'Nice', destination: 'Monaco', durationMinutes: 35 });
  }
});
