import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { newUser } from '../support/accounts';
import { apiToken, registerThroughApi, signInThroughApi } from '../support/auth-steps';
import { waitForApp } from '../support/page-ready';
import { tripDateTime } from '../support/worker-day';
import { findMailLink, verificationLink } from '../booking/mail-box';
import { adminToken, createCar, registerCustomer, unique } from './back-office-steps';
import { expectNoSidewaysScroll, missionLink } from './mission-steps';

/**
 * Decision 0132 and 0133 in a browser: the chauffeur's phone shares its position (geolocation set
 * by the test) from "en route" until "on board", the customer's tracking page shows the car moving
 * on the route map with an arrival estimate, and the chauffeur shows a full-screen name sign, in
 * Arabic. The e2e server runs on real time: the trip is booked two and a half hours ahead, inside
 * "en route"'s three hours, on a car of its own (no other spec, nor a retry, holds it then).
 */
test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.TRACKING_SHOTS;
const AIRPORT = { title: 'Aéroport Nice Côte d’Azur', type: 'airport', placeId: 'airport-nice-cote-d-azur' };
const SIGN_NAME = 'عائلة الحسيني';
/** The car sets off in Nice, then comes closer to the airport. */
const START = { latitude: 43.7102, longitude: 7.262 };
const CLOSER = { latitude: 43.68, longitude: 7.24 };

/** `minutes` from now on Paris clocks, as a datetime-local value. */
function parisIn(minutes: number): string {
  return toParisDateTimeLocal(Date.now() + minutes * 60_000);
}

/** A verified customer, so that the mails of their booking leave (unverified addresses get none). */
async function verifiedCustomer(request: APIRequestContext) {
  const customer = await registerCustomer(request);
  await expect.poll(() => verificationLink(customer.email), { timeout: 20_000 }).not.toBeNull();
  const token = new URL(verificationLink(customer.email)!, 'http://localhost').searchParams.get('token')!;
  expect((await request.get(`/api/auth/verifyEmail?token=${encodeURIComponent(token)}`)).status()).toBe(200);
  const userId = Number((JSON.parse(Buffer.from(customer.token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub);
  return { ...customer, userId };
}

/** An airport pickup taken by phone for the customer, on a car of its own, given to a new chauffeur; its mission link. */
async function airportTrip(request: APIRequestContext) {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const carId = await createCar(request, unique('Classe V suivi'));
  const seasons = ((await (await request.get('/api/season/getAll', { headers: admin })).json()) as { data: { id: number }[] }).data;
  for (const season of seasons) {
    expect((await request.post('/api/pricing/add', { headers: admin, data: { carId, seasonId: season.id, kmStart: 0, minPrice: '90' } })).ok()).toBe(true);
  }
  const customer = await verifiedCustomer(request);
  const added = await request.post('/api/booking/add', {
    headers: admin,
    data: {
      origin: AIRPORT,
      rentFromType: 'airport',
      destination: 'Monaco',
      date: parisIn(150),
      passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 2, above10kg: 0, above30kg: 0 }),
      userId: customer.userId,
      fullName: SIGN_NAME,
      language: 'fr',
      carId,
      method: 'cash',
      flightNumber: 'AF7700',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { bookingId } = (await added.json()) as { bookingId: number };
  const driverName = unique('Karim Suivi');
  const driver = await request.post('/api/driver/add', {
    headers: admin,
    data: { fullName: driverName, phone: '+33698765432', email: `${driverName.replaceAll(' ', '-').toLowerCase()}@e2e.test`, languages: ['fr'] },
  });
  expect(driver.status()).toBe(201);
  const driverId = ((await driver.json()) as { data: { id: number } }).data.id;
  expect((await request.put(`/api/booking/assign/${bookingId}`, { headers: admin, data: { driverId, carId } })).ok()).toBe(true);
  return { admin, bookingId, customer, link: await missionLink(bookingId) };
}

/** The chauffeur's phone: 390 px wide, its position shared with the site (the permission already given). */
async function chauffeurPhone(browser: Browser, link: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', geolocation: START, permissions: ['geolocation'] });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await waitForApp(page);
  return { context, page };
}

const carMarker = (page: Page) => page.getByRole('img', { name: /^Voiture de Karim|^سيارة Karim/ });

test('the customer’s tracking page shows the car the chauffeur’s phone shares moving, with an arrival estimate, until the passenger is on board', async ({ browser, request }) => {
  const trip = await airportTrip(request);
  const chauffeur = await chauffeurPhone(browser, trip.link);
  // Before en route nothing is shared, nor asked.
  await expect(chauffeur.page.getByRole('heading', { name: 'Position partagée avec le client' })).toHaveCount(0);
  await chauffeur.page.getByRole('button', { name: /^Je suis en route/ }).click();
  const sharing = chauffeur.page.getByRole('status').filter({ hasText: 'Position envoyée au client' });
  await expect(sharing).toBeVisible({ timeout: 15_000 });
  await expect(chauffeur.page.getByText('Seul le client de cette course voit votre position')).toBeVisible();

  // The "en route" mail carries the tracking link; no account is needed to open it.
  let tracking = '';
  await expect
    .poll(() => (tracking = findMailLink(new RegExp(`https?://[^\\s/]+/track/${trip.bookingId}\\?token=[\\w-]+`), trip.customer.email) ?? ''), { timeout: 20_000 })
    .not.toBe('');
  const customerContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR' });
  const customer = await customerContext.newPage();
  await customer.goto(tracking);
  await expect(customer.getByRole('heading', { level: 1, name: 'Karim est en route' })).toBeVisible({ timeout: 30_000 });
  await expect(customer.getByText('Arrivée estimée')).toBeVisible();
  await expect(customer.getByText(/^dans \d+ minutes?$/)).toBeVisible();
  const car = carMarker(customer);
  await expect(car).toHaveAttribute('data-lat', String(START.latitude), { timeout: 15_000 });
  const before = await car.boundingBox();

  // The phone moves: within a few seconds the customer's page shows the car where it now is, without a reload.
  await chauffeur.context.setGeolocation(CLOSER);
  await expect(car).toHaveAttribute('data-lat', String(CLOSER.latitude), { timeout: 20_000 });
  const after = await car.boundingBox();
  expect(Math.hypot(after!.x - before!.x, after!.y - before!.y)).toBeGreaterThan(5);
  await expect(customer.getByText(/Position de la voiture à \d{2}:\d{2}:\d{2}/)).toBeVisible();
  await expectNoSidewaysScroll(customer);
  if (SHOTS) await customer.screenshot({ path: `${SHOTS}/tracking-fr-1366.png`, fullPage: true });
  await customer.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(customer);
  if (SHOTS) await customer.screenshot({ path: `${SHOTS}/tracking-fr-390.png`, fullPage: true });
  await customer.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'العربية' }).click();
  await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(customer.getByRole('heading', { level: 1, name: 'Karim في الطريق' })).toBeVisible({ timeout: 30_000 });
  await expect(carMarker(customer)).toHaveAttribute('data-lat', String(CLOSER.latitude), { timeout: 15_000 });
  await expectNoSidewaysScroll(customer);
  if (SHOTS) await customer.screenshot({ path: `${SHOTS}/tracking-ar-390.png`, fullPage: true });

  // On board: sharing stops on the phone, and the customer's page says so and shows no car.
  for (const step of ['Je suis sur place', 'Passager à bord']) {
    await chauffeur.page.getByRole('button', { name: new RegExp(`^${step}`) }).click();
    await expect(chauffeur.page.getByRole('button', { name: new RegExp(`^${step}`) })).toBeDisabled();
  }
  await expect(chauffeur.page.getByRole('heading', { name: 'Position partagée avec le client' })).toHaveCount(0);
  await expect(customer.getByRole('heading', { level: 1, name: 'رحلة سعيدة!' })).toBeVisible({ timeout: 15_000 });
  await expect(carMarker(customer)).toHaveCount(0);

  // A trip that goes off says so on the open tracking page, without a reload.
  expect((await request.put(`/api/booking/cancel/${trip.bookingId}`, { headers: trip.admin, data: { reason: 'Test de suivi', refund: 'none' } })).ok()).toBe(true);
  await expect(customer.getByRole('alert')).toContainText('أُلغيت هذه الرحلة: لا يوجد ما يمكن تتبعه', { timeout: 15_000 });
  await customerContext.close();
  await chauffeur.context.close();
});

test('the chauffeur shows the passenger’s name full screen in the arrivals hall, right to left for an Arabic name', async ({ browser, request }) => {
  const trip = await airportTrip(request);
  const chauffeur = await chauffeurPhone(browser, trip.link);
  await chauffeur.page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'العربية' }).click();
  await expect(chauffeur.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(chauffeur.page.getByRole('heading', { level: 1, name: `المهمة رقم ${trip.bookingId}` })).toBeVisible({ timeout: 30_000 });
  await expect(chauffeur.page.getByRole('heading', { name: 'لافتة الاستقبال' })).toBeVisible();
  await chauffeur.page.getByRole('button', { name: 'عرض اللافتة' }).click();

  const sign = chauffeur.page.getByRole('dialog', { name: 'لافتة باسم العميل' });
  await expect(sign).toBeVisible();
  const name = sign.getByText(SIGN_NAME, { exact: true });
  await expect(name).toHaveAttribute('dir', 'rtl');
  expect(await name.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  expect(Number.parseFloat(await name.evaluate((element) => getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(48);
  // The company's logo and name above the passenger's.
  await expect(sign.locator('img[src="/favicon.svg"]')).toBeVisible();
  await expect(sign.getByText('Riviera VTC')).toBeVisible();
  // The whole screen, and nothing wider.
  const box = await sign.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 390 });
  expect(box!.height).toBeGreaterThanOrEqual(800);
  await expectNoSidewaysScroll(chauffeur.page);
  if (SHOTS) await chauffeur.page.screenshot({ path: `${SHOTS}/name-sign-ar-390.png` });
  await sign.getByRole('button', { name: 'إغلاق اللافتة' }).click();
  await expect(sign).toHaveCount(0);
  await chauffeur.context.close();
});

test('step three asks an airport pickup for the name on the sign, the passenger’s until another is typed, and the chauffeur gets it', async ({ page, request }) => {
  const user = newUser();
  await registerThroughApi(request, user);
  const headers = { Authorization: `Bearer ${await apiToken(request, user.email, user.password)}` };
  const added = await request.post('/api/user/booking/add', {
    headers,
    data: { origin: AIRPORT, rentFromType: 'airport', destination: 'Monaco', date: tripDateTime(540, '10:00'), passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }) },
  });
  expect(added.status()).toBe(201);
  const { bookingId } = (await added.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${bookingId}/1`, { headers, data: { bookingId, carId: 1 } })).ok()).toBe(true);

  await signInThroughApi(page, user.email, user.password);
  await page.evaluate((id) => window.sessionStorage.setItem('bookingId', String(id)), bookingId);
  await page.goto('/confirmation');
  const sign = page.getByLabel('Nom sur la pancarte d’accueil');
  await expect(sign).toHaveValue(user.fullName, { timeout: 30_000 });
  await expect(page.getByText('Votre chauffeur vous attend à l’arrivée avec une pancarte à ce nom.')).toBeVisible();
  await page.getByLabel('Nom complet').fill('Yasmine Haddad');
  await expect(sign).toHaveValue('Yasmine Haddad');
  await sign.fill('Famille Haddad');
  await page.getByLabel('Nom complet').fill('Yasmine B. Haddad');
  await expect(sign).toHaveValue('Famille Haddad');
  await page.getByLabel('Numéro de vol').fill('AF 7700');
  await page.getByRole('button', { name: /^Espèces/ }).click();
  await page.getByRole('button', { name: 'Confirmer la réservation' }).click();
  await expect(page).toHaveURL(`/success?id=${bookingId}`);

  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  expect((await request.put(`/api/booking/accept/${bookingId}`, { headers: admin, data: {} })).ok()).toBe(true);
  const driverName = unique('Karim Pancarte');
  const driver = await request.post('/api/driver/add', {
    headers: admin,
    data: { fullName: driverName, phone: '+33698765432', email: `${driverName.replaceAll(' ', '-').toLowerCase()}@e2e.test`, languages: ['fr'] },
  });
  const driverId = ((await driver.json()) as { data: { id: number } }).data.id;
  expect((await request.put(`/api/booking/assign/${bookingId}`, { headers: admin, data: { driverId, carId: 1 } })).ok()).toBe(true);
  const token = new URL(await missionLink(bookingId), 'http://localhost').searchParams.get('token')!;
  const mission = await request.get(`/api/mission/${bookingId}?token=${encodeURIComponent(token)}`);
  expect(((await mission.json()) as { data: { signName: string } }).data.signName).toBe('Famille Haddad');
});
