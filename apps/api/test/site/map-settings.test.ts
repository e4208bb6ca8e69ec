import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { cars, destinations, origins, pricingListEntries, pricingListPrices } from '../../src/platform/db/schema.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

const imgSrc = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['content-security-policy']).match(/img-src ([^;]*)/)?.[1]?.split(' ');

describe('map tiles setting', () => {
  it('is off by default: the public configuration says null and images stay on this site', async () => {
    const ctx = await createTestApp();
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(response.json().mapTiles).toBeNull();
      expect(imgSrc(response)).toEqual(["'self'", 'data:']);
    } finally {
      await ctx.close();
    }
  });

  it('gives the browser the tile URL and its credit, and lets the page load images from that host only', async () => {
    const ctx = await createTestApp({
      MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example contributors',
    });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(response.json().mapTiles).toEqual({ url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example contributors' });
      expect(imgSrc(response)).toEqual(["'self'", 'data:', 'https://*.tiles.example.org']);
    } finally {
      await ctx.close();
    }
  });

  it('refuses at start a tile URL that is not an http(s) template with {z}, {x} and {y}', () => {
    for (const bad of ['ftp://tiles.example.org/{z}/{x}/{y}.png', 'https://tiles.example.org/tile.png', 'tiles/{z}/{x}/{y}.png']) {
      let error: unknown;
      try {
        loadConfig({ MAP_TILE_URL: bad });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toContain('MAP_TILE_URL');
    }
  });
});

describe('coordinates of the price list destinations', () => {
  let ctx: TestContext;
  let nice: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const [car] = await db.insert(cars).values({ name: 'Mercedes Classe V', number: 'MAP-1', model: 'V 300', seats: 7, packages: 7 }).returning();
    const [origin] = await db.insert(origins).values({ name: 'Nice', title: 'vtc-nice' }).returning();
    nice = origin!.id;
    const rows = await db
      .insert(destinations)
      .values(['Monaco', 'Saint-Tropez', 'Villa des Roses'].map((name) => ({ originId: nice, name })))
      .returning();
    for (const row of rows) {
      ids[row.name] = row.id;
      const [entry] = await db.insert(pricingListEntries).values({ originId: nice, destinationId: row.id, placeTo: row.name }).returning();
      await db.insert(pricingListPrices).values({ entryId: entry!.id, carId: car!.id, priceCents: 9500 });
    }
  });
  afterAll(async () => ctx.close());

  it('places each destination the gazetteer knows by its name, and gives nulls for a name it does not know', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/destination/getAll/${nice}` });
    expect(response.statusCode).toBe(200);
    const byName = new Map(response.json().data.map((d: { name: string; lat: number | null; lon: number | null }) => [d.name, d]));
    expect(byName.get('Monaco')).toMatchObject({ id: ids.Monaco, lat: expect.closeTo(43.74, 1), lon: expect.closeTo(7.42, 1) });
    expect(byName.get('Saint-Tropez')).toMatchObject({ lat: expect.closeTo(43.27, 1), lon: expect.closeTo(6.64, 1) });
    expect(byName.get('Villa des Roses')).toMatchObject({ lat: null, lon: null });
  });

  it('gives the same coordinates on the public price list entries', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/pricingList/getAll?location=${nice}` });
    expect(response.statusCode).toBe(200);
    const destinationsOut = response.json().data.map((entry: { destination: unknown }) => entry.destination);
    expect(destinationsOut).toEqual([
      { id: ids.Monaco, name: 'Monaco', lat: expect.closeTo(43.74, 1), lon: expect.closeTo(7.42, 1) },
      { id: ids['Saint-Tropez'], name: 'Saint-Tropez', lat: expect.closeTo(43.27, 1), lon: expect.closeTo(6.64, 1) },
      { id: ids['Villa des Roses'], name: 'Villa des Roses', lat: null, lon: null },
    ]);
  });
});
