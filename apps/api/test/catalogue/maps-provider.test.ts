import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMapsPlacesProvider } from '../../src/catalogue/places/maps-places-provider.ts';
import { PlaceNotFoundError, PlacesUnavailableError } from '../../src/catalogue/places/places-provider.ts';
import { bookings } from '../../src/platform/db/schema.ts';
import { bearer, registerUser } from '../support/auth-helpers.ts';
import { startMapsStub } from '../support/maps-stub.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { bookingPayload, expectStatus, NEXT_YEAR } from '../booking/booking-helpers.ts';

const KEY = 'maps-key-for-the-stub';

describe('maps provider against Places API (New) and Routes API at the network edge', () => {
  let ctx: TestContext;
  let stub: Awaited<ReturnType<typeof startMapsStub>>;
  let customer: Awaited<ReturnType<typeof registerUser>>;
  let day = 0;

  beforeAll(async () => {
    stub = await startMapsStub();
    ctx = await createTestApp({ MAPS_API_KEY: KEY, MAPS_PLACES_API_URL: stub.placesUrl, MAPS_ROUTES_API_URL: stub.routesUrl, MAPS_TIMEOUT_MS: '1500' });
    customer = await registerUser(ctx.app, { fullName: 'Leila Haddad', phone: '+33612345678' });
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });
  beforeEach(() => {
    stub.requests.length = 0;
    stub.next.length = 0;
  });

  const suggest = (q: string, language = 'fr', europe = false) =>
    ctx.app.inject({ method: 'GET', url: `/api/places/suggest?q=${encodeURIComponent(q)}&europe=${europe}`, headers: { 'accept-language': language } });
  const add = (payload: Record<string, unknown>, language = 'fr') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/booking/add',
      headers: { ...bearer(customer.token), 'accept-language': language },
      payload: bookingPayload({ date: `${NEXT_YEAR}-04-${String(++day).padStart(2, '0')}T10:00`, ...payload }),
    });
  const stored = async (id: number) => (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  it('asks Places autocomplete with the key header, the field mask and a circle around Nice, and maps its answer', async () => {
    const response = await suggest('saint paul', 'ar');
    expectStatus(response, 200);
    const data = (response.json() as { data: { title: string; placeId: string; type: string; country: string | null }[] }).data;
    expect(data).toEqual([
      { title: 'Saint-Paul-de-Vence, France', type: 'address', lat: null, lon: null, placeId: 'ChIJ-saint-paul', country: 'FR' },
      { title: 'Via Roma, Sanremo, Italia', type: 'address', lat: null, lon: null, placeId: 'ChIJ-via-roma', country: 'IT' },
    ]);
    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/places:autocomplete' });
    expect(request!.headers['x-goog-api-key']).toBe(KEY);
    expect(request!.headers['x-goog-fieldmask']).toContain('suggestions.placePrediction.placeId');
    expect(request!.path).not.toContain(KEY);
    expect(request!.body).toEqual({
      input: 'saint paul',
      languageCode: 'ar',
      includedRegionCodes: ['fr', 'mc'],
      locationBias: { circle: { center: { latitude: 43.7102, longitude: 7.262 }, radius: 50_000 } },
    });
  });

  it('widens the regions with the Europe option and puts fixed places first', async () => {
    const response = await suggest('gen', 'en', true);
    const data = (response.json() as { data: { placeId: string }[] }).data;
    expect(data.slice(0, 2).map((p) => p.placeId)).toEqual(['town-genoa', 'town-geneva']);
    expect((stub.requests[0]!.body as { includedRegionCodes: string[] }).includedRegionCodes).toEqual(['fr', 'mc', 'es', 'it', 'ch', 'de', 'be', 'lu', 'ad']);
  });

  it('measures the route with Routes computeRoutes: places it knows by coordinates, maps places by id, located by Place Details', async () => {
    const response = await add({
      origin: { title: 'Saint-Paul-de-Vence, France', placeId: 'ChIJ-saint-paul', type: 'address' },
      stop: JSON.stringify([{ title: '12 avenue de Verdun, Cannes', type: 'address', lat: 48.85, lon: 2.35 }]),
      destination: { title: "Nice Côte d'Azur", type: 'airport' },
      rentToType: 'airport',
    });
    expectStatus(response, 201);
    const booking = await stored((response.json() as { bookingId: number }).bookingId);
    expect(booking).toMatchObject({ distanceKm: 24.7, distanceEstimated: false });
    expect(booking.origin).toMatchObject({ placeId: 'ChIJ-saint-paul', lat: 43.6967, lon: 7.1222, country: 'FR' });
    expect(booking.destination).toMatchObject({ placeId: 'airport-nice-cote-d-azur', title: "Aéroport Nice Côte d'Azur", lat: 43.6584, lon: 7.2159 });

    const details = stub.requests.find((r) => r.method === 'GET');
    expect(details).toMatchObject({ path: '/v1/places/ChIJ-saint-paul' });
    expect(details!.headers['x-goog-fieldmask']).toBe('id,location,addressComponents');
    const route = stub.requests.find((r) => r.path === '/directions/v2:computeRoutes')!;
    expect(route.headers['x-goog-api-key']).toBe(KEY);
    expect(route.headers['x-goog-fieldmask']).toContain('routes.distanceMeters');
    expect(route.body).toEqual({
      origin: { placeId: 'ChIJ-saint-paul' },
      // The client's coordinates are never sent: the service geocodes the text.
      intermediates: [{ address: '12 avenue de Verdun, Cannes' }],
      destination: { location: { latLng: { latitude: 43.6584, longitude: 7.2159 } } },
      travelMode: 'DRIVE',
      units: 'METRIC',
    });
  });

  it('refuses a maps place the service does not know, or a route it cannot draw, with a translated field error and nothing stored', async () => {
    const before = (await ctx.database.db.select().from(bookings)).length;
    const unknown = await add({ destination: { title: 'Nowhere', placeId: 'unknown-place', type: 'address' } }, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: [{ path: 'destination', message: 'Unknown place, please choose it from the list' }] });

    stub.next.push({ body: { geocodingResults: { intermediates: [{ geocoderStatus: { code: 5, message: 'NOT_FOUND' }, intermediateWaypointRequestIndex: 0 }] } } });
    const lost = await add({ stop: JSON.stringify([{ title: 'Qqqqq', type: 'address' }]) }, 'ar');
    expect(lost.statusCode).toBe(400);
    expect(lost.json()).toMatchObject({ errors: [{ path: 'stop.0', message: 'مكان غير معروف، يرجى اختياره من القائمة' }] });
    expect((await ctx.database.db.select().from(bookings)).length).toBe(before);
  });

  it('falls back to the offline gazetteer when the service fails or times out: suggestions and an estimated distance, no error', async () => {
    stub.next.push({ status: 503 }, { status: 500 }, { delayMs: 4_000 }, { status: 429 });
    const response = await suggest('Saint-Paul');
    expectStatus(response, 200);
    const data = (response.json() as { data: { title: string; placeId: string }[] }).data;
    expect(data[0]).toMatchObject({ title: 'Saint-Paul-de-Vence', placeId: expect.stringMatching(/^geonames:\d+$/) });
    expect(stub.requests.filter((r) => r.path === '/v1/places:autocomplete')).toHaveLength(4);

    stub.next.push({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const booked = await add({ destination: { title: 'Saint-Paul-de-Vence', placeId: data[0]!.placeId, type: 'address' } });
    expectStatus(booked, 201);
    const booking = await stored((booked.json() as { bookingId: number }).bookingId);
    expect(booking.distanceEstimated).toBe(true);
    expect(booking.distanceKm).toBeGreaterThan(15);
    expect(booking.distanceKm).toBeLessThan(30);
  }, 20_000);

  it('answers a translated 503 when the service is down and the offline gazetteer cannot place the address either', async () => {
    stub.next.push({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const before = (await ctx.database.db.select().from(bookings)).length;
    const response = await add({ destination: { title: 'Impasse des Hirondelles, Qwxz', type: 'address' } }, 'en');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'service_unavailable' });
    expect(response.json().message).not.toMatch(/stack|Error:/);
    expect((await ctx.database.db.select().from(bookings)).length).toBe(before);
  }, 20_000);
});

describe('maps provider retries', () => {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('retries three times with growing delays, then answers', async () => {
    const delays: number[] = [];
    const answers = [json({}, 503), json({}, 429), json({}, 500)];
    const provider = createMapsPlacesProvider({
      apiKey: 'k',
      sleep: async (ms) => {
        delays.push(ms);
      },
      fetch: async () => answers.shift() ?? json({ routes: [{ distanceMeters: 22_345, legs: [{ distanceMeters: 12_345 }, { distanceMeters: 10_000 }] }] }),
    });
    const distance = await provider.routeDistance([{ title: 'Nice', placeId: 'city-nice' }, { title: 'Cannes' }, { title: 'Monaco', placeId: 'city-monaco' }]);
    expect(distance).toEqual({ km: 22.3, estimated: false, points: [expect.objectContaining({ lat: 43.7102 }), null, expect.objectContaining({ lat: 43.7384 })] });
    expect(delays).toEqual([250, 500, 1000]);
  });

  it('gives up after the retries, and reports a refused key at once', async () => {
    let calls = 0;
    const down = createMapsPlacesProvider({
      apiKey: 'k',
      sleep: async () => undefined,
      fetch: async () => {
        calls += 1;
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.suggest('nice', 'fr', { europe: false })).rejects.toBeInstanceOf(PlacesUnavailableError);
    expect(calls).toBe(4);

    calls = 0;
    const refused = createMapsPlacesProvider({
      apiKey: 'bad',
      fetch: async () => {
        calls += 1;
        return json({ error: { code: 403, status: 'PERMISSION_DENIED' } }, 403);
      },
    });
    await expect(refused.routeDistance([{ title: 'Nice' }, { title: 'Cannes' }])).rejects.toBeInstanceOf(PlacesUnavailableError);
    expect(calls).toBe(1);

    const noRoute = createMapsPlacesProvider({ apiKey: 'k', fetch: async () => json({}) });
    const error = await noRoute.routeDistance([{ title: 'Nice' }, { title: 'Ajaccio' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlaceNotFoundError);
    expect((error as PlaceNotFoundError).index).toBe(1);
  });
});
