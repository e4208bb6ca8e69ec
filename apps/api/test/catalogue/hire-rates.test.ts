import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, hourlyRates, seasons } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { backOfficeUsers, fieldErrors, type Caller } from './catalogue-helpers.ts';

let ctx: TestContext;
let admin: Caller;
let carId: number;
let summerId: number;
let winterId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
  const db = ctx.database.db;
  const [car] = await db.insert(cars).values({ name: 'Mercedes Classe V', number: 'AA-1', model: 'V 300', seats: 7, packages: 7 }).returning();
  const [summer, winter] = await db
    .insert(seasons)
    .values([
      { name: 'summer', startMonth: 6, endMonth: 8 },
      { name: 'winter', startMonth: 12, endMonth: 2 },
    ])
    .returning();
  carId = car!.id;
  summerId = summer!.id;
  winterId = winter!.id;
});
afterAll(async () => ctx.close());

const rate = (overrides: Record<string, unknown> = {}) => ({
  carId,
  seasonId: summerId,
  pricePerHour: '85',
  minHours: 3,
  kmIncludedPerHour: 20,
  pricePerExtraKm: '2,50',
  pricePerDay: 650,
  ...overrides,
});
const add = (payload: Record<string, unknown>, language = 'fr') =>
  admin({ method: 'POST', url: '/api/hourlyRate/add', payload, headers: { 'accept-language': language } });

describe('hourly rates', () => {
  it('adds, lists, replaces and deletes a rate, in EUR and in cents with its car and season', async () => {
    const created = await add(rate());
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      carId,
      seasonId: summerId,
      pricePerHour: 85,
      pricePerHourCents: 8_500,
      minHours: 3,
      kmIncludedPerHour: 20,
      pricePerExtraKm: 2.5,
      pricePerExtraKmCents: 250,
      pricePerDay: 650,
      pricePerDayCents: 65_000,
      car: { id: carId, name: 'Mercedes Classe V' },
      season: { id: summerId, name: 'summer' },
    });
    const id = created.json().data.id as number;

    const updated = await admin({ method: 'PUT', url: `/api/hourlyRate/update/${id}`, payload: rate({ pricePerHour: 90, pricePerDay: '' }) });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ pricePerHourCents: 9_000, pricePerDay: null, pricePerDayCents: null });

    const list = await admin({ method: 'GET', url: `/api/hourlyRate/getAll?car=${carId}` });
    expect(list.json().data.map((item: { id: number; pricePerHour: number }) => [item.id, item.pricePerHour])).toEqual([[id, 90]]);
    expect((await admin({ method: 'GET', url: `/api/hourlyRate/getAll?season=${winterId}` })).json().data).toEqual([]);

    expect((await admin({ method: 'DELETE', url: `/api/hourlyRate/delete/${id}` })).json().data).toEqual({ id });
    expect(await ctx.database.db.select().from(hourlyRates)).toEqual([]);
  });

  it('keeps one rate per car and season, with a translated 409 on the season', async () => {
    expect((await add(rate({ seasonId: winterId }))).statusCode).toBe(201);
    const second = await add(rate({ seasonId: winterId, pricePerHour: 99 }), 'ar');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'hire_rate_exists', message: 'لهذه السيارة تعريفة بالساعة لهذا الموسم بالفعل' });
    expect(fieldErrors(second)).toEqual({ seasonId: 'لهذه السيارة تعريفة بالساعة لهذا الموسم بالفعل' });
    const rows = await ctx.database.db.select().from(hourlyRates);
    expect(rows.map((row) => row.pricePerHourCents)).toEqual([8_500]);
    await ctx.database.db.delete(hourlyRates);
  });

  it('refuses bad amounts and unknown cars or seasons, saving nothing', async () => {
    const bad = await add(rate({ pricePerHour: 'abc', minHours: 0, kmIncludedPerHour: -1, pricePerDay: 650.5, pricePerExtraKm: undefined }));
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toEqual({
      pricePerHour: 'Montant invalide (en euros, 2 décimales au maximum)',
      minHours: 'La valeur doit être comprise entre 1 et 24',
      kmIncludedPerHour: 'La valeur doit être comprise entre 0 et 200',
      pricePerDay: 'Montant invalide (en euros, 2 décimales au maximum)',
      pricePerExtraKm: 'Ce champ est obligatoire',
    });
    expect(bad.json().message).toBe('Certaines informations sont invalides');
    const unknownCar = await add(rate({ carId: 999_999 }));
    expect([unknownCar.statusCode, unknownCar.json().code]).toEqual([400, 'validation_failed']);
    expect(Object.keys(fieldErrors(unknownCar))).toEqual(['carId']);
    const unknownSeason = await add(rate({ seasonId: 999_999 }));
    expect(Object.keys(fieldErrors(unknownSeason))).toEqual(['seasonId']);
    const missing = await admin({ method: 'PUT', url: '/api/hourlyRate/update/999999', payload: rate() });
    expect(missing.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(hourlyRates)).toEqual([]);
  });

  it('two admins adding the same car and season at once: one rate, one 409', async () => {
    const answers = await Promise.all([add(rate()), add(rate({ pricePerHour: 95 }))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await ctx.database.db.select().from(hourlyRates)).toHaveLength(1);
    await ctx.database.db.delete(hourlyRates);
  });
});

describe('demo hire rates', () => {
  it('gives every demo car a rate in every season', async () => {
    const demo = await createTestApp();
    try {
      await seedDemoData(demo.database.db);
      const [carCount, seasonCount, rates] = await Promise.all([
        demo.database.db.$count(cars),
        demo.database.db.$count(seasons),
        demo.database.db.select().from(hourlyRates),
      ]);
      expect(carCount * seasonCount).toBeGreaterThan(0);
      expect(rates).toHaveLength(carCount * seasonCount);
      expect(rates.every((row) => row.pricePerHourCents > 0 && row.pricePerDayCents! > row.pricePerHourCents * row.minHours)).toBe(true);
    } finally {
      await demo.close();
    }
  });
});
