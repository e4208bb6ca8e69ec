import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, drivers, users } from '../../src/platform/db/schema.ts';
import { backOfficeUsers, fieldErrors, type Caller } from '../catalogue/catalogue-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

let ctx: TestContext;
let admin: Caller;
let customerId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
  const [customer] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'user')).limit(1);
  customerId = customer!.id;
});
afterAll(async () => ctx.close());

const LUC = { fullName: 'Luc Martin', phone: '+33 6 12 34 56 78', email: 'Luc.Martin@example.com', languages: ['en', 'fr'] };

async function addDriver(body: Record<string, unknown> = LUC): Promise<number> {
  const response = await admin({ method: 'POST', url: '/api/driver/add', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);

/** A booking of this chauffeur, written as the funnel and the assignment would leave it. */
async function tripOf(driverId: number, status: 'pending' | 'accepted' | 'paid' | 'cancelled' | 'rejected' | 'completed', pickupAt: Date, returnAt?: Date) {
  await ctx.database.db.insert(bookings).values({
    userId: customerId,
    status,
    origin: { title: 'Nice', type: 'address' },
    destination: { title: 'Monaco', type: 'address' },
    rentFromType: 'address',
    rentToType: 'address',
    pickupAt,
    distanceKm: 20,
    adults: 2,
    driverId,
    returnRent: returnAt !== undefined,
    returnAt,
  });
}

describe('chauffeurs', () => {
  it('adds, lists, edits and deletes a chauffeur, with the translated messages', async () => {
    const added = await admin({ method: 'POST', url: '/api/driver/add', payload: LUC, headers: { 'accept-language': 'en' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      message: 'Added successfully',
      data: {
        id: expect.any(Number),
        fullName: 'Luc Martin',
        phone: '+33612345678',
        email: 'luc.martin@example.com',
        languages: ['fr', 'en'],
        active: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const id = added.json().data.id as number;

    const updated = await admin({
      method: 'PUT',
      url: `/api/driver/update/${id}`,
      payload: { ...LUC, fullName: 'Luc Martin-Rossi', languages: ['it'], active: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: 'Modifié avec succès', data: { id, fullName: 'Luc Martin-Rossi', languages: ['it'], active: false } });

    const list = await admin({ method: 'GET', url: '/api/driver/getAll' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(expect.objectContaining({ id, fullName: 'Luc Martin-Rossi', active: false }));

    const deleted = await admin({ method: 'DELETE', url: `/api/driver/delete/${id}`, headers: { 'accept-language': 'ar' } });
    expect(deleted.json()).toEqual({ message: 'تم الحذف بنجاح', data: { id } });
    expect(await ctx.database.db.select().from(drivers).where(eq(drivers.id, id))).toEqual([]);
  });

  it('refuses bad fields with translated field errors, and changes nothing', async () => {
    const before = await ctx.database.db.select().from(drivers);
    const response = await admin({
      method: 'POST',
      url: '/api/driver/add',
      payload: { fullName: ' ', phone: 'call me', email: 'nope', languages: ['fr', 'xx'], active: 'maybe' },
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    expect(fieldErrors(response)).toEqual({
      fullName: 'This field is required',
      phone: 'Invalid phone number: check the country and the number of digits',
      email: 'Invalid e-mail address',
      'languages.1': 'Unsupported language',
      active: 'Invalid value',
    });
    expect(await ctx.database.db.select().from(drivers)).toEqual(before);
  });

  it('answers 404 for unknown chauffeurs and 400 for ids beyond the integer range', async () => {
    for (const [method, url] of [
      ['PUT', '/api/driver/update/999999'],
      ['DELETE', '/api/driver/delete/999999'],
    ] as const) {
      const response = await admin({ method, url, payload: method === 'PUT' ? LUC : undefined, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: 'Not found' });
    }
    for (const [method, url] of [
      ['PUT', `/api/driver/update/${2 ** 31}`],
      ['DELETE', `/api/driver/delete/${2 ** 31}`],
    ] as const) {
      const response = await admin({ method, url, payload: method === 'PUT' ? LUC : undefined });
      expect(response.statusCode, url).toBe(400);
      expect(fieldErrors(response)).toEqual({ id: 'Valeur invalide' });
    }
  });

  it('refuses to delete a chauffeur with a trip to come, who can still be made inactive', async () => {
    for (const status of ['pending', 'accepted', 'paid'] as const) {
      const id = await addDriver();
      await tripOf(id, status, hoursFromNow(48));
      const refused = await admin({ method: 'DELETE', url: `/api/driver/delete/${id}`, headers: { 'accept-language': 'en' } });
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json()).toEqual({
        code: 'driver_has_trips',
        message: 'This chauffeur has trips to come: they cannot be deleted, only made inactive',
      });
      const inactive = await admin({ method: 'PUT', url: `/api/driver/update/${id}`, payload: { ...LUC, active: false } });
      expect(inactive.json().data.active).toBe(false);
      expect(await ctx.database.db.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, id))).toEqual([{ id }]);
    }
  });

  it('counts the return pickup of a trip whose outward leg is over', async () => {
    const id = await addDriver();
    await tripOf(id, 'paid', hoursFromNow(-5), hoursFromNow(20));
    expect((await admin({ method: 'DELETE', url: `/api/driver/delete/${id}` })).statusCode).toBe(409);
  });

  it('deletes a chauffeur whose trips are past, cancelled or rejected; the bookings stay', async () => {
    const id = await addDriver();
    await tripOf(id, 'accepted', hoursFromNow(-3));
    await tripOf(id, 'completed', hoursFromNow(-30));
    await tripOf(id, 'cancelled', hoursFromNow(48));
    await tripOf(id, 'rejected', hoursFromNow(72));
    const deleted = await admin({ method: 'DELETE', url: `/api/driver/delete/${id}` });
    expect(deleted.statusCode).toBe(200);
    const left = await ctx.database.db.select({ driverId: bookings.driverId }).from(bookings).where(eq(bookings.userId, customerId));
    expect(left.length).toBeGreaterThanOrEqual(4);
    expect(left.every((booking) => booking.driverId !== id)).toBe(true);
  });
});
