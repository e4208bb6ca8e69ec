import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { cars, destinations, holidays, origins, pricingListEntries, pricings, seasons, users } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { ensureFirstAdmin } from '../../src/accounts/auth/ensure-admin.ts';
import { bearer, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';

describe('configuration', () => {
  it('lists every bad value at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', COMPANY_EMAIL: 'nope', JWT_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'COMPANY_EMAIL', 'JWT_SECRET']) expect(problems).toContain(name);
  });

  it('works with no variables at all, keeping a generated JWT secret under the data folder', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.PORT).toBe(3000);
    expect(first.PGLITE_DIR).toBe(path.join(dataDir, 'db'));
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).JWT_SECRET).toBe(first.JWT_SECRET);
  });

  it('with PostgreSQL and no JWT_SECRET, keeps no secret on this host: the database will hold it (decisions 11)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-config-'));
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://vtc@127.0.0.1:5432/vtc' });
    expect(config.JWT_SECRET_SOURCE).toBe('database');
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    // A secret an earlier version kept on this host is the one it offers, so its links keep working.
    // A file too short to sign with (empty, cut) is not offered: a new secret is.
    writeFileSync(path.join(dataDir, 'jwt-secret'), '  \n');
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://vtc@127.0.0.1:5432/vtc' }).JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'k'.repeat(48));
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://vtc@127.0.0.1:5432/vtc' }).JWT_SECRET).toBe('k'.repeat(48));
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://vtc@127.0.0.1:5432/vtc', JWT_SECRET: 's'.repeat(40) })).toMatchObject({ JWT_SECRET: 's'.repeat(40), JWT_SECRET_SOURCE: 'environment' });
  });

  it('two hosts on one database, neither given JWT_SECRET, sign with one secret: each takes the other’s sign-ins', async () => {
    const database = await createTestDatabase();
    // Each host offers its own candidate; the first to start keeps it in the database.
    const first = await createTestApp({ JWT_SECRET: '', DATABASE_URL: 'postgres://vtc@127.0.0.1:5432/vtc' }, { database });
    const second = await createTestApp({ JWT_SECRET: '', DATABASE_URL: 'postgres://vtc@127.0.0.1:5432/vtc' }, { database });
    try {
      expect(first.config.JWT_SECRET).not.toBe(second.config.JWT_SECRET);
      expect(first.app.config.JWT_SECRET).toBe(second.app.config.JWT_SECRET);
      expect(first.app.config.JWT_SECRET).toBe(first.config.JWT_SECRET);
      const user = await registerUser(first.app);
      const profile = await second.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(user.token) });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().data).toMatchObject({ email: user.user.email });
      // Without the shared secret, the second host would refuse the first's token.
      const alone = await createTestApp({ JWT_SECRET: 'another-secret-that-is-long-enough-for-hs256' }, { database });
      expect((await alone.app.inject({ method: 'GET', url: '/api/profile/getAll', headers: bearer(user.token) })).statusCode).toBe(401);
      await alone.close();
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });
});

describe('HTTP platform', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'vtc-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Riviera VTC</title><div id="root"></div>');
    writeFileSync(path.join(web, 'assets', 'app-1234.js'), 'console.log(1)');
    mkdirSync(path.join(web, 'images'));
    writeFileSync(path.join(web, 'images', 'hero.webp'), 'RIFF');
    mkdirSync(path.join(web, '.vite'));
    writeFileSync(path.join(web, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/app-1234.js"}}');
    ctx = await createTestApp({ WEB_DIST_DIR: web });
  });
  afterAll(async () => ctx.close());

  it('reports health with the database kind and whether it hears the change notifications', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: ctx.database.kind, changeFeed: 'live' });
  });

  it('reports the change feed off once it no longer listens', async () => {
    const deaf = await createTestApp({}, { database: ctx.database });
    try {
      await deaf.app.caches.feed.close();
      const response = await deaf.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json()).toEqual({ status: 'ok', database: ctx.database.kind, changeFeed: 'off' });
    } finally {
      await deaf.close();
    }
  });

  it('publishes OpenAPI built from the zod schemas, and its browser page', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/auth/refreshToken', '/api/profile/updatePassword', '/api/user/getAll']));
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('answers unknown API paths with a translated JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'ar' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'غير موجود', code: 'not_found' });
  });

  it('serves the web app for every other path so the browser router decides', async () => {
    const deep = await ctx.app.inject({ method: 'GET', url: '/price-list/vtc-nice?originId=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.body).toContain('<div id="root">');
    const home = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it.each([
    ['a missing asset', '/assets/app-9999.js', '*/*'],
    ['a missing asset asked for as a page', '/assets/app-9999.js', 'text/html'],
    ['a missing image', '/images/nothing.webp', 'image/avif,image/webp,*/*;q=0.8'],
    ['a missing image without extension', '/images/nothing', 'text/html'],
    ['a missing upload', '/uploads/0b0e7c1e-missing.webp', 'image/webp,*/*'],
    ['a missing upload without extension', '/uploads/nothing', 'text/html'],
    ['any missing file with an extension', '/price-list/rates.pdf', 'text/html,*/*;q=0.8'],
    ['the build manifest', '/.vite/manifest.json', '*/*'],
    ['the build folder', '/.vite/', 'text/html'],
    ['a page asked for as data', '/price-list/vtc-nice', 'application/json'],
  ])('answers %s with a JSON 404, not the app', async (_name, url, accept) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { accept, 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('serves the app to page navigations only, and the files that exist', async () => {
    const navigation = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const url of ['/price-list/St.%20Tropez?originId=1', '/booking/step-two/12', '/contact']) {
      const page = await ctx.app.inject({ method: 'GET', url, headers: { accept: navigation } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root">');
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/contact', headers: { accept: navigation } });
    expect(post.statusCode).toBe(404);
    const image = await ctx.app.inject({ method: 'GET', url: '/images/hero.webp' });
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe('RIFF');
  });

  it('shares only public settings', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/config/public' })).json();
    expect(body).toMatchObject({ companyEmail: 'contact@riviera-vtc.fr', stripeEnabled: false });
    expect(body.hire).toEqual({ minHours: 3, maxHours: 12, stepMinutes: 30, maxDays: 7 });
    expect(body.company).toEqual({
      legalName: 'Riviera VTC SAS',
      address: '12 avenue de Verdun, 06000 Nice, France',
      siren: '123456789',
      vtcRegister: 'EVTC006230001',
      vatNumber: 'FR32123456789',
      hostingProvider: 'OVH SAS, 2 rue Kellermann, 59100 Roubaix, France, +33 9 72 10 10 07',
      mediator: 'CM2C, 49 rue de Ponthieu, 75008 Paris',
      mediatorUrl: 'https://www.cm2c.net',
    });
    expect(JSON.stringify(body)).not.toContain(ctx.config.JWT_SECRET);
  });
});

describe('health without a database', () => {
  it('answers 503 when the database does not answer', async () => {
    const ctx = await createTestApp();
    try {
      await ctx.database.close();
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', message: 'Service temporarily unavailable' });
    } finally {
      await ctx.app.close();
    }
  });
});

describe('first start', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('loads the demo data once', async () => {
    const db = ctx.database.db;
    expect(await seedDemoData(db, { images: true })).toBe(true);
    const counts = async () => ({
      cars: (await db.select().from(cars)).length,
      seasons: (await db.select().from(seasons)).length,
      pricings: (await db.select().from(pricings)).length,
      origins: (await db.select().from(origins)).length,
      destinations: (await db.select().from(destinations)).length,
      routes: (await db.select().from(pricingListEntries)).length,
      holidays: (await db.select().from(holidays)).length,
    });
    const first = await counts();
    expect(first).toMatchObject({ cars: 2, seasons: 4, holidays: 11 });
    expect(first.pricings).toBe(2 * 4 * 3);
    expect((await db.select().from(origins)).map((o) => o.name)).toEqual(['Nice', 'Cannes', 'Monaco', 'Marseille', 'Toulon']);
    const vclass = (await db.select().from(cars)).find((c) => c.name.includes('Classe V'));
    expect(vclass).toMatchObject({ seats: 7, packages: 7 });
    const image = await ctx.app.inject({ method: 'GET', url: vclass!.imgUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await seedDemoData(db)).toBe(false);
    expect(await counts()).toEqual(first);
  });

  it('creates the first admin once, with the chosen e-mail', async () => {
    const created = await ensureFirstAdmin(ctx.database.db, { email: 'boss@riviera-vtc.test', password: 'chosen-password' });
    expect(created).toEqual({ email: 'boss@riviera-vtc.test', password: 'chosen-password', generated: false });
    expect(await ensureFirstAdmin(ctx.database.db, {})).toBeNull();
    const admins = (await ctx.database.db.select().from(users)).filter((u) => u.role === 'admin');
    expect(admins.map((a) => a.email)).toEqual(['boss@riviera-vtc.test']);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'boss@riviera-vtc.test', password: 'chosen-password' } });
    expect(login.json().user.role).toBe('admin');
  });
});
