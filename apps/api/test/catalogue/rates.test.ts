import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, pricings, seasons } from '../../src/platform/db/schema.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { backOfficeUsers, fieldErrors, type Caller } from './catalogue-helpers.ts';

let ctx: TestContext;
let admin: Caller;
let carId: number;
let otherCarId: number;
let summerId: number;
let winterId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
  const db = ctx.database.db;
  const [car, other] = await db
    .insert(cars)
    .values([
      { name: 'Mercedes Classe V', number: 'AA-1', model: 'V 300', seats: 7, packages: 7, imgUrl: '/uploads/v.png' },
      { name: 'Ford Tourneo', number: 'BB-2', model: 'Custom', seats: 4, packages: 4 },
    ])
    .returning();
  const [summer, winter] = await db
    .insert(seasons)
    .values([
      { name: 'summer', startMonth: 6, endMonth: 8 },
      { name: 'winter', startMonth: 12, endMonth: 2 },
    ])
    .returning();
  carId = car!.id;
  otherCarId = other!.id;
  summerId = summer!.id;
  winterId = winter!.id;
});
afterAll(async () => ctx.close());

async function clearBands() {
  await ctx.database.db.delete(pricings);
}

const band = (overrides: Record<string, unknown> = {}) => ({ carId, seasonId: summerId, kmStart: 0, kmEnd: 20, minPrice: 65, ...overrides });
const add = (payload: Record<string, unknown>, language = 'fr') =>
  admin({ method: 'POST', url: '/api/pricing/add', payload, headers: { 'accept-language': language } });

describe('pricing', () => {
  it('adds a band and answers it in EUR and in cents with its car and season', async () => {
    await clearBands();
    const response = await add(band({ kmStart: 20, kmEnd: 100, minPrice: undefined, pricePerKm: '2,60', priceNight: 3.1, minPriceNight: '80.5' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Ajouté avec succès');
    expect(body.data).toMatchObject({
      carId,
      seasonId: summerId,
      km_start: 20,
      km_end: 100,
      min_price: null,
      price_perKm: 2.6,
      min_price_night: 80.5,
      price_night: 3.1,
      min_price_cents: null,
      price_per_km_cents: 260,
      min_price_night_cents: 8050,
      price_night_cents: 310,
      car: { id: carId, name: 'Mercedes Classe V', img_url: '/uploads/v.png' },
      season: { id: summerId, name: 'summer', start_month: 6, end_month: 8 },
    });
    const [row] = await ctx.database.db.select().from(pricings).where(eq(pricings.id, body.data.id));
    expect(row).toMatchObject({ pricePerKmCents: 260, minPriceNightCents: 8050, priceNightPerKmCents: 310, minPriceCents: null });
  });

  it('lists bands by car and season, in km order', async () => {
    await clearBands();
    await add(band({ kmStart: 20, kmEnd: 100, minPrice: undefined, pricePerKm: 2.6 }));
    await add(band({ kmStart: 0, kmEnd: 20 }));
    await add(band({ seasonId: winterId }));
    await add(band({ carId: otherCarId }));

    const all = await admin({ method: 'GET', url: '/api/pricing/getAll' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(4);

    const filtered = await admin({ method: 'GET', url: `/api/pricing/getAll?car=${carId}&season=${summerId}` });
    expect(filtered.json().data.map((p: { km_start: number }) => p.km_start)).toEqual([0, 20]);
    const byCar = await admin({ method: 'GET', url: `/api/pricing/getAll?car=${otherCarId}` });
    expect(byCar.json().data).toHaveLength(1);
    const blank = await admin({ method: 'GET', url: '/api/pricing/getAll?car=&season=' });
    expect(blank.json().data).toHaveLength(4);
    expect((await admin({ method: 'GET', url: '/api/pricing/getAll?car=abc' })).statusCode).toBe(400);
  });

  it('updates and deletes a band', async () => {
    await clearBands();
    const created = (await add(band())).json().data;
    const updated = await admin({
      method: 'PUT',
      url: `/api/pricing/update/${created.id}`,
      payload: band({ kmEnd: 30, minPrice: '70', minPriceNight: '' }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: 'Modifié avec succès', data: { id: created.id, km_end: 30, min_price: 70, min_price_cents: 7000, min_price_night: null } });

    const deleted = await admin({ method: 'DELETE', url: `/api/pricing/delete/${created.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Supprimé avec succès', data: { id: created.id } });
    expect(await ctx.database.db.select().from(pricings).where(eq(pricings.id, created.id))).toEqual([]);
    expect((await admin({ method: 'DELETE', url: `/api/pricing/delete/${created.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'PUT', url: `/api/pricing/update/${created.id}`, payload: band() })).statusCode).toBe(404);
  });

  it('requires car, season and start km, and a fixed price or a price per km', async () => {
    const missing = await add({}, 'en');
    expect(missing.statusCode).toBe(400);
    expect(fieldErrors(missing)).toMatchObject({
      carId: 'This field is required',
      seasonId: 'This field is required',
      kmStart: 'This field is required',
    });

    const noPrice = await add(band({ minPrice: undefined, minPriceNight: 50, priceNight: 2 }), 'en');
    expect(noPrice.statusCode).toBe(400);
    expect(fieldErrors(noPrice)).toEqual({ minPrice: 'Enter a fixed price or a price per km' });

    const blankPrices = await add(band({ minPrice: '', pricePerKm: ' ' }), 'fr');
    expect(fieldErrors(blankPrices)).toEqual({ minPrice: 'Indiquez un prix fixe ou un prix au km' });

    const badAmount = await add(band({ minPrice: '12.345' }), 'en');
    expect(fieldErrors(badAmount)).toEqual({ minPrice: 'Invalid amount (euros, at most 2 decimals)' });

    const badBand = await add(band({ kmStart: 50, kmEnd: 20 }), 'en');
    expect(fieldErrors(badBand)).toEqual({ kmEnd: 'End km must be greater than start km' });
  });

  it('accepts a price per km alone', async () => {
    await clearBands();
    const response = await add(band({ minPrice: undefined, pricePerKm: 2.2 }));
    expect(response.statusCode).toBe(201);
  });

  it('refuses an unknown car or season with a field error, not a 500', async () => {
    const unknownCar = await add(band({ carId: 999_999 }), 'en');
    expect(unknownCar.statusCode).toBe(400);
    expect(fieldErrors(unknownCar)).toEqual({ carId: 'This car does not exist or is no longer available' });
    const unknownSeason = await add(band({ seasonId: 999_999 }), 'en');
    expect(unknownSeason.statusCode).toBe(400);
    expect(fieldErrors(unknownSeason)).toEqual({ seasonId: 'Not found' });
  });

  it('accepts adjacent bands [0, 20) and [20, 100) and refuses overlapping ones', async () => {
    await clearBands();
    expect((await add(band({ kmStart: 0, kmEnd: 20 }))).statusCode).toBe(201);
    expect((await add(band({ kmStart: 20, kmEnd: 100, minPrice: undefined, pricePerKm: 2.6 }))).statusCode).toBe(201);
    expect((await add(band({ kmStart: 100, kmEnd: undefined, minPrice: undefined, pricePerKm: 2.2 }))).statusCode).toBe(201);

    for (const overlapping of [
      { kmStart: 10, kmEnd: 30 },
      { kmStart: 0, kmEnd: 5 },
      { kmStart: 150, kmEnd: 200 },
      { kmStart: 5, kmEnd: undefined },
    ]) {
      const response = await add(band(overlapping), 'en');
      expect(response.statusCode, JSON.stringify(overlapping)).toBe(409);
      expect(response.json()).toEqual({
        code: 'km_band_overlap',
        message: 'This km band overlaps an existing band for this car and season',
        errors: [{ path: 'kmStart', message: 'This km band overlaps an existing band for this car and season' }],
      });
    }
    // The same band is fine for another car or another season.
    expect((await add(band({ carId: otherCarId }))).statusCode).toBe(201);
    expect((await add(band({ seasonId: winterId }))).statusCode).toBe(201);
    expect(await ctx.database.db.select().from(pricings)).toHaveLength(5);
  });

  it('lets a band be edited in place but not onto another band', async () => {
    await clearBands();
    const first = (await add(band({ kmStart: 0, kmEnd: 20 }))).json().data;
    const second = (await add(band({ kmStart: 20, kmEnd: 100 }))).json().data;
    const inPlace = await admin({ method: 'PUT', url: `/api/pricing/update/${first.id}`, payload: band({ kmStart: 0, kmEnd: 15 }) });
    expect(inPlace.statusCode).toBe(200);
    const onto = await admin({ method: 'PUT', url: `/api/pricing/update/${second.id}`, payload: band({ kmStart: 10, kmEnd: 100 }) });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().code).toBe('km_band_overlap');
    const [row] = await ctx.database.db.select().from(pricings).where(eq(pricings.id, second.id));
    expect(row?.kmStart).toBe(20);
  });

  it('lets only one of two simultaneous overlapping adds through', async () => {
    await clearBands();
    // Five bands that all share km 40 to 50: exactly one may be saved.
    const starts = [0, 10, 20, 30, 40];
    const responses = await Promise.all(starts.map((kmStart) => add(band({ kmStart, kmEnd: kmStart + 50 }))));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await ctx.database.db.select().from(pricings).where(eq(pricings.carId, carId));
    for (const a of rows) {
      for (const b of rows) {
        if (a.id !== b.id) expect(a.kmStart < (b.kmEnd ?? Infinity) && b.kmStart < (a.kmEnd ?? Infinity)).toBe(false);
      }
    }
  });
});
