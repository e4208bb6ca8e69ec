import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, createBooking, demoCars, expectStatus, NEXT_YEAR } from './booking-helpers.ts';

type Offer = { id: number; name: string; allowed: boolean; reason?: string; price_cents?: number };
type StepTwo = {
  cars: Offer[];
  contact: { offered: boolean; party_too_large: boolean; split: { id: number; name: string; seats: number; packages: number }[] };
};

const party = (adults: number, children = 0) => JSON.stringify({ adults, children, childrenSeat: 0 });

/** Step two leaves no customer at a dead end, and never shows them the price list's gaps (decision 0100). */
describe('step two offers', () => {
  let ctx: TestContext;
  let customer: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let carIds: { vclass: number; ford: number };
  let minibus: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database.db);
    carIds = await demoCars(ctx.database.db);
    customer = await registerUser(ctx.app);
    admin = await loginAdmin(ctx.app, ctx.database);
    // A car the admin added without any price: no km band covers any trip.
    const [row] = await ctx.database.db
      .insert(cars)
      .values({ name: 'Minibus Sprinter', number: 'MB-100-RV', model: 'Sprinter 519', seats: 16, packages: 16 })
      .returning({ id: cars.id });
    minibus = row!.id;
  });
  afterAll(async () => ctx.close());

  const stepTwo = async (id: number, token = customer.token, language = 'en') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/booking/step-two/${id}`,
      headers: { ...bearer(token), 'accept-language': language },
    });
    expectStatus(response, 200);
    return { body: response.json() as StepTwo, raw: response.body };
  };

  it('leaves a car without a price out for a customer, and shows it to an admin with the reason', async () => {
    const id = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-04-07T09:00` });
    const { body, raw } = await stepTwo(id);
    expect(body.cars.map((car) => car.id).sort()).toEqual([carIds.vclass, carIds.ford].sort());
    expect(body.cars.every((car) => car.allowed && car.price_cents! > 0)).toBe(true);
    expect(raw).not.toMatch(/no_season|no_pricing_band|Minibus/);
    expect(body.contact).toEqual({ offered: false, party_too_large: false, split: [] });

    const asAdmin = await stepTwo(id, admin.token);
    const unpriced = asAdmin.body.cars.find((car) => car.id === minibus);
    expect(unpriced).toMatchObject({ name: 'Minibus Sprinter', allowed: false });
    expect(['no_season', 'no_pricing_band']).toContain(unpriced?.reason);
    expect(unpriced?.price_cents).toBeUndefined();

    // Choosing it anyway through the API is still refused, translated, and nothing is stored.
    const refused = await chooseCar(ctx.app, customer.token, id, minibus);
    expect(refused.statusCode).toBe(409);
    expect((await stepTwo(id)).body.cars.length).toBe(2);
    const booking = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${id}`, headers: bearer(customer.token) });
    expect(booking.json()).toMatchObject({ booking: { status: 'draft', car_id: null } });
  });

  it('keeps a car too small for the party, disabled with the customer’s reason', async () => {
    const id = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-04-08T09:00`, passengers: party(5) });
    const { body } = await stepTwo(id);
    expect(body.cars.find((car) => car.id === carIds.ford)).toMatchObject({ allowed: false, reason: 'car_not_allowed' });
    expect(body.cars.find((car) => car.id === carIds.vclass)).toMatchObject({ allowed: true });
    expect(body.contact.offered).toBe(false);
  });

  it('offers the contact path and the cars that together take a party larger than the largest car', async () => {
    const id = await createBooking(ctx.app, customer.token, {
      date: `${NEXT_YEAR}-04-09T09:00`,
      passengers: party(8, 1),
      packages: JSON.stringify({ under10kg: 2, above10kg: 3, above30kg: 0 }),
    });
    const { body, raw } = await stepTwo(id, customer.token, 'ar');
    expect(body.cars.map((car) => [car.id, car.allowed, car.reason])).toEqual(
      expect.arrayContaining([
        [carIds.vclass, false, 'car_not_allowed'],
        [carIds.ford, false, 'car_not_allowed'],
      ]),
    );
    expect(body.cars).toHaveLength(2);
    expect(raw).not.toMatch(/no_season|no_pricing_band/);
    expect(body.contact).toEqual({
      offered: true,
      party_too_large: true,
      split: [
        { id: carIds.vclass, name: 'Mercedes Classe V', seats: 7, packages: 7 },
        { id: carIds.ford, name: 'Ford Tourneo Custom', seats: 4, packages: 4 },
      ],
    });
    // The admin sees the unpriced minibus, which would take the party, so the party is not too large for the fleet.
    const asAdmin = await stepTwo(id, admin.token);
    expect(asAdmin.body.contact).toEqual({ offered: true, party_too_large: false, split: [] });
  });

  it('answers another customer’s booking with a translated 404', async () => {
    const id = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-04-10T09:00` });
    const other = await registerUser(ctx.app, { fullName: 'Autre Client' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/booking/step-two/${id}`,
      headers: { ...bearer(other.token), 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'booking_not_found' });
    expect(response.body).not.toMatch(/Minibus|price_cents/);
  });
});
