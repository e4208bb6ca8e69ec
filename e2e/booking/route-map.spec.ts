import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { tripDateTime } from '../support/worker-day';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from '../support/accounts';
import { row } from '../back-office/back-office-steps';
import { apiToken, logIn, registerThroughApi } from '../support/auth-steps';

/**
 * The trip on a map (issue 13, item 3): markers for departure, stop and arrival with their names,
 * the line through them, drawn on the bundled basemap, with or without tiles that answer.
 */

type Customer = { email: string; password: string; headers: { Authorization: string } };

async function customer(request: APIRequestContext): Promise<Customer> {
  const user = newUser();
  await registerThroughApi(request, user);
  return { email: user.email, password: user.password, headers: { Authorization: `Bearer ${await apiToken(request, user.email, user.password)}` } };
}

/** Cannes -> Antibes (stop) -> Nice on a day and hour of its own, through the customer API. */
async function bookingWithStop(request: APIRequestContext, who: Customer, pickup: string): Promise<number> {
  const added = await request.post('/api/user/booking/add', {
    headers: who.headers,
    data: {
      origin: { title: 'Cannes', placeId: 'city-cannes', type: 'address' },
      stop: JSON.stringify([{ title: 'Antibes', type: 'address' }]),
      destination: { title: 'Nice', placeId: 'city-nice', type: 'address' },
      date: pickup,
      passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 0, above10kg: 0, above30kg: 0 }),
    },
  });
  expect(added.status()).toBe(201);
  return ((await added.json()) as { bookingId: number }).bookingId;
}

/** The booking sent to the company: a car chosen, the contact given, cash. */
async function confirm(request: APIRequestContext, who: Customer, id: number): Promise<void> {
  const offers = (await (await request.get(`/api/user/booking/step-two/${id}`, { headers: who.headers })).json()) as { cars: { id: number; allowed: boolean }[] };
  const carId = offers.cars.find((car) => car.allowed)!.id;
  expect((await request.put(`/api/user/booking/update-car/${id}/${carId}`, { headers: who.headers, data: { bookingId: id, carId } })).ok()).toBe(true);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${id}`, {
    headers: who.headers,
    data: { bookingId: id, fullName: 'Client Carte', email: who.email, phone: '+33612345678', method: 'cash' },
  });
  expect(confirmed.ok()).toBe(true);
}

async function openStepTwo(page: Page, who: Customer, bookingId: number): Promise<void> {
  await logIn(page, who.email, who.password);
  await page.evaluate((id) => window.sessionStorage.setItem('bookingId', String(id)), bookingId);
  await page.goto('/summary');
}

/** The three markers with their names and the visible labels, and one route line, on the basemap. */
async function expectRouteMap(page: Page): Promise<void> {
  const map = page.getByRole('region', { name: 'Carte du trajet' });
  // Leaflet and the basemap come in a chunk of their own, loaded with the first map.
  await expect(map).toBeVisible({ timeout: 20_000 });
  await expect(map.getByRole('img', { name: 'Départ : Cannes' })).toBeVisible();
  await expect(map.getByRole('img', { name: 'Arrêt 1 : Antibes' })).toBeVisible();
  await expect(map.getByRole('img', { name: 'Arrivée : Nice' })).toBeVisible();
  await expect(map.locator('.map-marker')).toHaveCount(3);
  await expect(map.locator('.map-marker-label')).toHaveText(['Cannes', 'Antibes', 'Nice']);
  await expect(map.locator('path.map-route-line')).toHaveCount(1);
  await expect(map.locator('path.map-land')).toHaveCount(1);
  await expect(map.locator('path.map-land')).toBeVisible();
  await expect(page.getByText('Tracé indicatif en ligne droite entre les étapes, pas l’itinéraire routier.')).toBeVisible();
}

test('step two shows the trip on a map: departure, stop and arrival named, and the line through them', async ({ page, request }) => {
  test.setTimeout(90_000);
  const who = await customer(request);
  const id = await bookingWithStop(request, who, tripDateTime(23, '09:20'));
  const stepTwo = await request.get(`/api/user/booking/step-two/${id}`, { headers: who.headers });
  const { booking } = (await stepTwo.json()) as { booking: { origin: { lat: number }; stops: { lat: number | null; lon: number | null }[]; destination: { lon: number } } };
  expect(booking.origin.lat).toBeCloseTo(43.55, 1);
  expect(booking.stops[0]).toMatchObject({ lat: expect.closeTo(43.58, 1), lon: expect.closeTo(7.12, 1) });
  expect(booking.destination.lon).toBeCloseTo(7.26, 1);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openStepTwo(page, who, id);
  await expectRouteMap(page);
  // The map leaves the page's scroll alone: the wheel scrolls the page, not the map.
  const line = page.locator('path.map-route-line');
  // The map has settled on the trip (its first fit can follow a late resize): two reads agree.
  let last: string | null = null;
  await expect
    .poll(
      async () => {
        const now = await line.getAttribute('d');
        const settled = now !== null && now === last;
        last = now;
        return settled;
      },
      { intervals: [250, 250, 500, 1000] },
    )
    .toBe(true);
  const before = await line.getAttribute('d');
  await page.getByRole('region', { name: 'Carte du trajet' }).hover();
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(await line.getAttribute('d')).toBe(before);
  expect(errors).toEqual([]);
});

test('on a phone, step two loads the map only when the visitor scrolls towards it (decision 0166)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const who = await customer(request);
  const id = await bookingWithStop(request, who, tripDateTime(23, '10:40'));
  await page.setViewportSize({ width: 390, height: 844 });
  const mapScripts: string[] = [];
  page.on('request', (sent) => {
    if (/\/assets\/(route-map-view|map)-[^/]*\.js$/.test(new URL(sent.url()).pathname)) mapScripts.push(sent.url());
  });
  await openStepTwo(page, who, id);
  await expect(page.getByRole('button', { name: /^Choisir/ }).first()).toBeVisible();
  const placeholder = page.locator('.map-placeholder');
  await expect(placeholder).toBeAttached();
  // Past the frame after the list and an idle moment, when the map used to load: still nothing.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(done, { timeout: 2000 })))));
  await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 2000 })));
  expect(await placeholder.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(844 * 1.25);
  expect(mapScripts).toEqual([]);
  await expect(page.getByRole('region', { name: 'Carte du trajet' })).toHaveCount(0);
  await placeholder.scrollIntoViewIfNeeded();
  await expectRouteMap(page);
  expect(mapScripts.length).toBeGreaterThan(0);
});

test('tiles that do not answer leave the basemap, the markers and the page working', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const who = await customer(request);
  const id = await bookingWithStop(request, who, tripDateTime(23, '13:40'));
  const tileRequests: string[] = [];
  await page.route('**/api/config/public', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, mapTiles: { url: `${baseURL}/e2e-dead-tiles/{z}/{x}/{y}.png`, attribution: 'Tuiles e2e' } } });
  });
  await page.route('**/e2e-dead-tiles/**', async (route) => {
    tileRequests.push(route.request().url());
    await route.abort('connectionrefused');
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await openStepTwo(page, who, id);
  await expectRouteMap(page);
  await expect.poll(() => tileRequests.length).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Carte du trajet' }).getByText('Tuiles e2e')).toBeVisible();
  await expect(page.locator('.leaflet-tile-loaded')).toHaveCount(0);
  // The rest of the page still works: a car can be chosen.
  await expect(page.getByRole('button', { name: /Choisir/ }).first()).toBeEnabled();
  expect(errors).toEqual([]);
});

test('tiles that answer are drawn over the basemap, with their credit', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const who = await customer(request);
  const id = await bookingWithStop(request, who, tripDateTime(23, '17:10'));
  await page.route('**/api/config/public', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, mapTiles: { url: `${baseURL}/e2e-tiles/{z}/{x}/{y}.png`, attribution: '© Tuiles e2e' } } });
  });
  // A 1x1 PNG, as a tile server would answer.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.route('**/e2e-tiles/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));

  await openStepTwo(page, who, id);
  await expectRouteMap(page);
  await expect.poll(() => page.locator('.leaflet-tile-loaded').count()).toBeGreaterThan(0);
  await expect(page.getByText('© Tuiles e2e')).toBeVisible();
});

test('the customer’s booking page shows the same route map, and no map when the trip cannot be placed', async ({ page, request }) => {
  test.setTimeout(90_000);
  const who = await customer(request);
  const id = await bookingWithStop(request, who, tripDateTime(24, '09:50'));
  await confirm(request, who, id);

  await logIn(page, who.email, who.password);
  await page.goto(`/account/bookings/${id}`);
  await expectRouteMap(page);

  // Two addresses the gazetteer cannot place: the page shows the trip without a map.
  const unplaced = await request.post('/api/user/booking/add', {
    headers: who.headers,
    data: {
      origin: { title: 'Chemin des Oliviers inconnus', type: 'address' },
      destination: { title: 'Impasse introuvable', type: 'address' },
      date: tripDateTime(24, '15:30'),
      passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 0, above10kg: 0, above30kg: 0 }),
    },
  });
  if (unplaced.status() === 201) {
    const otherId = ((await unplaced.json()) as { bookingId: number }).bookingId;
    await page.evaluate((bookingId) => window.sessionStorage.setItem('bookingId', String(bookingId)), otherId);
    await page.goto('/summary');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Impasse introuvable')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Carte du trajet' })).toHaveCount(0);
  } else {
    // The API refuses a trip it cannot place at all: then there is no step two to show either.
    expect(unplaced.status()).toBe(400);
  }
});

test('the admin’s booking details show the route map', async ({ page, request }) => {
  test.setTimeout(90_000);
  const who = await customer(request);
  const id = await bookingWithStop(request, who, tripDateTime(24, '19:10'));
  await confirm(request, who, id);

  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/bookings');
  await page.getByLabel('Rechercher une réservation').fill(`#${id}`);
  await page.getByRole('search').getByRole('button', { name: 'Rechercher' }).click();
  await row(page, `#${id}`).getByRole('button', { name: 'Détails' }).click();
  const drawer = page.getByRole('dialog', { name: `Réservation n° ${id}` });
  await expect(drawer.getByRole('region', { name: 'Carte du trajet' })).toBeVisible({ timeout: 20_000 });
  await expectRouteMap(page);
});
