import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, destinations, origins, pricingListEntries, pricingListPrices } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, createBooking, demoCars, expectStatus } from './booking-helpers.ts';

type StepTwo = {
  booking: { status: string; car_id: number | null; passenger: { adults: number } };
  cars: { id: number; price_cents?: number; source?: string }[];
};
type PriceList = { data: { id: number; destination: { name: string }; pricingCars: { price_cents: number; car: { id: number } }[] }[] };

/**
 * Step two and the public price list are served from memory (decision 0026): these tests prove
 * that they are, and that every committed change reaches them, whoever made it.
 */
describe('reads served from memory', () => {
  let ctx: TestContext;
  let customer: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let carIds: { vclass: number; ford: number };
  let niceToMonaco: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database.db);
    carIds = await demoCars(ctx.database.db);
    customer = await registerUser(ctx.app);
    admin = await loginAdmin(ctx.app, ctx.database);
    const [route] = await ctx.database.db
      .select({ id: pricingListEntries.id })
      .from(pricingListEntries)
      .innerJoin(origins, eq(origins.id, pricingListEntries.originId))
      .innerJoin(destinations, eq(destinations.id, pricingListEntries.destinationId))
      .where(and(eq(origins.name, 'Nice'), eq(destinations.name, 'Monaco')));
    niceToMonaco = route!.id;
  });
  afterAll(async () => ctx.close());

  const stepTwo = async (app: TestContext['app'], id: number, token = customer.token) => {
    const response = await app.inject({ method: 'GET', url: `/api/user/booking/step-two/${id}`, headers: bearer(token) });
    expectStatus(response, 200);
    return response.json() as StepTwo;
  };
  const vclassPrice = (body: StepTwo) => body.cars.find((car) => car.id === carIds.vclass)?.price_cents;
  const listedPrice = async (app: TestContext['app']) => {
    const response = await app.inject({ method: 'GET', url: '/api/pricingList/getAll' });
    expectStatus(response, 200);
    const route = (response.json() as PriceList).data.find((entry) => entry.id === niceToMonaco);
    return route?.pricingCars.find((price) => price.car.id === carIds.vclass)?.price_cents;
  };
  /** A change made behind the API's back with the triggers off: no notification is sent. */
  const silently = (statement: ReturnType<typeof sql>) =>
    ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(statement);
    });
  const setVclassRoutePrice = (cents: number) =>
    ctx.database.db
      .update(pricingListPrices)
      .set({ priceCents: cents })
      .where(and(eq(pricingListPrices.entryId, niceToMonaco), eq(pricingListPrices.carId, carIds.vclass)));

  it('keeps step two and the price list in memory until a change is announced', async () => {
    await setVclassRoutePrice(9500);
    await ctx.app.caches.feed.sync();
    const id = await createBooking(ctx.app, customer.token);
    expect(vclassPrice(await stepTwo(ctx.app, id))).toBe(9500);
    expect(await listedPrice(ctx.app)).toBe(9500);

    // Unannounced, the change is not seen: the answers come from memory.
    await silently(sql`update pricing_list_prices set price_cents = 9900 where entry_id = ${niceToMonaco} and car_id = ${carIds.vclass}`);
    await silently(sql`update bookings set adults = 4 where id = ${id}`);
    const unannounced = await stepTwo(ctx.app, id);
    expect(vclassPrice(unannounced)).toBe(9500);
    expect(unannounced.booking.passenger.adults).toBe(2);
    expect(await listedPrice(ctx.app)).toBe(9500);

    // Announced as the triggers do, it is.
    await ctx.database.db.execute(sql`select pg_notify('vtc_changes', 'catalogue'), pg_notify('vtc_changes', ${`booking:${id}`})`);
    await ctx.app.caches.feed.sync();
    const announced = await stepTwo(ctx.app, id);
    expect(vclassPrice(announced)).toBe(9900);
    expect(announced.booking.passenger.adults).toBe(4);
    expect(await listedPrice(ctx.app)).toBe(9900);
  });

  it('shows an admin’s price change on the very next read', async () => {
    const id = await createBooking(ctx.app, customer.token);
    await stepTwo(ctx.app, id);
    const [route] = await ctx.database.db.select().from(pricingListEntries).where(eq(pricingListEntries.id, niceToMonaco));
    const update = await ctx.app.inject({
      method: 'PUT',
      url: `/api/pricingList/update/${niceToMonaco}`,
      headers: bearer(admin.token),
      payload: {
        place: route!.destinationId,
        placeFrom: route!.originId,
        placeTo: 'Monaco',
        carsList: [
          { carId: carIds.vclass, price: 123.45 },
          { carId: carIds.ford, price: 99 },
        ],
      },
    });
    expectStatus(update, 200);
    expect(vclassPrice(await stepTwo(ctx.app, id))).toBe(12345);
    expect(await listedPrice(ctx.app)).toBe(12345);
  });

  it('shows a change written straight into the database once it is announced by its trigger', async () => {
    const id = await createBooking(ctx.app, customer.token);
    await stepTwo(ctx.app, id);
    await setVclassRoutePrice(15000);
    await ctx.database.db.update(bookings).set({ adults: 3 }).where(eq(bookings.id, id));
    await ctx.app.caches.feed.sync();
    const body = await stepTwo(ctx.app, id);
    expect(vclassPrice(body)).toBe(15000);
    expect(body.booking.passenger.adults).toBe(3);
    expect(await listedPrice(ctx.app)).toBe(15000);
  });

  it('shows the car just chosen, and refuses the booking to another customer while it is in memory', async () => {
    const id = await createBooking(ctx.app, customer.token);
    expect((await stepTwo(ctx.app, id)).booking).toMatchObject({ status: 'draft', car_id: null });
    expectStatus(await chooseCar(ctx.app, customer.token, id, carIds.ford), 200);
    expect((await stepTwo(ctx.app, id)).booking).toMatchObject({ status: 'car_selected', car_id: carIds.ford });

    const other = await registerUser(ctx.app);
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${id}`, headers: bearer(other.token) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'booking_not_found' });
    expect((await stepTwo(ctx.app, id, admin.token)).booking.car_id).toBe(carIds.ford);
  });

  it('lets a second API process on the same database see the first one’s changes', async () => {
    const second = await createTestApp({}, { database: ctx.database });
    try {
      const id = await createBooking(ctx.app, customer.token);
      expect(vclassPrice(await stepTwo(second.app, id))).toBeDefined();
      expect(await listedPrice(second.app)).toBeDefined();

      await setVclassRoutePrice(17700);
      expectStatus(await chooseCar(ctx.app, customer.token, id, carIds.vclass), 200);
      // The second process answers once the notifications have reached it.
      await second.app.caches.feed.sync();
      const seen = await stepTwo(second.app, id);
      expect(vclassPrice(seen)).toBe(17700);
      expect(seen.booking).toMatchObject({ status: 'car_selected', car_id: carIds.vclass });
      expect(await listedPrice(second.app)).toBe(17700);
    } finally {
      await second.close();
    }
  });

  it('reads the database while it cannot hear the announcements', async () => {
    const deaf = await createTestApp({}, { database: ctx.database });
    try {
      const id = await createBooking(deaf.app, customer.token);
      await stepTwo(deaf.app, id);
      await listedPrice(deaf.app);
      await deaf.app.caches.feed.close();
      expect(deaf.app.caches.feed.live).toBe(false);

      await silently(sql`update pricing_list_prices set price_cents = 18800 where entry_id = ${niceToMonaco} and car_id = ${carIds.vclass}`);
      await silently(sql`update bookings set adults = 5 where id = ${id}`);
      const body = await stepTwo(deaf.app, id);
      expect(vclassPrice(body)).toBe(18800);
      expect(body.booking.passenger.adults).toBe(5);
      expect(await listedPrice(deaf.app)).toBe(18800);
    } finally {
      await deaf.close();
    }
  });

  it('prices a chosen car from the database, not from memory', async () => {
    await setVclassRoutePrice(20000);
    await ctx.app.caches.feed.sync();
    const id = await createBooking(ctx.app, customer.token);
    expect(vclassPrice(await stepTwo(ctx.app, id))).toBe(20000);
    await silently(sql`update pricing_list_prices set price_cents = 21000 where entry_id = ${niceToMonaco} and car_id = ${carIds.vclass}`);
    const chosen = await chooseCar(ctx.app, customer.token, id, carIds.vclass);
    expectStatus(chosen, 200);
    expect((chosen.json() as { data: { price_cents: number } }).data.price_cents).toBe(21000);
  });
});
