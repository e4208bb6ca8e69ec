import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, carHolds, hourlyRates, tours } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { bookingPayload, chooseCar, confirmBooking, demoCars, expectStatus, MONACO, NEXT_YEAR, NICE } from './booking-helpers.ts';

type ErrorBody = { message: string; code: string; errors?: { path: string; message: string }[] };
type Offer = {
  id: number;
  allowed: boolean;
  reason?: string;
  price_cents?: number;
  deposit_cents?: number;
  source?: string;
  hire?: { billed_hours: number; billed_days: number; km_included: number; price_per_extra_km_cents: number; day_rate_applied: boolean };
};
type Summary = {
  serviceType: string;
  hours: number | null;
  days: number | null;
  tourId: number | null;
  tourName: { fr: string; en: string; ar: string } | null;
  programme: string | null;
  hasDropOff: boolean;
  endsAt: string | null;
  origin: { title: string };
  destination: { title: string };
  pickup_at: string;
};

const HOUR_MS = 3_600_000;

/** Hires and tours booked through the funnel and by phone (issue 22, decision 0127). */
describe('hire by the hour, by the day and tours (POST /api/user/booking/add with serviceType)', () => {
  let ctx: TestContext;
  let customer: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let carIds: { vclass: number; ford: number };
  let tourId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database.db);
    carIds = await demoCars(ctx.database.db);
    customer = await registerUser(ctx.app);
    admin = await loginAdmin(ctx.app, ctx.database);
    const [monaco] = await ctx.database.db.select({ id: tours.id }).from(tours).where(eq(tours.nameFr, 'Monaco et Èze'));
    tourId = monaco!.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Step one's body of a hire: no drop-off unless given. */
  const hire = (overrides: Record<string, unknown>) => {
    const { destination: _none, ...body } = bookingPayload();
    return { ...body, ...overrides };
  };
  const add = (payload: Record<string, unknown>, language = 'fr', token = customer.token) =>
    ctx.app.inject({ method: 'POST', url: '/api/user/booking/add', headers: { ...bearer(token), 'accept-language': language }, payload });
  const created = async (payload: Record<string, unknown>, token = customer.token) => {
    const response = await add(payload, 'fr', token);
    expectStatus(response, 201);
    return (response.json() as { bookingId: number }).bookingId;
  };
  const stepTwo = async (bookingId: number, token = customer.token) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${bookingId}`, headers: bearer(token) });
    expectStatus(response, 200);
    return response.json() as { booking: Summary; cars: Offer[] };
  };
  /** After a write straight to the database: once its announcement has reached the caches (PostgreSQL's feed is asynchronous). */
  const announced = () => ctx.app.caches.feed.sync();
  const bookingCount = async () => (await ctx.database.db.select({ n: count() }).from(bookings))[0]!.n;
  /** The booking's holds as [leg, start ISO, end ISO], by start. */
  const holdsOf = async (bookingId: number) => {
    const rows = await ctx.database.db
      .select({ leg: carHolds.leg, from: sql<string>`lower(${carHolds.during})`, to: sql<string>`upper(${carHolds.during})` })
      .from(carHolds)
      .where(eq(carHolds.bookingId, bookingId))
      .orderBy(sql`lower(${carHolds.during})`);
    return rows.map((row) => [row.leg, new Date(row.from).toISOString(), new Date(row.to).toISOString()]);
  };
  const confirmed = async (bookingId: number, carId: number, token = customer.token) => {
    expectStatus(await chooseCar(ctx.app, token, bookingId, carId), 200);
    expectStatus(await confirmBooking(ctx.app, token, bookingId, { method: 'cash' }), 200);
  };

  describe('bad input: a clear translated 400 on the field, nothing saved', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['0 hours', { serviceType: 'hourly', hours: 0 }, 'hours', 'From 3 to 12 hours'],
      ['200 hours', { serviceType: 'hourly', hours: 200 }, 'hours', 'From 3 to 12 hours'],
      ['a fraction the configuration does not allow', { serviceType: 'hourly', hours: 3.25 }, 'hours', 'Duration in steps of 30 minutes'],
      ['no hours', { serviceType: 'hourly' }, 'hours', 'Enter the number of hours'],
      ['hours and days together', { serviceType: 'daily', hours: 4, days: 2 }, 'hours', 'Enter hours or days, not both'],
      ['8 days', { serviceType: 'daily', days: 8 }, 'days', 'From 1 to 7 days'],
      ['no pickup place', { serviceType: 'hourly', hours: 4, origin: '' }, 'origin', 'This field is required'],
      ['a tour without its id', { serviceType: 'tour' }, 'tourId', 'Choose a tour'],
      ['a tour that does not exist', { serviceType: 'tour', tourId: 99_999 }, 'tourId', 'This tour does not exist or is no longer offered'],
      ['a stop on a hire', { serviceType: 'hourly', hours: 4, stop: [{ title: 'Antibes' }] }, 'stop', 'Invalid value'],
    ];
    it.each(cases)('%s', async (_name, overrides, path, message) => {
      const before = await bookingCount();
      const response = await add(hire(overrides), 'en');
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as ErrorBody).errors).toContainEqual({ path, message });
      expect(await bookingCount()).toBe(before);
    });

    it('a hidden tour is unknown; a departure not in its list is refused, in the reader’s language', async () => {
      const before = await bookingCount();
      await ctx.database.db.update(tours).set({ hidden: true }).where(eq(tours.id, tourId));
      await announced();
      try {
        const hidden = await add(hire({ serviceType: 'tour', tourId }), 'fr');
        expect(hidden.statusCode).toBe(400);
        expect((hidden.json() as ErrorBody).errors).toEqual([{ path: 'tourId', message: 'Cette excursion n’existe pas ou n’est plus proposée' }]);
      } finally {
        await ctx.database.db.update(tours).set({ hidden: false }).where(eq(tours.id, tourId));
        await announced();
      }
      // Monaco et Èze leaves from Nice or its airport, not from Monaco.
      const elsewhere = await add(hire({ serviceType: 'tour', tourId, origin: MONACO }), 'ar');
      expect(elsewhere.statusCode).toBe(400);
      expect((elsewhere.json() as ErrorBody).errors).toEqual([{ path: 'origin', message: 'لا تنطلق هذه الجولة من هذا المكان: اختر إحدى نقاط انطلاقها' }]);
      expect(await bookingCount()).toBe(before);
    });

    it('the phone booking refuses the same, and a return on a hire', async () => {
      const before = await bookingCount();
      const phone = (payload: Record<string, unknown>) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/booking/add',
          headers: { ...bearer(admin.token), 'accept-language': 'en' },
          payload: { ...payload, fullName: 'Léa Roux', phone: '06 12 34 56 78', carId: carIds.vclass, method: 'cash' },
        });
      const zero = await phone(hire({ serviceType: 'hourly', hours: 0 }));
      expect((zero.json() as ErrorBody).errors).toEqual([{ path: 'hours', message: 'From 3 to 12 hours' }]);
      const withReturn = await phone(hire({ serviceType: 'hourly', hours: 4, returnRent: true, returnDate: `${NEXT_YEAR}-03-10T18:00` }));
      expect((withReturn.json() as ErrorBody).errors).toEqual([{ path: 'returnRent', message: 'Invalid value' }]);
      const unknownTour = await phone(hire({ serviceType: 'tour', tourId: 99_999 }));
      expect((unknownTour.json() as ErrorBody).errors).toEqual([{ path: 'tourId', message: 'This tour does not exist or is no longer offered' }]);
      expect(await bookingCount()).toBe(before);
    });
  });

  describe('step two prices every car for the hire', () => {
    it('a 5-hour hire: hourly rate x hours, 20 km per hour included, no drop-off: it ends where it started', async () => {
      const id = await created(hire({ serviceType: 'hourly', hours: 5, date: `${NEXT_YEAR}-03-10T10:00`, programme: 'Cannes, Antibes' }));
      const { booking, cars } = await stepTwo(id);
      expect(booking).toMatchObject({ serviceType: 'hourly', hours: 5, days: null, tourId: null, programme: 'Cannes, Antibes', hasDropOff: false });
      expect(booking.destination.title).toBe(booking.origin.title);
      expect(Date.parse(booking.endsAt!) - Date.parse(booking.pickup_at)).toBe(5 * HOUR_MS);
      // Spring: Classe V 85 EUR/h, Tourneo 70 EUR/h.
      expect(cars.find((car) => car.id === carIds.vclass)).toMatchObject({
        allowed: true,
        source: 'hire',
        price_cents: 42_500,
        deposit_cents: 8_500,
        hire: { billed_hours: 5, km_included: 100, price_per_extra_km_cents: 250, day_rate_applied: false },
      });
      expect(cars.find((car) => car.id === carIds.ford)).toMatchObject({ allowed: true, source: 'hire', price_cents: 35_000 });
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ serviceType: 'hourly', hireMinutes: 300, hireDays: null, hasDropOff: false });
    });

    it('a 2-day hire with a drop-off: the day rate per day, 8 hours a day included', async () => {
      const id = await created(hire({ serviceType: 'daily', days: 2, destination: MONACO, date: `${NEXT_YEAR}-03-11T09:00` }));
      const { booking, cars } = await stepTwo(id);
      expect(booking).toMatchObject({ serviceType: 'daily', days: 2, hours: null, hasDropOff: true, destination: { title: 'Monaco' } });
      // The last day's pickup time + 8 h.
      expect(Date.parse(booking.endsAt!) - Date.parse(booking.pickup_at)).toBe(32 * HOUR_MS);
      expect(cars.find((car) => car.id === carIds.vclass)).toMatchObject({
        allowed: true,
        price_cents: 130_000,
        hire: { billed_days: 2, billed_hours: 16, km_included: 320, day_rate_applied: true },
      });
      expect(cars.find((car) => car.id === carIds.ford)).toMatchObject({ allowed: true, price_cents: 108_000 });
    });

    it('a tour: its fixed price per car in the season, its duration held, its name in three languages', async () => {
      const id = await created(hire({ serviceType: 'tour', tourId, origin: NICE, date: `${NEXT_YEAR}-03-12T09:00` }));
      const { booking, cars } = await stepTwo(id);
      expect(booking).toMatchObject({ serviceType: 'tour', tourId, hours: 4, tourName: { fr: 'Monaco et Èze', en: 'Monaco and Èze', ar: 'موناكو وإز' } });
      expect(Date.parse(booking.endsAt!) - Date.parse(booking.pickup_at)).toBe(4 * HOUR_MS);
      expect(cars.find((car) => car.id === carIds.vclass)).toMatchObject({ allowed: true, source: 'tour', price_cents: 38_000, deposit_cents: 7_600 });
      expect(cars.find((car) => car.id === carIds.ford)).toMatchObject({ allowed: true, source: 'tour', price_cents: 32_000 });
      // Summer costs 10 % more.
      const summer = await created(hire({ serviceType: 'tour', tourId, origin: NICE, date: `${NEXT_YEAR}-07-02T09:00` }));
      expect((await stepTwo(summer)).cars.find((car) => car.id === carIds.vclass)).toMatchObject({ price_cents: 41_800 });
    });

    it('a car without a hire rate is left out for a customer, shown to an admin with its reason; step three prices no return', async () => {
      const id = await created(hire({ serviceType: 'hourly', hours: 4, date: `${NEXT_YEAR}-03-13T10:00` }));
      const saved = await ctx.database.db.select().from(hourlyRates).where(eq(hourlyRates.carId, carIds.ford));
      await ctx.database.db.delete(hourlyRates).where(eq(hourlyRates.carId, carIds.ford));
      await announced();
      try {
        expect((await stepTwo(id)).cars.map((car) => car.id)).toEqual([carIds.vclass]);
        expect((await stepTwo(id, admin.token)).cars.find((car) => car.id === carIds.ford)).toMatchObject({ allowed: false, reason: 'no_hire_rate' });
        const refused = await chooseCar(ctx.app, customer.token, id, carIds.ford);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ code: 'no_hire_rate' });
      } finally {
        await ctx.database.db.insert(hourlyRates).values(saved);
        await announced();
      }
      expectStatus(await chooseCar(ctx.app, customer.token, id, carIds.vclass), 200);
      const three = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-three/${id}`, headers: bearer(customer.token) });
      expectStatus(three, 200);
      expect(three.json()).toMatchObject({ serviceType: 'hourly', hours: 4, price_cents: 34_000, round_trip_price_cents: 34_000, source: 'hire' });
      const withReturn = await confirmBooking(ctx.app, customer.token, id, { returnRent: true, date: `${NEXT_YEAR}-03-13T18:00` });
      expect(withReturn.statusCode).toBe(400);
      expect((withReturn.json() as ErrorBody).errors).toEqual([{ path: 'returnRent', message: 'Valeur invalide' }]);
    });
  });

  describe('the hire holds its car and chauffeur for all its time', () => {
    it('20 customers racing for one car with overlapping hires: exactly one holds it, 19 get a clear 409 car_busy', async () => {
      const racers = await Promise.all(Array.from({ length: 20 }, () => registerUser(ctx.app)));
      // 5-hour hires from 09:00 to 10:30: each overlaps every other.
      const drafts = await Promise.all(
        racers.map((racer, i) =>
          created(hire({ serviceType: 'hourly', hours: 5, date: `${NEXT_YEAR}-04-14T${['09:00', '09:30', '10:00', '10:30'][i % 4]}` }), racer.token),
        ),
      );
      const chosen = await Promise.all(drafts.map((id, i) => chooseCar(ctx.app, racers[i]!.token, id, carIds.vclass)));
      expect(chosen.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
      const answers = await Promise.all(
        drafts.map((id, i) =>
          ctx.app.inject({
            method: 'PUT',
            url: `/api/user/booking/update-booking-info/${id}`,
            headers: { ...bearer(racers[i]!.token), 'accept-language': 'en' },
            payload: { bookingId: id, fullName: 'Racing Customer', email: 'racer@example.test', phone: '+33612345678', method: 'cash', returnRent: false },
          }),
        ),
      );
      expect(answers.map((response) => response.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
      for (const refused of answers.filter((response) => response.statusCode === 409)) {
        expect(refused.json()).toMatchObject({ code: 'car_busy', message: 'No cars available at this time: this car is already booked' });
      }
      const winner = drafts[answers.findIndex((response) => response.statusCode === 200)]!;
      const held = await ctx.database.db.select({ bookingId: carHolds.bookingId }).from(carHolds).where(eq(carHolds.carId, carIds.vclass));
      expect(held.filter((row) => drafts.includes(row.bookingId)).map((row) => row.bookingId)).toEqual([winner]);
      const statuses = await ctx.database.db.select({ id: bookings.id, status: bookings.status }).from(bookings);
      expect(statuses.filter((row) => drafts.includes(row.id) && row.id !== winner).every((row) => row.status === 'car_selected')).toBe(true);
    });

    it('a 5-hour hire holds its car from pickup to its end + the buffer: a transfer inside it is busy, after it free', async () => {
      const id = await created(hire({ serviceType: 'hourly', hours: 5, date: `${NEXT_YEAR}-04-20T09:00` }));
      await confirmed(id, carIds.ford);
      const pickup = Date.parse((await stepTwo(id)).booking.pickup_at);
      expect(await holdsOf(id)).toEqual([['outbound', new Date(pickup).toISOString(), new Date(pickup + 5.5 * HOUR_MS).toISOString()]]);
      const inside = await created(bookingPayload({ date: `${NEXT_YEAR}-04-20T13:30` }));
      expect((await stepTwo(inside)).cars.find((car) => car.id === carIds.ford)).toMatchObject({ allowed: false, reason: 'car_busy' });
      const after = await created(bookingPayload({ date: `${NEXT_YEAR}-04-20T14:30` }));
      expect((await stepTwo(after)).cars.find((car) => car.id === carIds.ford)).toMatchObject({ allowed: true });
      // A transfer before it, whose hold would run into the hire, is busy too.
      const before = await created(bookingPayload({ date: `${NEXT_YEAR}-04-20T08:30` }));
      expect((await stepTwo(before)).cars.find((car) => car.id === carIds.ford)).toMatchObject({ allowed: false, reason: 'car_busy' });
    });

    it('a 2-day hire holds each day: a transfer in the evening between the days is free, one during the second day is busy', async () => {
      const id = await created(hire({ serviceType: 'daily', days: 2, date: `${NEXT_YEAR}-04-22T09:00` }));
      await confirmed(id, carIds.ford);
      const first = Date.parse((await stepTwo(id)).booking.pickup_at);
      // Paris summer time: 09:00 is 07:00 UTC both days; each day 8 h + the 30-minute buffer.
      const day = (offset: number, hours: number) => new Date(first + offset * 24 * HOUR_MS + hours * HOUR_MS).toISOString();
      expect(await holdsOf(id)).toEqual([
        ['outbound', day(0, 0), day(0, 8.5)],
        ['day-2', day(1, 0), day(1, 8.5)],
      ]);
      const evening = await created(bookingPayload({ date: `${NEXT_YEAR}-04-22T19:00` }));
      expect((await stepTwo(evening)).cars.find((car) => car.id === carIds.ford)).toMatchObject({ allowed: true });
      await confirmed(evening, carIds.ford);
      const secondDay = await created(bookingPayload({ date: `${NEXT_YEAR}-04-23T12:00` }));
      expect((await stepTwo(secondDay)).cars.find((car) => car.id === carIds.ford)).toMatchObject({ allowed: false, reason: 'car_busy' });
      expectStatus(await chooseCar(ctx.app, customer.token, secondDay, carIds.vclass), 200);

      // The planning shows each day, each until its hold ends.
      const calendar = await ctx.app.inject({
        method: 'GET',
        url: `/api/booking/calendar?from=${NEXT_YEAR}-04-23&to=${NEXT_YEAR}-04-24`,
        headers: bearer(admin.token),
      });
      expectStatus(calendar, 200);
      const legs = (calendar.json() as { data: { bookingId: number; leg: string; serviceType: string; start: string; end: string }[] }).data.filter(
        (trip) => trip.bookingId === id,
      );
      expect(legs).toEqual([expect.objectContaining({ leg: 'day-2', serviceType: 'daily', start: day(1, 0), end: day(1, 8.5) })]);
    });

    it('a change of a daily hire moves its booked end and every day’s hold; a stop or a return is refused', async () => {
      const id = await created(hire({ serviceType: 'daily', days: 2, date: `${NEXT_YEAR}-04-27T09:00` }));
      await confirmed(id, carIds.vclass);
      const update = (payload: Record<string, unknown>) =>
        ctx.app.inject({ method: 'PUT', url: `/api/booking/update/${id}`, headers: { ...bearer(admin.token), 'accept-language': 'en' }, payload: { reason: 'Demande du client', ...payload } });
      expectStatus(await update({ date: `${NEXT_YEAR}-04-27T11:00`, reason: 'Arrivée retardée' }), 200);
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
      const day = (offset: number, hours: number) => new Date(row!.pickupAt.getTime() + offset * 24 * HOUR_MS + hours * HOUR_MS).toISOString();
      expect(row!.endsAt!.toISOString()).toBe(day(1, 8));
      expect(await holdsOf(id)).toEqual([
        ['outbound', day(0, 0), day(0, 8.5)],
        ['day-2', day(1, 0), day(1, 8.5)],
      ]);
      const stop = await update({ stop: [{ title: 'Antibes' }] });
      expect(stop.statusCode).toBe(400);
      expect((stop.json() as ErrorBody).errors).toEqual([{ path: 'stop', message: 'Invalid value' }]);
      const withReturn = await update({ returnRent: true, returnDate: `${NEXT_YEAR}-04-28T20:00` });
      expect(withReturn.statusCode).toBe(400);
      expect((withReturn.json() as ErrorBody).errors).toEqual([{ path: 'returnRent', message: 'Invalid value' }]);
    });

    it('the company’s phone booking of a hire holds it for its whole time', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/booking/add',
        headers: bearer(admin.token),
        payload: { ...hire({ serviceType: 'tour', tourId, origin: NICE, date: `${NEXT_YEAR}-04-25T14:00` }), fullName: 'Léa Roux', phone: '06 12 34 56 78', carId: carIds.vclass, method: 'cash' },
      });
      expectStatus(response, 201);
      const { bookingId } = response.json() as { bookingId: number };
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(row).toMatchObject({ serviceType: 'tour', tourId, hireMinutes: 240, totalCents: 38_000, status: 'accepted' });
      expect(await holdsOf(bookingId)).toEqual([['outbound', row!.pickupAt.toISOString(), new Date(row!.pickupAt.getTime() + 4.5 * HOUR_MS).toISOString()]]);
    });
  });

  it('the admin list filters and shows the service; the dashboard splits revenue by service', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/booking/getAll?serviceType=daily&limit=100', headers: bearer(admin.token) });
    expectStatus(list, 200);
    const rows = (list.json() as { data: { serviceType: string }[] }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.serviceType === 'daily')).toBe(true);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/booking/getAll?serviceType=cruise', headers: bearer(admin.token) });
    expect(bad.statusCode).toBe(400);

    const dashboard = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(admin.token) });
    expectStatus(dashboard, 200);
    const month = (dashboard.json() as { data: { thisMonth: { bookings: number; revenueCents: number; byService: { serviceType: string; bookings: number; revenueCents: number }[] } } }).data.thisMonth;
    expect(month.byService.map((service) => service.serviceType)).toEqual(['transfer', 'hourly', 'daily', 'tour']);
    expect(month.byService.reduce((sum, service) => sum + service.bookings, 0)).toBe(month.bookings);
    expect(month.byService.reduce((sum, service) => sum + service.revenueCents, 0)).toBe(month.revenueCents);
    // The phone booking of the tour was accepted at once: its price is the tours' revenue.
    expect(month.byService.find((service) => service.serviceType === 'tour')).toMatchObject({ revenueCents: 38_000 });
  });
});
