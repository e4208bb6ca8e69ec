import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, destinations, origins, pricingListEntries, pricingListPrices } from '../../src/platform/db/schema.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { backOfficeUsers, fieldErrors, type Caller } from './catalogue-helpers.ts';

let ctx: TestContext;
let admin: Caller;
let vclass: number;
let ford: number;
let nice: number;
let cannes: number;
let niceToMonaco: number;
let niceToAntibes: number;
let cannesToNice: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
  const db = ctx.database.db;
  const [v, f] = await db
    .insert(cars)
    .values([
      { name: 'Mercedes Classe V', number: 'AA-1', model: 'V 300', seats: 7, packages: 7, imgUrl: '/uploads/v.png' },
      { name: 'Ford Tourneo', number: 'BB-2', model: 'Custom', seats: 4, packages: 4 },
    ])
    .returning();
  const [n, c] = await db.insert(origins).values([{ name: 'Nice', title: 'vtc-nice' }, { name: 'Cannes' }]).returning();
  const [monaco, antibes, toNice] = await db
    .insert(destinations)
    .values([
      { originId: n!.id, name: 'Monaco' },
      { originId: n!.id, name: 'Antibes' },
      { originId: c!.id, name: 'Nice' },
    ])
    .returning();
  [vclass, ford, nice, cannes] = [v!.id, f!.id, n!.id, c!.id];
  [niceToMonaco, niceToAntibes, cannesToNice] = [monaco!.id, antibes!.id, toNice!.id];
});
afterAll(async () => ctx.close());

const clear = () => ctx.database.db.delete(pricingListEntries);
const add = (payload: Record<string, unknown>, language = 'fr') =>
  admin({ method: 'POST', url: '/api/pricingList/add', payload, headers: { 'accept-language': language } });
const entry = (overrides: Record<string, unknown> = {}) => ({
  place: niceToMonaco,
  placeFrom: nice,
  placeTo: 'Monaco',
  carsList: [
    { carId: vclass, price: '95' },
    { carId: ford, price: 80.5 },
  ],
  ...overrides,
});

describe('price list', () => {
  it('adds a route with a price per car, answered in EUR and in cents', async () => {
    await clear();
    const response = await add(entry());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Ajouté avec succès');
    expect(body.data).toMatchObject({
      origin: { id: nice, name: 'Nice', title: 'vtc-nice' },
      destination: { id: niceToMonaco, name: 'Monaco' },
      place_to: 'Monaco',
      pricingCars: [
        { price: 95, price_cents: 9500, car: { id: vclass, name: 'Mercedes Classe V', img_url: '/uploads/v.png' } },
        { price: 80.5, price_cents: 8050, car: { id: ford, name: 'Ford Tourneo', img_url: null } },
      ],
    });
    expect(body.data.createdAt).toEqual(expect.any(String));
  });

  it('is listed publicly, all or by origin (location) and destination (place)', async () => {
    await clear();
    await add(entry());
    await add(entry({ place: niceToAntibes, placeTo: undefined }));
    await add(entry({ place: cannesToNice, placeFrom: cannes, placeTo: 'Nice' }));

    const all = await ctx.app.inject({ method: 'GET', url: '/api/pricingList/getAll' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(3);
    const fromNice = await ctx.app.inject({ method: 'GET', url: `/api/pricingList/getAll?location=${nice}` });
    expect(fromNice.json().data.map((e: { destination: { name: string } }) => e.destination.name)).toEqual(['Monaco', 'Antibes']);
    const one = await ctx.app.inject({ method: 'GET', url: `/api/pricingList/getAll?location=${nice}&place=${niceToAntibes}` });
    expect(one.json().data).toHaveLength(1);
    expect(one.json().data[0].place_to).toBeNull();
    const none = await ctx.app.inject({ method: 'GET', url: `/api/pricingList/getAll?location=${cannes}&place=${niceToAntibes}` });
    expect(none.json().data).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/pricingList/getAll?location=x' })).statusCode).toBe(400);
  });

  it('lists the cars publicly as the columns of the price list', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/pricingList/cars' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { id: vclass, name: 'Mercedes Classe V', img_url: '/uploads/v.png', seats: 7, packages: 7 },
      { id: ford, name: 'Ford Tourneo', img_url: null, seats: 4, packages: 4 },
    ]);
  });

  it('updates a route, replacing all its prices, and deletes it', async () => {
    await clear();
    const created = (await add(entry())).json().data;
    const update = await admin({
      method: 'PUT',
      url: `/api/pricingList/update/${created.id}`,
      payload: entry({ placeTo: 'Monte-Carlo', carsList: [{ carId: vclass, price: '99,90' }, { carId: ford, price: '' }] }),
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ message: 'Modifié avec succès', data: { id: created.id, place_to: 'Monte-Carlo' } });
    expect(update.json().data.pricingCars).toMatchObject([{ price: 99.9, price_cents: 9990, car: { id: vclass } }]);
    expect(await ctx.database.db.select().from(pricingListPrices).where(eq(pricingListPrices.entryId, created.id))).toHaveLength(1);

    const remove = await admin({ method: 'DELETE', url: `/api/pricingList/delete/${created.id}` });
    expect(remove.json()).toEqual({ message: 'Supprimé avec succès', data: { id: created.id } });
    expect(await ctx.database.db.select().from(pricingListPrices).where(eq(pricingListPrices.entryId, created.id))).toEqual([]);
    expect((await admin({ method: 'DELETE', url: `/api/pricingList/delete/${created.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'PUT', url: `/api/pricingList/update/${created.id}`, payload: entry() })).statusCode).toBe(404);
  });

  it('refuses a destination of another origin, unknown places and unknown cars with field errors', async () => {
    await clear();
    const otherOrigin = await add(entry({ place: cannesToNice }), 'en');
    expect(otherOrigin.statusCode).toBe(400);
    expect(fieldErrors(otherOrigin)).toEqual({ place: 'Invalid value' });
    const unknownPlace = await add(entry({ place: 999_999 }), 'en');
    expect(fieldErrors(unknownPlace)).toEqual({ place: 'Not found' });
    const unknownOrigin = await add(entry({ placeFrom: 999_999 }), 'en');
    expect(fieldErrors(unknownOrigin)).toEqual({ placeFrom: 'Not found' });
    const unknownCar = await add(entry({ carsList: [{ carId: 999_999, price: 10 }] }), 'en');
    expect(unknownCar.statusCode).toBe(400);
    expect(fieldErrors(unknownCar)).toEqual({ carsList: 'This car does not exist or is no longer available' });
    expect(await ctx.database.db.select().from(pricingListEntries)).toEqual([]);
  });

  it('requires the places and at least one price, each car once', async () => {
    const missing = await add({}, 'en');
    expect(missing.statusCode).toBe(400);
    expect(fieldErrors(missing)).toMatchObject({ place: 'This field is required', placeFrom: 'This field is required', carsList: 'This field is required' });
    const noPrice = await add(entry({ carsList: [{ carId: vclass, price: '' }] }), 'en');
    expect(fieldErrors(noPrice)).toEqual({ carsList: 'Enter a fixed price or a price per km' });
    const twice = await add(entry({ carsList: [{ carId: vclass, price: 1 }, { carId: vclass, price: 2 }] }), 'en');
    expect(fieldErrors(twice)).toEqual({ 'carsList.1.carId': 'This car is already in the list' });
    const badPrice = await add(entry({ carsList: [{ carId: vclass, price: 'abc' }] }), 'en');
    expect(fieldErrors(badPrice)).toEqual({ 'carsList.0.price': 'Invalid amount (euros, at most 2 decimals)' });
  });

  it('keeps one entry per origin and destination (409)', async () => {
    await clear();
    expect((await add(entry())).statusCode).toBe(201);
    const again = await add(entry());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', errors: [{ path: 'place' }] });
    expect(await ctx.database.db.select().from(pricingListEntries)).toHaveLength(1);
  });
});
