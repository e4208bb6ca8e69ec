import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, durations, holidays, pricings, seasons } from '../../src/platform/db/schema.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { backOfficeUsers, fieldErrors, type Caller } from './catalogue-helpers.ts';

let ctx: TestContext;
let admin: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
});
afterAll(async () => ctx.close());

const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, language = 'en') =>
  admin({ method, url, payload, headers: { 'accept-language': language } });

describe('seasons', () => {
  const clear = () => ctx.database.db.delete(seasons);

  it('adds, lists, updates and deletes a season, in both namings', async () => {
    await clear();
    const add = await send('POST', '/api/season/add', { name: 'summer', startMonth: '6', endMonth: 8 }, 'fr');
    expect(add.statusCode).toBe(201);
    const created = add.json().data;
    expect(add.json()).toMatchObject({
      message: 'Ajouté avec succès',
      data: { name: 'summer', startMonth: 6, endMonth: 8, start_month: 6, end_month: 8 },
    });
    expect(created.createdAt).toEqual(expect.any(String));

    const list = await admin({ method: 'GET', url: '/api/season/getAll' });
    expect(list.json().data).toEqual([created]);

    const update = await send('PUT', `/api/season/update/${created.id}`, { name: 'Summer', startMonth: 5, endMonth: 9 }, 'fr');
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ message: 'Modifié avec succès', data: { id: created.id, name: 'summer', start_month: 5, end_month: 9 } });

    const remove = await admin({ method: 'DELETE', url: `/api/season/delete/${created.id}` });
    expect(remove.json()).toEqual({ message: 'Supprimé avec succès', data: { id: created.id } });
    expect((await admin({ method: 'DELETE', url: `/api/season/delete/${created.id}` })).statusCode).toBe(404);
    expect((await send('PUT', `/api/season/update/${created.id}`, { name: 'winter', startMonth: 1, endMonth: 2 })).statusCode).toBe(404);
  });

  it('requires name and months, limits the name to the four seasons and months to 1-12', async () => {
    await clear();
    const missing = await send('POST', '/api/season/add', {});
    expect(missing.statusCode).toBe(400);
    expect(fieldErrors(missing)).toMatchObject({ startMonth: 'This field is required', endMonth: 'This field is required' });
    expect(fieldErrors(missing)).toHaveProperty('name');

    for (const name of ['sumer', 'monsoon', '']) {
      const response = await send('POST', '/api/season/add', { name, startMonth: 6, endMonth: 8 });
      expect(response.statusCode, name).toBe(400);
      expect(fieldErrors(response)).toEqual({ name: 'Choose a season: summer, winter, spring or autumn' });
    }
    for (const [startMonth, endMonth] of [[0, 5], [3, 13], ['x', 5]]) {
      const response = await send('POST', '/api/season/add', { name: 'spring', startMonth, endMonth });
      expect(response.statusCode).toBe(400);
    }
    const outOfRange = await send('POST', '/api/season/add', { name: 'spring', startMonth: 0, endMonth: 13 });
    expect(fieldErrors(outOfRange)).toEqual({ startMonth: 'Month must be between 1 and 12', endMonth: 'Month must be between 1 and 12' });
    expect(await ctx.database.db.select().from(seasons)).toEqual([]);
  });

  it('refuses seasons sharing a month, across the year end too', async () => {
    await clear();
    expect((await send('POST', '/api/season/add', { name: 'winter', startMonth: 11, endMonth: 2 })).statusCode).toBe(201);
    const spring = await send('POST', '/api/season/add', { name: 'spring', startMonth: 3, endMonth: 5 });
    expect(spring.statusCode).toBe(201);
    const overlapping = await send('POST', '/api/season/add', { name: 'autumn', startMonth: 9, endMonth: 12 });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toEqual({
      code: 'season_overlap',
      message: 'These months overlap an existing season',
      errors: [{ path: 'startMonth', message: 'These months overlap an existing season' }],
    });
    expect((await send('POST', '/api/season/add', { name: 'autumn', startMonth: 9, endMonth: 10 })).statusCode).toBe(201);
    // A season may be edited within its own months, not onto another's.
    const springId = spring.json().data.id;
    expect((await send('PUT', `/api/season/update/${springId}`, { name: 'spring', startMonth: 3, endMonth: 4 })).statusCode).toBe(200);
    expect((await send('PUT', `/api/season/update/${springId}`, { name: 'spring', startMonth: 2, endMonth: 4 })).statusCode).toBe(409);
  });

  it('lets only one of two simultaneous overlapping seasons through', async () => {
    await clear();
    const responses = await Promise.all(
      [1, 2, 3, 4].map((startMonth) => send('POST', '/api/season/add', { name: 'summer', startMonth, endMonth: startMonth + 4 })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('deletes the pricing bands of a deleted season', async () => {
    await clear();
    const season = (await send('POST', '/api/season/add', { name: 'summer', startMonth: 6, endMonth: 8 })).json().data;
    const [car] = await ctx.database.db.insert(cars).values({ name: 'V', number: '1', model: 'V', seats: 7, packages: 7 }).returning();
    await ctx.database.db.insert(pricings).values({ carId: car!.id, seasonId: season.id, kmStart: 0, minPriceCents: 100 });
    expect((await admin({ method: 'DELETE', url: `/api/season/delete/${season.id}` })).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(pricings).where(eq(pricings.seasonId, season.id))).toEqual([]);
  });
});

describe('holidays', () => {
  it('adds, lists in calendar order, updates and deletes a holiday', async () => {
    const christmas = await send('POST', '/api/holiday/add', { title: 'Noël', day: '25', month: '12' }, 'fr');
    expect(christmas.statusCode).toBe(201);
    expect(christmas.json()).toMatchObject({ message: 'Ajouté avec succès', data: { title: 'Noël', day: 25, month: 12 } });
    const newYear = (await send('POST', '/api/holiday/add', { title: 'Jour de l’an', day: 1, month: 1 })).json().data;

    const list = await admin({ method: 'GET', url: '/api/holiday/getAll' });
    expect(list.json().data).toEqual([newYear, christmas.json().data]);

    const update = await send('PUT', `/api/holiday/update/${newYear.id}`, { title: 'Nouvel an', day: 1, month: 1 }, 'fr');
    expect(update.json()).toMatchObject({ message: 'Modifié avec succès', data: { id: newYear.id, title: 'Nouvel an' } });

    const remove = await admin({ method: 'DELETE', url: `/api/holiday/delete/${newYear.id}` });
    expect(remove.json()).toEqual({ message: 'Supprimé avec succès', data: { id: newYear.id } });
    expect(await ctx.database.db.select().from(holidays).where(eq(holidays.id, newYear.id))).toEqual([]);
    expect((await admin({ method: 'DELETE', url: `/api/holiday/delete/${newYear.id}` })).statusCode).toBe(404);
    expect((await send('PUT', `/api/holiday/update/${newYear.id}`, { title: 'x', day: 1, month: 1 })).statusCode).toBe(404);
  });

  it('requires title, day and month; day 1-31, month 1-12; the date must exist', async () => {
    const before = (await ctx.database.db.select().from(holidays)).length;
    const missing = await send('POST', '/api/holiday/add', {});
    expect(fieldErrors(missing)).toEqual({ title: 'This field is required', day: 'This field is required', month: 'This field is required' });
    const ranges = await send('POST', '/api/holiday/add', { title: 'x', day: 32, month: 13 });
    expect(fieldErrors(ranges)).toEqual({ day: 'Day must be between 1 and 31', month: 'Month must be between 1 and 12' });
    const zero = await send('POST', '/api/holiday/add', { title: 'x', day: 0, month: 0 });
    expect(fieldErrors(zero)).toEqual({ day: 'Day must be between 1 and 31', month: 'Month must be between 1 and 12' });
    for (const [day, month] of [[31, 2], [30, 2], [31, 4]]) {
      const response = await send('POST', '/api/holiday/add', { title: 'x', day, month });
      expect(response.statusCode).toBe(400);
      expect(fieldErrors(response)).toEqual({ day: 'This date does not exist' });
    }
    expect((await ctx.database.db.select().from(holidays)).length).toBe(before);
    expect((await send('POST', '/api/holiday/add', { title: 'Leap day', day: 29, month: 2 })).statusCode).toBe(201);
  });
});

describe('durations', () => {
  it('adds, lists, updates and deletes a route duration', async () => {
    const add = await send('POST', '/api/duration/add', { origin: 'Nice, France', destination: 'Monaco', duration: '35' }, 'fr');
    expect(add.statusCode).toBe(201);
    const created = add.json().data;
    expect(add.json()).toMatchObject({ message: 'Ajouté avec succès', data: { origin: 'Nice, France', destination: 'Monaco', duration: 35 } });

    const list = await admin({ method: 'GET', url: '/api/duration/getAll' });
    expect(list.json().data).toContainEqual(created);

    const update = await send('PUT', `/api/duration/update/${created.id}`, { origin: 'Nice', destination: 'Monaco', duration: 40 }, 'fr');
    expect(update.json()).toMatchObject({ message: 'Modifié avec succès', data: { id: created.id, origin: 'Nice', duration: 40 } });
    const [row] = await ctx.database.db.select().from(durations).where(eq(durations.id, created.id));
    expect(row?.durationMinutes).toBe(40);

    const remove = await admin({ method: 'DELETE', url: `/api/duration/delete/${created.id}` });
    expect(remove.json()).toEqual({ message: 'Supprimé avec succès', data: { id: created.id } });
    expect((await admin({ method: 'DELETE', url: `/api/duration/delete/${created.id}` })).statusCode).toBe(404);
    expect((await send('PUT', `/api/duration/update/${created.id}`, { origin: 'a', destination: 'b', duration: 1 })).statusCode).toBe(404);
  });

  it('requires origin, destination and a numeric duration', async () => {
    const before = (await ctx.database.db.select().from(durations)).length;
    const missing = await send('POST', '/api/duration/add', {});
    expect(fieldErrors(missing)).toEqual({ origin: 'This field is required', destination: 'This field is required', duration: 'This field is required' });
    const notNumber = await send('POST', '/api/duration/add', { origin: 'Nice', destination: 'Monaco', duration: 'forty' });
    expect(fieldErrors(notNumber)).toEqual({ duration: 'Please enter a number' });
    const fraction = await send('POST', '/api/duration/add', { origin: 'Nice', destination: 'Monaco', duration: 1.5 });
    expect(fieldErrors(fraction)).toEqual({ duration: 'Please enter a number' });
    const zero = await send('POST', '/api/duration/add', { origin: 'Nice', destination: 'Monaco', duration: 0 });
    expect(zero.statusCode).toBe(400);
    expect((await ctx.database.db.select().from(durations)).length).toBe(before);
  });
});
