import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cars, seasons, tourPrices, tours, uploads } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { backOfficeUsers, fieldErrors, multipart, photo, type Caller } from './catalogue-helpers.ts';

let ctx: TestContext;
let admin: Caller;
let user: Caller;
let vanId: number;
let sedanId: number;
let summerId: number;
let winterId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, user } = await backOfficeUsers(ctx.app, ctx.database));
  const db = ctx.database.db;
  const [van, sedan] = await db
    .insert(cars)
    .values([
      { name: 'Mercedes Classe V', number: 'AA-1', model: 'V 300', seats: 7, packages: 7 },
      { name: 'Mercedes Classe E', number: 'BB-2', model: 'E 300', seats: 3, packages: 3 },
    ])
    .returning();
  const [summer, winter] = await db
    .insert(seasons)
    .values([
      { name: 'summer', startMonth: 5, endMonth: 10 },
      { name: 'winter', startMonth: 11, endMonth: 4 },
    ])
    .returning();
  vanId = van!.id;
  sedanId = sedan!.id;
  summerId = summer!.id;
  winterId = winter!.id;
});
afterEach(() => vi.useRealTimers());
afterAll(async () => ctx.close());

const place = (name: string, lat: number, lon: number) => ({ name, lat, lon });
const tourFields = (overrides: Record<string, string | number> = {}) => ({
  nameFr: 'Monaco et Èze',
  nameEn: 'Monaco and Èze',
  nameAr: 'موناكو وإز',
  descriptionFr: 'La Moyenne Corniche, Èze et Monaco.',
  descriptionEn: 'The Middle Corniche, Èze and Monaco.',
  descriptionAr: 'الكورنيش الأوسط وإز وموناكو.',
  durationHours: 4,
  departures: JSON.stringify([place('Nice', 43.7102, 7.262)]),
  visits: JSON.stringify([place('Èze', 43.728, 7.3615), place('Monaco', 43.7384, 7.4246)]),
  prices: JSON.stringify([
    { carId: vanId, seasonId: summerId, price: '420' },
    { carId: sedanId, seasonId: summerId, price: '350,50' },
    { carId: vanId, seasonId: winterId, price: 380 },
  ]),
  ...overrides,
});
async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string | number>, withPhoto = false, language = 'fr') {
  const { payload, headers } = await multipart(fields, withPhoto ? { fileName: 'eze.png', type: 'image/png', bytes: await photo('png') } : undefined);
  return admin({ method, url, payload, headers: { ...headers, 'accept-language': language } });
}
const publicGet = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('tours', () => {
  it('adds a tour with its photo and prices; anyone reads it with the current season’s prices, cheapest first', async () => {
    const created = await send('POST', '/api/tour/add', tourFields(), true);
    expect(created.statusCode).toBe(201);
    const tour = created.json().data;
    expect(tour).toMatchObject({
      name: { fr: 'Monaco et Èze', en: 'Monaco and Èze', ar: 'موناكو وإز' },
      durationHours: 4,
      hidden: false,
      imgUrl: expect.stringMatching(/^\/uploads\/.+\.webp$/),
      departures: [{ name: 'Nice', lat: 43.7102, lon: 7.262 }],
      visits: [{ name: 'Èze' }, { name: 'Monaco' }],
    });
    expect(tour.seasonPrices).toHaveLength(3);

    // The public reads need no session: the clock can move to a summer day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-07-10T10:00:00Z'));
    const list = await publicGet('/api/tour/getAll');
    expect(list.statusCode).toBe(200);
    const [listed] = list.json().data;
    expect(listed.prices).toEqual([
      { carId: sedanId, carName: 'Mercedes Classe E', seats: 3, packages: 3, price: 350.5, priceCents: 35_050 },
      { carId: vanId, carName: 'Mercedes Classe V', seats: 7, packages: 7, price: 420, priceCents: 42_000 },
    ]);

    // In winter only the van has a price.
    vi.setSystemTime(new Date('2027-01-10T10:00:00Z'));
    const one = await publicGet(`/api/tour/get/${tour.id}`);
    expect(one.json().data.prices.map((price: { carId: number; priceCents: number }) => [price.carId, price.priceCents])).toEqual([[vanId, 38_000]]);
  });

  it('replaces texts, places and prices, keeps the photo, and hides a tour from customers only', async () => {
    const [tour] = await ctx.database.db.select().from(tours);
    const updated = await send('PUT', `/api/tour/update/${tour!.id}`, tourFields({ nameFr: 'Èze et Monaco', hidden: 'true', prices: JSON.stringify([{ carId: vanId, seasonId: summerId, price: 450 }]) }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: { fr: 'Èze et Monaco' }, hidden: true, imgUrl: tour!.imgUrl });
    expect(await ctx.database.db.select().from(tourPrices)).toHaveLength(1);

    expect((await publicGet('/api/tour/getAll')).json().data).toEqual([]);
    expect((await publicGet(`/api/tour/get/${tour!.id}`)).statusCode).toBe(404);
    expect((await publicGet('/api/tour/getAll?all=true')).statusCode).toBe(401);
    expect((await user({ method: 'GET', url: '/api/tour/getAll?all=true' })).statusCode).toBe(403);
    expect((await admin({ method: 'GET', url: '/api/tour/getAll?all=true' })).json().data).toHaveLength(1);
    expect((await admin({ method: 'GET', url: `/api/tour/get/${tour!.id}?all=true` })).json().data.hidden).toBe(true);
  });

  it('refuses bad forms with translated field errors, saving nothing', async () => {
    const before = await ctx.database.db.select().from(tours);
    const bad = await send(
      'PUT',
      `/api/tour/update/${before[0]!.id}`,
      tourFields({
        nameAr: ' ',
        durationHours: 0,
        departures: '[]',
        visits: 'not json',
        prices: JSON.stringify([
          { carId: vanId, seasonId: summerId, price: 1 },
          { carId: vanId, seasonId: summerId, price: 2 },
        ]),
      }),
      false,
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['departures', 'durationHours', 'nameAr', 'prices', 'visits']);
    expect(fieldErrors(bad).nameAr).toBe('This field is required');

    const unknownCar = await send('POST', '/api/tour/add', tourFields({ prices: JSON.stringify([{ carId: 999_999, seasonId: summerId, price: 10 }]) }));
    expect(unknownCar.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(unknownCar))).toEqual(['prices']);
    expect(await ctx.database.db.select().from(tours)).toEqual(before);
    expect((await user({ method: 'DELETE', url: `/api/tour/delete/${before[0]!.id}` })).statusCode).toBe(403);
  });

  it('deletes a tour with its prices and its photo', async () => {
    const [tour] = await ctx.database.db.select().from(tours);
    const deleted = await admin({ method: 'DELETE', url: `/api/tour/delete/${tour!.id}` });
    expect(deleted.json().data).toEqual({ id: tour!.id });
    expect(await ctx.database.db.select().from(tourPrices)).toEqual([]);
    expect(await ctx.database.db.select().from(uploads)).toEqual([]);
    expect((await admin({ method: 'DELETE', url: `/api/tour/delete/${tour!.id}` })).statusCode).toBe(404);
  });
});

describe('demo tours', () => {
  it('sells three Riviera tours with a price for every car in every season', async () => {
    const demo = await createTestApp();
    try {
      await seedDemoData(demo.database.db);
      const list = (await demo.app.inject({ method: 'GET', url: '/api/tour/getAll' })).json().data as { name: { fr: string }; prices: unknown[]; seasonPrices: unknown[] }[];
      const [carCount, seasonCount] = await Promise.all([demo.database.db.$count(cars), demo.database.db.$count(seasons)]);
      expect(list.map((tour) => tour.name.fr)).toEqual(['Monaco et Èze', 'Saint-Paul-de-Vence et Grasse', 'Corniche de l’Estérel']);
      for (const tour of list) {
        expect(tour.prices).toHaveLength(carCount);
        expect(tour.seasonPrices).toHaveLength(carCount * seasonCount);
      }
    } finally {
      await demo.close();
    }
  });
});
