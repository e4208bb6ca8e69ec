import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, destinations, origins, pricingListEntries, pricingListPrices, pricings, seasons, uploads as uploadsTable } from '../../src/platform/db/schema.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { backOfficeUsers, fakeJpeg, multipart, photo, pngImage, type Caller, type FilePart } from './catalogue-helpers.ts';

let ctx: TestContext;
let admin: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
});
afterAll(async () => ctx.close());

const carFields = { name: 'Mercedes Classe V', number: 'AB-123-CD', model: 'V 300 d', seats: '7', packages: '7' };
const png: FilePart = { fileName: 'car.png', type: 'image/png', bytes: pngImage() };

const uploads = async () => (await ctx.database.db.select({ name: uploadsTable.name }).from(uploadsTable)).map((u) => u.name).sort();
const isStored = async (url: string) => (await uploads()).includes(url.replace('/uploads/', ''));
const carCount = async () => (await ctx.database.db.select().from(cars)).length;

async function addCar(fields: Record<string, string | number> = carFields, file: FilePart | null = png, language = 'fr') {
  const { payload, headers } = await multipart(fields, file ?? undefined);
  return admin({ method: 'POST', url: '/api/car/add', payload, headers: { ...headers, 'accept-language': language } });
}

async function updateCar(id: number, fields: Record<string, string | number>, file?: FilePart) {
  const { payload, headers } = await multipart(fields, file);
  return admin({ method: 'PUT', url: `/api/car/update/${id}`, payload, headers });
}

describe('cars', () => {
  it('adds a car with its image, stores it re-encoded under its hash and lists it', async () => {
    const response = await addCar();
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Ajouté avec succès');
    expect(body.data).toMatchObject({ name: 'Mercedes Classe V', number: 'AB-123-CD', model: 'V 300 d', seats: 7, packages: 7 });
    expect(body.data.img_url).toMatch(/^\/uploads\/[\w-]{32}\.webp$/);
    expect(body.data.createdAt).toEqual(expect.any(String));

    const served = await ctx.app.inject({ method: 'GET', url: body.data.img_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });

    const list = await admin({ method: 'GET', url: '/api/car/getAll' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(body.data);
  });

  it.each(['jpeg', 'png', 'webp'] as const)('takes a %s photo, whatever its declared name and type, and stores it as WebP', async (format) => {
    const response = await addCar(carFields, { fileName: 'photo.gif', type: 'application/octet-stream', bytes: await photo(format) });
    expect(response.statusCode).toBe(201);
    const served = await ctx.app.inject({ method: 'GET', url: response.json().data.img_url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });
  });

  it('strips the metadata (EXIF, GPS) and bounds the long side to 1600 px', async () => {
    const original = await photo('jpeg', { width: 3200, height: 2400, red: 90 });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await addCar(carFields, { fileName: 'big.jpg', type: 'image/jpeg', bytes: original });
    expect(response.statusCode).toBe(201);
    const served = await ctx.app.inject({ method: 'GET', url: response.json().data.img_url });
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(served.rawPayload.includes('owner-secret')).toBe(false);
    expect(served.rawPayload.includes('PhoneMaker')).toBe(false);
  });

  it('answers a missing upload with a JSON 404, not the web app', async () => {
    for (const url of ['/uploads/nothing-here.webp', '/uploads/%2e%2e%2findex.html', '/uploads/a/b.png', '/uploads/']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'not_found' });
    }
  });

  it('updates the fields and keeps the image when no new one is sent', async () => {
    const created = (await addCar()).json().data;
    const response = await updateCar(created.id, { ...carFields, name: 'Ford Tourneo', seats: 4, packages: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Modifié avec succès',
      data: { id: created.id, name: 'Ford Tourneo', seats: 4, packages: 3, img_url: created.img_url },
    });
    expect(await isStored(created.img_url)).toBe(true);

    // Without a new image the form may also be sent as JSON.
    const asJson = await admin({ method: 'PUT', url: `/api/car/update/${created.id}`, payload: { ...carFields, model: 'V 250' } });
    expect(asJson.statusCode).toBe(200);
    expect(asJson.json().data).toMatchObject({ model: 'V 250', seats: 7, img_url: created.img_url });
  });

  it('treats an empty file input on update as no new image', async () => {
    const created = (await addCar()).json().data;
    const response = await updateCar(created.id, carFields, { fileName: '', type: 'application/octet-stream', bytes: new Uint8Array() });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.img_url).toBe(created.img_url);
  });

  it('replaces the image on update and deletes the old one', async () => {
    const created = (await addCar(carFields, { fileName: 'old.png', type: 'image/png', bytes: await photo('png', { red: 77 }) })).json().data;
    const response = await updateCar(created.id, carFields, { fileName: 'new.webp', type: 'image/webp', bytes: await photo('webp') });
    expect(response.statusCode).toBe(200);
    const updated = response.json().data;
    expect(updated.img_url).toMatch(/\.webp$/);
    expect(await isStored(updated.img_url)).toBe(true);
    expect(await isStored(created.img_url)).toBe(false);
  });

  it('requires the image when adding, and every text field', async () => {
    const before = await carCount();
    const noImage = await addCar(carFields, null, 'en');
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'img', message: 'Please add an image' }] });

    const empty = await addCar({ name: '', number: ' ', model: '', seats: '', packages: 'x' }, png, 'en');
    expect(empty.statusCode).toBe(400);
    const byPath = Object.fromEntries(empty.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(byPath).toEqual({
      name: 'This field is required',
      number: 'This field is required',
      model: 'This field is required',
      seats: 'This field is required',
      packages: 'Please enter a number',
    });
    expect(await carCount()).toBe(before);
  });

  it.each([
    ['a text file renamed .jpg', { fileName: 'car.jpg', type: 'image/jpeg', bytes: Buffer.from('just some text, not a picture\n') }],
    ['a JPEG header with no picture behind it', { fileName: 'car.jpg', type: 'image/jpeg', bytes: fakeJpeg() }],
    [
      'an SVG carrying a script',
      {
        fileName: 'car.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
      },
    ],
    ['an SVG without XML declaration', { fileName: 'car.png', type: 'image/png', bytes: Buffer.from('<svg onload="alert(1)"></svg>') }],
  ])('refuses %s and leaves no row and no file', async (_label, file) => {
    const before = { files: await uploads(), cars: await carCount() };
    const response = await addCar(carFields, file, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid_image',
      message: 'The image must be a JPEG, PNG or WebP file',
      errors: [{ path: 'img', message: 'The image must be a JPEG, PNG or WebP file' }],
    });
    expect(await uploads()).toEqual(before.files);
    expect(await carCount()).toBe(before.cars);
  });

  it('refuses an image over 5 MB with 413 and leaves no row and no file', async () => {
    const before = { files: await uploads(), cars: await carCount() };
    const big = Buffer.concat([pngImage(), Buffer.alloc(6 * 1024 * 1024)]);
    const response = await addCar(carFields, { fileName: 'big.png', type: 'image/png', bytes: big }, 'en');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'image_too_large', message: 'The image must not exceed 5 MB' });
    expect(await uploads()).toEqual(before.files);
    expect(await carCount()).toBe(before.cars);
  });

  it('takes an image of exactly 5 MB and refuses one byte more', async () => {
    const limit = 5 * 1024 * 1024;
    const exact = Buffer.concat([pngImage(), Buffer.alloc(limit - pngImage().length)]);
    expect((await addCar(carFields, { fileName: 'max.png', type: 'image/png', bytes: exact })).statusCode).toBe(201);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    expect((await addCar(carFields, { fileName: 'over.png', type: 'image/png', bytes: over })).statusCode).toBe(413);
  });

  it('refuses a bad image on update and keeps the row and the old file', async () => {
    const created = (await addCar()).json().data;
    const before = await uploads();
    const response = await updateCar(created.id, { ...carFields, name: 'Changed' }, {
      fileName: 'x.jpg',
      type: 'image/jpeg',
      bytes: Buffer.from('not an image'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_image');
    expect(await uploads()).toEqual(before);
    const [row] = await ctx.database.db.select().from(cars).where(eq(cars.id, created.id));
    expect(row).toMatchObject({ name: 'Mercedes Classe V', imgUrl: created.img_url });
  });

  it('refuses a second file', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(carFields)) form.append(name, value);
    form.append('img', new Blob([pngImage()], { type: 'image/png' }), 'a.png');
    form.append('img', new Blob([pngImage()], { type: 'image/png' }), 'b.png');
    const encoded = new Response(form);
    const before = await uploads();
    const response = await admin({
      method: 'POST',
      url: '/api/car/add',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    });
    expect(response.statusCode).toBe(413);
    expect(await uploads()).toEqual(before);
  });

  it('does not take a JSON value as the image', async () => {
    const response = await admin({ method: 'POST', url: '/api/car/add', payload: { ...carFields, img: { bytes: 'x' } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'img', message: 'L’image doit être au format JPEG, PNG ou WebP' }]);
  });

  it('deletes a car with its pricing bands, its price-list prices and its image', async () => {
    const created = (await addCar(carFields, { fileName: 'a.png', type: 'image/png', bytes: await photo('png', { red: 10 }) })).json().data;
    const other = (await addCar(carFields, { fileName: 'b.png', type: 'image/png', bytes: await photo('png', { red: 20 }) })).json().data;
    const sharing = (await addCar(carFields, { fileName: 'c.png', type: 'image/png', bytes: await photo('png', { red: 20 }) })).json().data;
    // The same picture is one upload, kept while a car still shows it.
    expect(sharing.img_url).toBe(other.img_url);
    const db = ctx.database.db;
    const [season] = await db.insert(seasons).values({ name: 'summer', startMonth: 6, endMonth: 8 }).returning();
    await db.insert(pricings).values([
      { carId: created.id, seasonId: season!.id, kmStart: 0, kmEnd: 20, minPriceCents: 6500 },
      { carId: other.id, seasonId: season!.id, kmStart: 0, kmEnd: 20, minPriceCents: 5500 },
    ]);
    const [origin] = await db.insert(origins).values({ name: `Nice ${created.id}` }).returning();
    const [destination] = await db.insert(destinations).values({ originId: origin!.id, name: 'Monaco' }).returning();
    const [entry] = await db.insert(pricingListEntries).values({ originId: origin!.id, destinationId: destination!.id }).returning();
    await db.insert(pricingListPrices).values([
      { entryId: entry!.id, carId: created.id, priceCents: 9500 },
      { entryId: entry!.id, carId: other.id, priceCents: 8000 },
    ]);

    const response = await admin({ method: 'DELETE', url: `/api/car/delete/${created.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Supprimé avec succès', data: { id: created.id } });

    expect(await db.select().from(cars).where(eq(cars.id, created.id))).toEqual([]);
    expect(await db.select().from(pricings).where(eq(pricings.carId, created.id))).toEqual([]);
    expect(await db.select().from(pricingListPrices).where(eq(pricingListPrices.carId, created.id))).toEqual([]);
    expect(await isStored(created.img_url)).toBe(false);
    // The other car keeps its prices and its image.
    expect(await db.select().from(pricings).where(eq(pricings.carId, other.id))).toHaveLength(1);
    expect(await db.select().from(pricingListPrices).where(eq(pricingListPrices.carId, other.id))).toHaveLength(1);
    expect(await isStored(other.img_url)).toBe(true);
    expect((await admin({ method: 'DELETE', url: `/api/car/delete/${sharing.id}` })).statusCode).toBe(200);
    expect(await isStored(other.img_url)).toBe(true);
  });

  it('answers 404 for an unknown car and 400 for a bad id', async () => {
    const update = await updateCar(999_999, carFields);
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual({ code: 'not_found', message: 'Ressource introuvable' });
    const before = await uploads();
    expect((await updateCar(999_999, carFields, png)).statusCode).toBe(404);
    expect(await uploads()).toEqual(before);
    expect((await admin({ method: 'DELETE', url: '/api/car/delete/999999' })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: '/api/car/delete/abc' })).statusCode).toBe(400);
  });
});
