import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, destinations, pricingListEntries, pricingListPrices } from '../../src/platform/db/schema.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { backOfficeUsers, fieldErrors, type Caller } from './catalogue-helpers.ts';

let ctx: TestContext;
let admin: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
});
afterAll(async () => ctx.close());

let counter = 0;
const unique = (name: string) => `${name} ${++counter}`;

async function addOrigin(name = unique('Nice'), title?: string) {
  const response = await admin({ method: 'POST', url: '/api/origin/add', payload: { name, title } });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; name: string; title: string | null };
}

async function addDestination(originId: number, name = unique('Monaco')) {
  const response = await admin({ method: 'POST', url: '/api/destination/add', payload: { name, originId } });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; name: string; originId: number };
}

describe('origins', () => {
  it('adds, lists publicly by id, updates and deletes origins', async () => {
    const add = await admin({ method: 'POST', url: '/api/origin/add', payload: { name: 'Cannes', title: 'vtc-cannes' } });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ message: 'Ajouté avec succès', data: { name: 'Cannes', title: 'vtc-cannes' } });
    const cannes = add.json().data;
    const monaco = await addOrigin('Monaco');
    expect(monaco.title).toBeNull();

    const list = await ctx.app.inject({ method: 'GET', url: '/api/origin/getAll' });
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(list.json().data).toContainEqual({ id: cannes.id, name: 'Cannes', title: 'vtc-cannes', names: { fr: 'Cannes', en: 'Cannes', ar: 'كان' } });

    const update = await admin({ method: 'PUT', url: `/api/origin/update/${monaco.id}`, payload: { name: 'Monte-Carlo', title: 'vtc-monaco' } });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toEqual({ message: 'Modifié avec succès', data: { id: monaco.id, name: 'Monte-Carlo', title: 'vtc-monaco', names: { fr: 'Monte-Carlo', en: 'Monte-Carlo', ar: 'Monte-Carlo' } } });

    const remove = await admin({ method: 'DELETE', url: `/api/origin/delete/${monaco.id}` });
    expect(remove.json()).toEqual({ message: 'Supprimé avec succès', data: { id: monaco.id } });
    expect((await admin({ method: 'DELETE', url: `/api/origin/delete/${monaco.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'PUT', url: `/api/origin/update/${monaco.id}`, payload: { name: 'X' } })).statusCode).toBe(404);
  });

  it('requires a name and refuses a name already used with 409', async () => {
    const missing = await admin({ method: 'POST', url: '/api/origin/add', payload: { title: 'x' }, headers: { 'accept-language': 'en' } });
    expect(missing.statusCode).toBe(400);
    expect(fieldErrors(missing)).toEqual({ name: 'This field is required' });
    const origin = await addOrigin();
    const duplicate = await admin({ method: 'POST', url: '/api/origin/add', payload: { name: origin.name } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'conflict', errors: [{ path: 'name' }] });
    const other = await addOrigin();
    const rename = await admin({ method: 'PUT', url: `/api/origin/update/${other.id}`, payload: { name: origin.name } });
    expect(rename.statusCode).toBe(409);
  });

  it('deletes an origin with its destinations and price-list entries', async () => {
    const origin = await addOrigin();
    const destination = await addDestination(origin.id);
    const [car] = await ctx.database.db.insert(cars).values({ name: 'V', number: '1', model: 'V', seats: 7, packages: 7 }).returning();
    const [entry] = await ctx.database.db
      .insert(pricingListEntries)
      .values({ originId: origin.id, destinationId: destination.id })
      .returning();
    await ctx.database.db.insert(pricingListPrices).values({ entryId: entry!.id, carId: car!.id, priceCents: 9500 });

    expect((await admin({ method: 'DELETE', url: `/api/origin/delete/${origin.id}` })).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(destinations).where(eq(destinations.id, destination.id))).toEqual([]);
    expect(await ctx.database.db.select().from(pricingListEntries).where(eq(pricingListEntries.id, entry!.id))).toEqual([]);
    expect(await ctx.database.db.select().from(pricingListPrices).where(eq(pricingListPrices.entryId, entry!.id))).toEqual([]);
  });
});

describe('destinations', () => {
  it('adds destinations to an origin and lists them publicly, all or by origin', async () => {
    const nice = await addOrigin();
    const cannes = await addOrigin();
    const add = await admin({ method: 'POST', url: '/api/destination/add', payload: { name: 'Monaco', originId: String(nice.id) } });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ message: 'Ajouté avec succès', data: { name: 'Monaco', originId: nice.id } });
    const antibes = await addDestination(nice.id, 'Antibes');
    const toNice = await addDestination(cannes.id, 'Nice');

    const ofNice = await ctx.app.inject({ method: 'GET', url: `/api/destination/getAll/${nice.id}` });
    expect(ofNice.statusCode).toBe(200);
    expect(ofNice.json().data).toEqual([add.json().data, antibes]);
    const all = await ctx.app.inject({ method: 'GET', url: '/api/destination/getAll' });
    expect(all.json().data).toEqual(expect.arrayContaining([add.json().data, antibes, toNice]));

    expect((await ctx.app.inject({ method: 'GET', url: '/api/destination/getAll/999999' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/destination/getAll/abc' })).statusCode).toBe(400);
  });

  it('refuses an unknown origin with a field error, a missing name, and a name used twice in one origin', async () => {
    const unknown = await admin({ method: 'POST', url: '/api/destination/add', payload: { name: 'Monaco', originId: 999_999 }, headers: { 'accept-language': 'en' } });
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrors(unknown)).toEqual({ originId: 'Not found' });

    const missing = await admin({ method: 'POST', url: '/api/destination/add', payload: {}, headers: { 'accept-language': 'en' } });
    expect(fieldErrors(missing)).toEqual({ name: 'This field is required', originId: 'This field is required' });

    const origin = await addOrigin();
    await addDestination(origin.id, 'Menton');
    const twice = await admin({ method: 'POST', url: '/api/destination/add', payload: { name: 'Menton', originId: origin.id } });
    expect(twice.statusCode).toBe(409);
    // The same name under another origin is fine.
    await addDestination((await addOrigin()).id, 'Menton');
  });

  it('updates a destination, moving its price-list entry with it, and deletes it', async () => {
    const nice = await addOrigin();
    const cannes = await addOrigin();
    const destination = await addDestination(nice.id, 'Grasse');
    const [entry] = await ctx.database.db.insert(pricingListEntries).values({ originId: nice.id, destinationId: destination.id }).returning();

    const update = await admin({ method: 'PUT', url: `/api/destination/update/${destination.id}`, payload: { name: 'Grasse centre', originId: cannes.id } });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toEqual({ message: 'Modifié avec succès', data: { id: destination.id, name: 'Grasse centre', originId: cannes.id, lat: null, lon: null } });
    const [moved] = await ctx.database.db.select().from(pricingListEntries).where(eq(pricingListEntries.id, entry!.id));
    expect(moved?.originId).toBe(cannes.id);

    const toUnknown = await admin({ method: 'PUT', url: `/api/destination/update/${destination.id}`, payload: { name: 'X', originId: 999_999 } });
    expect(toUnknown.statusCode).toBe(400);
    expect(fieldErrors(toUnknown)).toHaveProperty('originId');

    const remove = await admin({ method: 'DELETE', url: `/api/destination/delete/${destination.id}` });
    expect(remove.json()).toEqual({ message: 'Supprimé avec succès', data: { id: destination.id } });
    expect(await ctx.database.db.select().from(pricingListEntries).where(eq(pricingListEntries.id, entry!.id))).toEqual([]);
    expect((await admin({ method: 'DELETE', url: `/api/destination/delete/${destination.id}` })).statusCode).toBe(404);
  });
});
