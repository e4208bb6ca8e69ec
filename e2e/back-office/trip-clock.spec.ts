import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from '../support/accounts';
import { apiToken, registerThroughApi, signInThroughApi } from '../support/auth-steps';
import { waitForApp } from '../support/page-ready';
import { findMailLink, readMails, verificationLink } from '../booking/mail-box';
import { adminToken, row, unique } from './back-office-steps';
import { expectNoSidewaysScroll, missionLink } from './mission-steps';

/**
 * Decision 0117 in a browser. The e2e server runs on real time, so the clock is not moved here:
 * trips are booked a few hours ahead (the API tests move the clock across each edge).
 */
test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.TRIP_CLOCK_SHOTS;

/** `minutes` from now on Paris clocks, as a datetime-local value. */
function parisIn(minutes: number): string {
  return toParisDateTimeLocal(Date.now() + minutes * 60_000);
}

/** A cash booking (paid on board) accepted by the company and given to a new chauffeur; its mission link. */
async function assignedTrip(request: APIRequestContext, admin: { Authorization: string }, pickup: string, carId: number) {
  const user = newUser();
  await registerThroughApi(request, user);
  const headers = { Authorization: `Bearer ${await apiToken(request, user.email, user.password)}` };
  const created = await request.post('/api/user/booking/add', {
    headers,
    data: { origin: 'Cannes', destination: 'Nice', date: pickup, passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }), packages: JSON.stringify({ under10kg: 1, above10kg: 0, above30kg: 0 }) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { bookingId } = (await created.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${bookingId}/${carId}`, { headers, data: { bookingId, carId } })).ok()).toBe(true);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${bookingId}`, {
    headers,
    data: { bookingId, fullName: user.fullName, email: user.email, phone: `+33${user.phone}`, method: 'cash', address: '12 boulevard de la Croisette', city: 'Cannes' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  expect((await request.put(`/api/booking/accept/${bookingId}`, { headers: admin, data: {} })).ok()).toBe(true);
  const name = unique('Luc Horloge');
  const driver = await request.post('/api/driver/add', {
    headers: admin,
    data: { fullName: name, phone: '+33698765432', email: `${name.replaceAll(' ', '-').toLowerCase()}@e2e.test`, languages: ['fr'] },
  });
  expect(driver.status()).toBe(201);
  const driverId = ((await driver.json()) as { data: { id: number } }).data.id;
  expect((await request.put(`/api/booking/assign/${bookingId}`, { headers: admin, data: { driverId, carId } })).ok()).toBe(true);
  return { bookingId, link: await missionLink(bookingId) };
}

async function openOnPhone(browser: Browser, link: string) {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const page = await phone.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await waitForApp(page);
  return { phone, page };
}

const FROM = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;

test('the chauffeur’s steps follow the clock: a step not open yet says from when and is refused; on a trip soon, en route opens and done waits for pickup', async ({
  browser,
  request,
}) => {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  // Six hours ahead: "en route" opens three hours before pickup (MISSION_EN_ROUTE_HOURS).
  const later = await assignedTrip(request, admin, parisIn(6 * 60), 2);
  const { phone, page } = await openOnPhone(browser, later.link);
  const enRoute = page.getByRole('button', { name: /^Je suis en route/ });
  await expect(enRoute).toContainText(new RegExp(`À partir du ${FROM.source}`));
  await enRoute.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cette étape' })).toContainText(new RegExp(`Cette étape ne s’ouvre qu’à partir du ${FROM.source} \\(heure de Paris\\)`));
  await expect(page.getByText('Pas encore en route')).toBeVisible();
  await phone.close();

  // Two hours and a quarter ahead: en route is open, the steps follow in order; done waits for pickup.
  const soon = await assignedTrip(request, admin, parisIn(135), 1);
  const mission = await openOnPhone(browser, soon.link);
  for (const step of ['Je suis en route', 'Je suis sur place', 'Passager à bord']) {
    const button = mission.page.getByRole('button', { name: new RegExp(`^${step}`) });
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toContainText(/\d{2}:\d{2}/);
  }
  const done = mission.page.getByRole('button', { name: /^Course terminée/ });
  await expect(done).toContainText(new RegExp(`À partir du ${FROM.source}`));
  await done.click();
  await mission.page.getByRole('button', { name: 'Oui, course terminée' }).click();
  await expect(mission.page.getByRole('alert').filter({ hasText: 'La course ne peut' })).toContainText(
    new RegExp(`La course ne peut être terminée qu’à partir de la prise en charge, le ${FROM.source} \\(heure de Paris\\)`),
  );
  await expect(mission.page.getByText('Course terminée. Merci !')).toHaveCount(0);
  await expectNoSidewaysScroll(mission.page);
  if (SHOTS) {
    await mission.page.screenshot({ path: `${SHOTS}/mission-clock-fr-390.png`, fullPage: true });
    await mission.page.setViewportSize({ width: 1366, height: 900 });
    await mission.page.screenshot({ path: `${SHOTS}/mission-clock-fr-1366.png`, fullPage: true });
    await mission.page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'العربية' }).click();
    await expect(mission.page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(mission.page.getByRole('heading', { level: 1, name: `المهمة رقم ${soon.bookingId}` })).toBeVisible({ timeout: 30_000 });
    await mission.page.screenshot({ path: `${SHOTS}/mission-clock-ar-1366.png`, fullPage: true });
    await mission.page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(mission.page);
    await mission.page.screenshot({ path: `${SHOTS}/mission-clock-ar-390.png`, fullPage: true });
  }
  await mission.phone.close();
});

test('cash at step three says it is paid on board and mails no deposit link; once the company accepts, the booking is confirmed and both sides are mailed', async ({
  page,
  request,
}) => {
  const user = newUser();
  await registerThroughApi(request, user);
  await expect.poll(() => verificationLink(user.email), { timeout: 20_000 }).not.toBeNull();
  const verify = new URL(verificationLink(user.email)!, 'http://localhost').searchParams.get('token')!;
  expect((await request.get(`/api/auth/verifyEmail?token=${encodeURIComponent(verify)}`)).status()).toBe(200);
  const headers = { Authorization: `Bearer ${await apiToken(request, user.email, user.password)}` };
  const created = await request.post('/api/user/booking/add', {
    headers,
    data: { origin: 'Nice', destination: 'Monaco', date: parisIn(60 * 24 * 3 + 17), passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }), packages: JSON.stringify({ under10kg: 1, above10kg: 0, above30kg: 0 }) },
  });
  const { bookingId } = (await created.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${bookingId}/2`, { headers, data: { bookingId, carId: 2 } })).ok()).toBe(true);

  // Step three in the browser, signed in: choosing cash says what happens.
  await signInThroughApi(page, user.email, user.password);
  await page.evaluate((id) => window.sessionStorage.setItem('bookingId', String(id)), bookingId);
  await page.goto('/confirmation');
  await page.getByRole('button', { name: /^Espèces/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'au chauffeur à la fin du trajet, en espèces' })).toContainText('Pas d’acompte ni de lien de paiement');
  await page.getByRole('button', { name: 'Confirmer la réservation' }).click();
  await expect(page).toHaveURL(`/success?id=${bookingId}`);

  // Subjects are encoded words: the mails are told apart by their recipient and their text.
  const mailTo = (to: string, words: string) => readMails().some((mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && mail.text.includes(words));
  await expect.poll(() => mailTo(user.email, 'aucun lien de paiement ne vous sera envoyé'), { timeout: 20_000 }).toBe(true);

  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  expect((await request.put(`/api/booking/accept/${bookingId}`, { headers: admin, data: {} })).ok()).toBe(true);
  await expect.poll(() => mailTo(user.email, 'Rien n’est à payer en ligne'), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => mailTo('@', `La réservation de ${user.fullName} est confirmée, sans acompte`), { timeout: 20_000 }).toBe(true);
  expect(findMailLink(new RegExp(`/checkout\\?id=${bookingId}&`))).toBeNull();

  // The company's list and drawer name the state by what is paid.
  await signInThroughApi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/bookings');
  await page.getByLabel('Rechercher une réservation').fill(`#${bookingId}`);
  await page.getByRole('search').getByRole('button', { name: 'Rechercher' }).click();
  await expect(row(page, `#${bookingId}`)).toContainText('Confirmée · paiement à bord');
});
