import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, uploads as storedUploads, users } from '../../src/platform/db/schema.ts';
import { backOfficeUsers, multipart, pngImage, type Caller } from '../catalogue/catalogue-helpers.ts';
import { bearer, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

let ctx: TestContext;
let admin: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
});
afterAll(async () => ctx.close());

const carCount = async () => (await ctx.database.db.select().from(cars)).length;
const uploadCount = async () => (await ctx.database.db.select({ name: storedUploads.name }).from(storedUploads)).length;
const carFields = { name: 'Mercedes Classe V', number: 'AB-123-CD', model: 'V 300 d', seats: '7', packages: '7' };
const png = { fileName: 'car.png', type: 'image/png', bytes: pngImage() };

describe('ids past PostgreSQL integer range', () => {
  it.each([
    ['path', 'GET', '/api/destination/getAll/2147483648', 'originId'],
    ['path', 'DELETE', '/api/car/delete/2147483648', 'id'],
    ['path', 'GET', '/api/user/booking/step-two/4294967296', 'bookingId'],
    ['query', 'GET', '/api/pricing/getAll?car=2147483648', 'car'],
    ['query', 'GET', '/api/user/getAll?after=2147483648', 'after'],
    ['query', 'GET', '/api/contacts/getAll?after=99999999999', 'after'],
  ])('in the %s (%s %s) are a translated 400 naming the field', async (_where, method, url, field) => {
    const response = await admin({ method: method as 'GET', url, headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Some information is invalid', code: 'validation_failed', errors: [{ path: field, message: 'Invalid value' }] });
  });

  it('in the body are a translated 400 naming the field', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/pricingList/add',
      headers: { 'accept-language': 'ar' },
      payload: { place: 2 ** 31, placeFrom: 1, carsList: [{ carId: 1, price: 80 }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'place', message: 'قيمة غير صالحة' }] });
  });

  it('in a booking list cursor are a 400 on after', async () => {
    const cursor = Buffer.from('2026-01-01T00:00:00.000000Z|2147483648').toString('base64url');
    const response = await admin({ method: 'GET', url: `/api/booking/getAll?after=${cursor}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'after' }] });
  });

  it('stop at the largest integer, which is merely not found', async () => {
    const response = await admin({ method: 'DELETE', url: '/api/car/delete/2147483647' });
    expect(response.statusCode).toBe(404);
  });
});

describe('a NUL character in any text', () => {
  it('is a translated 400 on the field of a JSON body, and changes nothing', async () => {
    const customer = await registerUser(ctx.app, { fullName: 'Camille Martin' });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/update',
      headers: { ...bearer(customer.token), 'accept-language': 'en' },
      payload: { fullName: 'Camille\u0000Martin', email: customer.user.email, phone: '+33612345678' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Some information is invalid',
      code: 'validation_failed',
      errors: [{ path: 'fullName', message: 'This text contains a character that is not allowed' }],
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, customer.user.email));
    expect(row!.fullName).toBe('Camille Martin');
  });

  it('is refused deep in a body, in a query and in a password', async () => {
    const booking = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/booking/add',
      payload: { origin: { title: 'Nice\u0000', type: 'address' }, destination: { title: 'Monaco' }, date: '2099-01-01T10:00' },
    });
    expect(booking.statusCode).toBe(400);
    expect(booking.json().errors).toEqual([{ path: 'origin.title', message: 'Ce texte contient un caractère non autorisé' }]);

    const search = await admin({ method: 'GET', url: '/api/booking/getAll?q=a%00b' });
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual([{ path: 'q', message: 'Ce texte contient un caractère non autorisé' }]);

    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.test', password: 'pass\u0000word' } });
    expect(login.statusCode).toBe(400);
    expect(login.json().errors).toEqual([{ path: 'password', message: 'Ce texte contient un caractère non autorisé' }]);
  });

  it('leaves an unknown route a 404', async () => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/auth/login', payload: { email: 'a\u0000' } });
    expect(response.statusCode).toBe(404);
  });

  it('is refused in a multipart text field, leaving no car and no file behind', async () => {
    const before = { cars: await carCount(), files: await uploadCount() };
    const { payload, headers } = await multipart({ ...carFields, name: 'Classe\u0000V' }, png);
    const response = await admin({ method: 'POST', url: '/api/car/add', payload, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'name', message: 'Ce texte contient un caractère non autorisé' }]);
    expect({ cars: await carCount(), files: await uploadCount() }).toEqual(before);
  });
});

describe('a malformed multipart body', () => {
  async function validBody() {
    return multipart(carFields, png);
  }
  const boundaryOf = (contentType: string) => /boundary=(.+)$/.exec(contentType)![1]!;

  it.each([
    ['a boundary that is not the body’s', async () => {
      const { payload } = await validBody();
      return { payload, contentType: 'multipart/form-data; boundary=not-the-one-in-the-body' };
    }],
    ['no boundary', async () => ({ payload: (await validBody()).payload, contentType: 'multipart/form-data' })],
    ['a truncated body', async () => {
      const { payload, headers } = await validBody();
      return { payload: payload.subarray(0, payload.length - 40), contentType: headers['content-type']! };
    }],
    ['a part without headers', async () => {
      const { headers } = await validBody();
      const boundary = boundaryOf(headers['content-type']!);
      return { payload: Buffer.from(`--${boundary}\r\nnot a header\r\n\r\nx\r\n--${boundary}`), contentType: headers['content-type']! };
    }],
  ])('with %s is a translated 400 and adds nothing', async (_name, build) => {
    const before = await carCount();
    const { payload, contentType } = await build();
    const response = await admin({ method: 'POST', url: '/api/car/add', payload, headers: { 'content-type': contentType, 'accept-language': 'en' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.stringMatching(/^(form_data_invalid|validation_failed)$/) });
    expect(typeof response.json().message).toBe('string');
    expect(await carCount()).toBe(before);
  });

  it('says the form could not be read when the parser gives up', async () => {
    const { payload } = await validBody();
    const response = await admin({ method: 'POST', url: '/api/car/add', payload, headers: { 'content-type': 'multipart/form-data; boundary=nope', 'accept-language': 'en' } });
    expect(response.json()).toEqual({ message: 'The form sent is incomplete or unreadable', code: 'form_data_invalid' });
  });

  it('with the file under a text field’s name is a 400 on the fields', async () => {
    const { payload, headers } = await multipart(carFields, { ...png, field: 'name' });
    const response = await admin({ method: 'POST', url: '/api/car/add', payload, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });
});
