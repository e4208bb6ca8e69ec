import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { startClockServer, type ClockServer } from '../support/clock-server';
import { waitForApp } from '../support/page-ready';
import { readableMail } from '../support/smtp-sink';
import { adminToken, expectToast, registerCustomer, unique } from './back-office-steps';
import { expectNoSidewaysScroll } from './mission-steps';

/**
 * After the trip (decision 0146), in a browser: a completed trip's customer is mailed a rating
 * link two hours later, rates the trip on its page (fr, then the thanks in ar), and the company
 * sees the rating on its dashboard and answers it from the Avis screen, which mails the answer.
 * The trip is in the past and the request two hours after it: this spec runs a server of its own
 * whose clock it moves (clock-server.ts); the shared e2e server runs on real time.
 */
test.describe.configure({ timeout: 180_000 });

const REVIEWS_URL = 'https://avis.example.test/riviera-vtc';


/** A transfer confirmed in cash by a verified customer, accepted and given to a new chauffeur; its id and the chauffeur's name. */
async function assignedTrip(api: APIRequestContext, server: ClockServer, date: string): Promise<{ id: number; email: string; driverName: string }> {
  const customer = await registerCustomer(api);
  // The customer's mails wait for a verified address (decision 0053): the customer follows the link.
  let verify = '';
  await expect
    .poll(() => {
      const mail = server.mails().find((text) => text.includes(customer.email) && text.includes('/verify-email?token='));
      verify = mail ? /\/verify-email\?token=([\w%-]+)/.exec(mail)![1]! : '';
      return verify;
    })
    .not.toBe('');
  expect((await api.get(`/api/auth/verifyEmail?token=${verify}`)).status()).toBe(200);

  const headers = { Authorization: `Bearer ${customer.token}` };
  const created = await api.post('/api/user/booking/add', {
    headers,
    data: { origin: 'Nice', destination: 'Monaco', date, passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }), packages: JSON.stringify({ under10kg: 1, above10kg: 0, above30kg: 0 }) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { bookingId } = (await created.json()) as { bookingId: number };
  expect((await api.put(`/api/user/booking/update-car/${bookingId}/1`, { headers, data: { bookingId, carId: 1 } })).ok()).toBe(true);
  const confirmed = await api.put(`/api/user/booking/update-booking-info/${bookingId}`, {
    headers,
    data: { bookingId, fullName: 'Camille Avis', email: customer.email, phone: '+33612345678', method: 'cash', address: '1 promenade des Anglais', city: 'Nice' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const admin = { Authorization: `Bearer ${await adminToken(api)}` };
  expect((await api.put(`/api/booking/accept/${bookingId}`, { headers: admin, data: {} })).ok()).toBe(true);
  const driverName = unique('Luc Avis');
  const driver = await api.post('/api/driver/add', {
    headers: admin,
    data: { fullName: driverName, phone: '+33698765432', email: `${driverName.replaceAll(' ', '-').toLowerCase()}@e2e.test`, languages: ['fr'] },
  });
  expect(driver.status()).toBe(201);
  const driverId = ((await driver.json()) as { data: { id: number } }).data.id;
  expect((await api.put(`/api/booking/assign/${bookingId}`, { headers: admin, data: { driverId, carId: 1 } })).ok()).toBe(true);
  return { id: bookingId, email: customer.email, driverName };
}

test.describe('ratings after the trip (a server whose clock is moved)', () => {
  let server: ClockServer;
  let api: APIRequestContext;

  test.beforeAll(async () => {
    // A server of its own (a fresh database, migrated and seeded) starts on a machine that may be busy.
    test.setTimeout(150_000);
    // The clock jumps two hours ahead: the health watchdog would take that for a stuck process and end it.
    server = await startClockServer({ env: { REVIEWS_URL, FEEDBACK_REQUEST_DELAY_HOURS: '2', JOB_POLL_MS: '300', HEALTH_WATCHDOG_SECONDS: '0' } });
    api = await playwrightRequest.newContext({ baseURL: server.url });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.close();
  });

  test('the customer rates the trip through the mailed link; the company sees it on the dashboard and answers it, and the answer is mailed', async ({ browser }) => {
    // Picked up 6 hours ago on a whole quarter hour: booked 3 hours before that, on a clock moved back.
    const pickupAt = new Date(Math.floor((Date.now() - 6 * 3_600_000) / 900_000) * 900_000);
    await server.setNow(new Date(pickupAt.getTime() - 3 * 3_600_000));
    const trip = await assignedTrip(api, server, toParisDateTimeLocal(pickupAt));
    await server.realTime();
    const admin = { Authorization: `Bearer ${await adminToken(api)}` };
    const done = await api.put(`/api/booking/complete/${trip.id}`, { headers: admin });
    expect(done.ok(), await done.text()).toBe(true);

    // Nothing is asked before FEEDBACK_REQUEST_DELAY_HOURS; just after, the mail has the link.
    const linkOf = () => server.mails().flatMap((text) => new RegExp(`/feedback/${trip.id}\\?token=[\\w-]+`).exec(text)?.[0] ?? [])[0] ?? '';
    expect(linkOf()).toBe('');
    await server.setNow(new Date(Date.now() + 2 * 3_600_000 + 5 * 60_000));
    let link = '';
    await expect
      .poll(() => {
        link = linkOf();
        return link;
      }, { timeout: 30_000 })
      .not.toBe('');
    const request = server.mails().find((text) => text.includes(link))!;
    expect(request).toContain(trip.email);

    // The customer, on a phone.
    const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    const page = await phone.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Comment s’est passée votre course ?' })).toBeVisible({ timeout: 30_000 });
    await waitForApp(page);
    await expect(page.getByText(`Votre chauffeur : ${trip.driverName.split(' ')[0]}.`)).toBeVisible();
    const stars = page.getByRole('group', { name: 'Votre note' });
    await expect(stars.getByRole('radio')).toHaveCount(5);

    // Sent without stars: said on the stars, nothing sent.
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect(page.getByRole('alert')).toHaveText('Choisissez une note de 1 à 5 étoiles.');
    await stars.getByRole('radio', { name: '4 étoiles sur 5' }).check();
    await expect(page.getByText('Très bien', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByLabel('Votre commentaire (facultatif)').fill('Chauffeur ponctuel, voiture impeccable.');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('feedback-form-fr-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Merci pour votre avis !' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Laisser un avis public' })).toHaveAttribute('href', REVIEWS_URL);

    // The link again: already received, nothing doubled.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Merci pour votre avis !' })).toBeVisible({ timeout: 30_000 });
    const token = new URL(link, server.url).searchParams.get('token')!;
    const again = await api.post(`/api/feedback/${trip.id}`, { data: { token, rating: 1 }, headers: { 'accept-language': 'fr' } });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('Votre avis sur cette course a déjà été reçu : merci !');

    // The thanks in Arabic, right to left, on a phone and a wide screen.
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'شكرًا على تقييمك!' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'اترك تقييمًا عامًا' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('feedback-thanks-ar-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: test.info().outputPath('feedback-thanks-ar-1366.png'), fullPage: true });
    await phone.close();

    // The company: the dashboard's ratings, then the Avis screen and its answer box.
    const office = await browser.newContext({ baseURL: server.url, locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
    const desk = await office.newPage();
    await logIn(desk, ADMIN_EMAIL, ADMIN_PASSWORD);
    await desk.goto('/dashboard');
    await waitForApp(desk);
    const ratings = desk.getByTestId('dashboard-ratings');
    await expect(ratings.getByRole('heading', { name: 'Notes des clients (12 derniers mois)' })).toBeVisible({ timeout: 30_000 });
    const byDriver = ratings.getByRole('table', { name: 'Par chauffeur' });
    await expect(byDriver.getByRole('row', { name: new RegExp(trip.driverName) })).toContainText('4,0 / 5');
    await expect(ratings.getByRole('table', { name: 'Par mois de la course' }).getByRole('row')).toHaveCount(2);
    await ratings.screenshot({ path: test.info().outputPath('dashboard-ratings-fr-1366.png') });

    await desk.getByRole('navigation', { name: 'Menu d\'administration' }).getByRole('link', { name: 'Avis' }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Avis' })).toBeVisible({ timeout: 30_000 });
    const review = desk.getByRole('article').filter({ hasText: `Course n°${trip.id} ` });
    await expect(review).toContainText('Chauffeur ponctuel, voiture impeccable.');
    await expect(review).toContainText('Camille Avis');
    await expect(review).toContainText(trip.driverName);
    const answer = 'Merci Camille, à très bientôt sur la Riviera !';
    await review.getByLabel('Votre réponse au client').fill(answer);
    await review.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await expectToast(desk, 'Réponse envoyée au client par e-mail');
    await expect(review).toContainText(answer);
    await expect(review.getByRole('button', { name: 'Répondre à nouveau' })).toBeVisible();
    await desk.screenshot({ path: test.info().outputPath('reviews-fr-1366.png'), fullPage: true });
    await desk.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(desk);
    await office.close();

    await expect.poll(() => server.mails().filter((text) => text.includes(trip.email) && readableMail(text).includes(answer)).length, { timeout: 20_000 }).toBe(1);
  });
});
