import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars } from '../../src/platform/db/schema.ts';
import { importUploadFolder } from '../../src/platform/lib/image-files.ts';
import { photo } from './catalogue-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('uploads of an older install', () => {
  it('moves the image files into the database once, cleaned; cars keep their URLs', async () => {
    const dir = ctx.config.UPLOADS_DIR;
    mkdirSync(dir, { recursive: true });
    const jpeg = await photo('jpeg');
    writeFileSync(path.join(dir, '0b6f5c1e-3f1a-4c1e-9a53-7d1f2a4b5c6d.jpg'), jpeg);
    writeFileSync(path.join(dir, 'notes.txt'), 'not ours');
    writeFileSync(path.join(dir, 'fake.png'), 'text pretending to be a picture');
    await ctx.database.db
      .insert(cars)
      .values({ name: 'Old', number: 'AA-1', model: 'M', seats: 4, packages: 4, imgUrl: '/uploads/0b6f5c1e-3f1a-4c1e-9a53-7d1f2a4b5c6d.jpg' });

    expect(await importUploadFolder(ctx.database.db, dir)).toBe(1);
    expect(existsSync(dir)).toBe(false);
    expect(await importUploadFolder(ctx.database.db, dir)).toBe(0);

    const served = await ctx.app.inject({ method: 'GET', url: '/uploads/0b6f5c1e-3f1a-4c1e-9a53-7d1f2a4b5c6d.jpg' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 40, height: 30 });
    expect(stored.exif).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/fake.png' })).statusCode).toBe(404);
  });
});
