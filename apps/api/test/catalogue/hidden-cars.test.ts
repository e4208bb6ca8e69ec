import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { cars, pricingListPrices, pricings } from '../../src/platform/db/schema.ts';
import { bearer, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, createBooking, demoCars, expectStatus, NEXT_YEAR, pendingBooking } from '../booking/booking-helpers.ts';
import { backOfficeUsers, fieldErrors, type Caller } from './catalogue-helpers.ts';

let ctx: TestContext;
let admin: Caller;
let user: Caller;
let customer: Awaited<ReturnType<typeof registerUser>>;
let carIds: { vclass: number; ford: number };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.database.db);
  ({ admin, user } = await backOfficeUsers(ctx.app, ctx.database));
  customer = await registerUser(ctx.app, { fullName: 'Léa Garnier' });
  carIds = await demoCars(ctx.database.db);
});
afterAll(async () => ctx.close());

let day = 0;
/** Each booking on a day of its own: a confirmed booking holds its car. */
const ownDay = () => ({ date: `${NEXT_YEAR}-05-${String(++day).padStart(2, '0')}T10:00` });

const setHidden = (id: number, hidden: unknown, language = 'fr') =>
  admin({ method: 'PUT', url: `/api/car/visibility/${id}`, payload: { hidden }, headers: { 'accept-language': language } });
const priceCount = async (id: number) => ({
  bands: (await ctx.database.db.select().from(pricings).where(eq(pricings.carId, id))).length,
  routes: (await ctx.database.db.select().from(pricingListPrices).where(eq(pricingListPrices.carId, id))).length,
});
const stepTwoCars = async (bookingId: number) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${bookingId}`, headers: bearer(customer.token) });
  expectStatus(response, 200);
  return (response.json() as { cars: { id: number }[] }).cars.map((car) => car.id);
};
const publicPriceCars = async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/pricingList/getAll' });
  expectStatus(response, 200);
  const entries = response.json().data as { pricingCars: { car: { id: number } }[] }[];
  return new Set(entries.flatMap((entry) => entry.pricingCars.map((price) => price.car.id)));
};

describe('hiding a car', () => {
  it('hides a car with trips to come, lists them in a warning and keeps its prices', async () => {
    const trip = await pendingBooking(ctx.app, customer.token, carIds.vclass, ownDay());
    const prices = await priceCount(carIds.vclass);
    expect(prices.bands).toBeGreaterThan(0);

    const response = await setHidden(carIds.vclass, true);
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      message: 'Voiture masquée, mais elle a 1 course(s) à venir, qui restent à assurer ou à réattribuer',
      data: { id: carIds.vclass, hidden: true },
      upcomingBookings: [{ id: trip, status: 'pending', fullName: 'Camille Martin', origin: 'Nice', destination: 'Monaco' }],
    });
    expect(await priceCount(carIds.vclass)).toEqual(prices);

    const fleet = (await admin({ method: 'GET', url: '/api/car/getAll' })).json().data as { id: number; hidden: boolean }[];
    expect(fleet).toEqual(expect.arrayContaining([expect.objectContaining({ id: carIds.vclass, hidden: true }), expect.objectContaining({ id: carIds.ford, hidden: false })]));
  });

  it('leaves the hidden car out of step two, the public price list and its columns', async () => {
    const draft = await createBooking(ctx.app, customer.token, ownDay());
    expect(await stepTwoCars(draft)).toEqual([carIds.ford]);
    const chosen = await chooseCar(ctx.app, customer.token, draft, carIds.vclass);
    expect(chosen.statusCode).toBe(404);
    expect(chosen.json()).toMatchObject({ code: 'car_not_exist' });

    expect([...(await publicPriceCars())]).toEqual([carIds.ford]);
    const columns = (await ctx.app.inject({ method: 'GET', url: '/api/pricingList/cars' })).json().data as { id: number }[];
    expect(columns.map((car) => car.id)).toEqual([carIds.ford]);
  });

  it('keeps a hidden car’s route price when the company edits the route without it', async () => {
    const [entry] = (await ctx.app.inject({ method: 'GET', url: '/api/pricingList/getAll' })).json().data as {
      id: number;
      origin: { id: number };
      destination: { id: number };
    }[];
    const [before] = await ctx.database.db.select().from(pricingListPrices).where(and(eq(pricingListPrices.entryId, entry!.id), eq(pricingListPrices.carId, carIds.vclass)));
    const edit = await admin({
      method: 'PUT',
      url: `/api/pricingList/update/${entry!.id}`,
      payload: { place: entry!.destination.id, placeFrom: entry!.origin.id, carsList: [{ carId: carIds.ford, price: '82' }] },
    });
    expectStatus(edit, 200);
    const after = await ctx.database.db.select().from(pricingListPrices).where(eq(pricingListPrices.entryId, entry!.id));
    expect(after.map((price) => [price.carId, price.priceCents]).sort()).toEqual(
      [
        [carIds.ford, 8_200],
        [carIds.vclass, before!.priceCents],
      ].sort(),
    );
  });

  it('offers the car again, with the prices it had', async () => {
    const response = await setHidden(carIds.vclass, false, 'en');
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ message: 'Car offered to customers again', data: { hidden: false }, upcomingBookings: [] });
    const draft = await createBooking(ctx.app, customer.token, ownDay());
    expect(await stepTwoCars(draft)).toEqual([carIds.vclass, carIds.ford]);
    expect((await publicPriceCars()).has(carIds.vclass)).toBe(true);
  });

  it('hides a car without trips to come with a plain message', async () => {
    const response = await setHidden(carIds.ford, true, 'ar');
    expect(response.json()).toMatchObject({ message: 'تم إخفاء السيارة: لم يعد العملاء يرونها، وأسعارها محفوظة', upcomingBookings: [] });
    expectStatus(await setHidden(carIds.ford, false), 200);
  });

  it('refuses bad input, unknown cars and non-admins, changing nothing', async () => {
    const bad = await setHidden(carIds.ford, 'maybe', 'en');
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toEqual({ hidden: 'Invalid value' });
    const missing = await admin({ method: 'PUT', url: `/api/car/visibility/${carIds.ford}`, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect((await setHidden(2_147_483_647, true)).statusCode).toBe(404);
    expect((await setHidden(99_999_999_999, true)).statusCode).toBe(400);
    const refused = await user({ method: 'PUT', url: `/api/car/visibility/${carIds.ford}`, payload: { hidden: true } });
    expect(refused.statusCode).toBe(403);
    const [ford] = await ctx.database.db.select().from(cars).where(eq(cars.id, carIds.ford));
    expect(ford!.hidden).toBe(false);
  });
});
