import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { origins, uploads } from '../../src/platform/db/schema.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { backOfficeUsers, multipart, pngImage } from './catalogue-helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every admin route of the back office. */
const ADMIN_ROUTES: [Method, string][] = [
  ['GET', '/api/car/getAll'],
  ['POST', '/api/car/add'],
  ['PUT', '/api/car/update/{id}'],
  ['DELETE', '/api/car/delete/{id}'],
  ['PUT', '/api/car/visibility/{id}'],
  ['GET', '/api/pricing/getAll'],
  ['POST', '/api/pricing/add'],
  ['PUT', '/api/pricing/update/{id}'],
  ['DELETE', '/api/pricing/delete/{id}'],
  ['GET', '/api/hourlyRate/getAll'],
  ['POST', '/api/hourlyRate/add'],
  ['PUT', '/api/hourlyRate/update/{id}'],
  ['DELETE', '/api/hourlyRate/delete/{id}'],
  ['POST', '/api/pricingList/add'],
  ['PUT', '/api/pricingList/update/{id}'],
  ['DELETE', '/api/pricingList/delete/{id}'],
  ['POST', '/api/origin/add'],
  ['PUT', '/api/origin/update/{id}'],
  ['DELETE', '/api/origin/delete/{id}'],
  ['POST', '/api/destination/add'],
  ['PUT', '/api/destination/update/{id}'],
  ['DELETE', '/api/destination/delete/{id}'],
  ['GET', '/api/season/getAll'],
  ['POST', '/api/season/add'],
  ['PUT', '/api/season/update/{id}'],
  ['DELETE', '/api/season/delete/{id}'],
  ['GET', '/api/holiday/getAll'],
  ['POST', '/api/holiday/add'],
  ['PUT', '/api/holiday/update/{id}'],
  ['DELETE', '/api/holiday/delete/{id}'],
  ['GET', '/api/duration/getAll'],
  ['POST', '/api/duration/add'],
  ['PUT', '/api/duration/update/{id}'],
  ['DELETE', '/api/duration/delete/{id}'],
  ['GET', '/api/contacts/getAll'],
  ['POST', '/api/tour/add'],
  ['PUT', '/api/tour/update/{id}'],
  ['DELETE', '/api/tour/delete/{id}'],
  ['GET', '/api/driver/getAll'],
  ['POST', '/api/driver/add'],
  ['PUT', '/api/driver/update/{id}'],
  ['DELETE', '/api/driver/delete/{id}'],
];

/** The back-office routes anyone may call. */
const PUBLIC_ROUTES: [Method, string][] = [
  ['GET', '/api/pricingList/getAll'],
  ['GET', '/api/pricingList/cars'],
  ['GET', '/api/origin/getAll'],
  ['GET', '/api/destination/getAll'],
  ['GET', '/api/destination/getAll/{originId}'],
  ['POST', '/api/contacts/'],
  ['GET', '/api/tour/getAll'],
  ['GET', '/api/tour/get/{id}'],
];

const BACK_OFFICE_PREFIXES = ['car', 'pricing', 'hourlyRate', 'pricingList', 'origin', 'destination', 'season', 'holiday', 'duration', 'contacts', 'driver', 'tour'];

let ctx: TestContext;
let userToken: string;
let openapi: { paths: Record<string, Record<string, { security?: unknown; tags?: string[]; summary?: string; responses?: Record<string, unknown> }>> };

beforeAll(async () => {
  ctx = await createTestApp();
  ({ userToken } = await backOfficeUsers(ctx.app, ctx.database));
  openapi = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => ctx.close());

const concrete = (url: string) => url.replace('{id}', '1').replace('{originId}', '1');

describe('admin-only back office', () => {
  it.each(ADMIN_ROUTES)('%s %s refuses anonymous callers (401) and users (403)', async (method, url) => {
    const anonymous = await ctx.app.inject({ method, url: concrete(url), headers: { 'accept-language': 'en' }, ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'unauthorized', message: 'Please log in' });

    const asUser = await ctx.app.inject({
      method,
      url: concrete(url),
      headers: { authorization: `Bearer ${userToken}`, 'accept-language': 'en' },
      ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
    });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ code: 'forbidden', message: 'You do not have access to this resource' });
  });

  it('checks the token before reading an upload', async () => {
    const { payload, headers } = await multipart(
      { name: 'x', number: 'x', model: 'x', seats: 1, packages: 1 },
      { fileName: 'big.png', type: 'image/png', bytes: Buffer.concat([pngImage(), Buffer.alloc(6 * 1024 * 1024)]) },
    );
    const stored = async () => (await ctx.database.db.select({ name: uploads.name }).from(uploads)).length;
    const before = await stored();
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/car/add', payload, headers });
    expect(anonymous.statusCode).toBe(401);
    const asUser = await ctx.app.inject({ method: 'POST', url: '/api/car/add', payload, headers: { ...headers, authorization: `Bearer ${userToken}` } });
    expect(asUser.statusCode).toBe(403);
    expect(await stored()).toBe(before);
  });

  it.each(PUBLIC_ROUTES.filter(([method, url]) => method === 'GET' && !url.includes('{id}')))('%s %s is public', async (method, url) => {
    const [origin] = await ctx.database.db.insert(origins).values({ name: `Nice ${url}` }).returning();
    const response = await ctx.app.inject({ method, url: url.replace('{originId}', String(origin!.id)) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(expect.any(Array));
  });

  it('covers every back-office route, each documented, admin ones with the bearer scheme', () => {
    const documented: [Method, string][] = [];
    for (const [url, operations] of Object.entries(openapi.paths)) {
      if (!BACK_OFFICE_PREFIXES.some((prefix) => url.startsWith(`/api/${prefix}/`))) continue;
      for (const [method, operation] of Object.entries(operations)) {
        documented.push([method.toUpperCase() as Method, url]);
        expect(operation.tags?.length, url).toBeGreaterThan(0);
        expect(operation.summary, url).toEqual(expect.any(String));
        expect(Object.keys(operation.responses ?? {}).some((status) => status.startsWith('2')), url).toBe(true);
        const isAdmin = ADMIN_ROUTES.some(([m, u]) => m === method.toUpperCase() && u === url);
        expect(Boolean(operation.security), `${method} ${url}`).toBe(isAdmin);
      }
    }
    const key = ([method, url]: [Method, string]) => `${method} ${url}`;
    expect(documented.map(key).sort()).toEqual([...ADMIN_ROUTES, ...PUBLIC_ROUTES].map(key).sort());
  });
});
