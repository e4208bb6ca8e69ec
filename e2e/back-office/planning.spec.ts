import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parisIsoDate } from '@vtc/shared/time/paris-time';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { waitForApp } from '../support/page-ready';
import { workerDay } from '../support/worker-day';
import { registerCustomer } from './back-office-steps';

test.describe.configure({ timeout: 90_000 });

/** The Paris day `days` from now, YYYY-MM-DD. */
const parisDay = (days: number) => parisIsoDate(Date.now() + days * 86_400_000);

/** A pending booking on car 1 (Nice → Monaco) at `day` and `time` on Paris clocks; days of its own (no other spec books them). */
async function pendingBookingAt(request: APIRequestContext, customer: { email: string; token: string }, day: string, time: string): Promise<number> {
  const headers = { Authorization: `Bearer ${customer.token}` };
  const created = await request.post('/api/user/booking/add', {
    headers,
    data: {
      origin: 'Nice',
      destination: 'Monaco',
      date: `${day}T${time}`,
      passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 1, above10kg: 0, above30kg: 0 }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { bookingId } = (await created.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${bookingId}/1`, { headers, data: { bookingId, carId: 1 } })).ok()).toBe(true);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${bookingId}`, {
    headers,
    data: { bookingId, fullName: 'Client Planning', email: customer.email, phone: '+33612345678', method: 'cash' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return bookingId;
}

async function showDay(page: Page, day: string) {
  await page.getByLabel('Date', { exact: true }).fill(day);
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(day);
  await page.getByRole('radio', { name: 'Jour' }).check();
}

async function screenshots(page: Page, path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const language of ['fr', 'ar'] as const) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.evaluate((value) => window.localStorage.setItem('language', value), language);
      await page.goto(path);
      await waitForApp(page);
      await ready(page);
      // Nothing wider than the phone: the page scrolls only vertically.
      const wider = await page.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .slice(0, 5)
          .map((element) => `${element.tagName}.${element.className}`),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth), wider.join(', ')).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`${name}-${language}-${width}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
}

test('the planning shows a booking as a block on its car; a click opens its drawer; phones get an agenda', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  const day = parisDay(workerDay(17));
  const id = await pendingBookingAt(request, customer, day, '10:00');
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Planning' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Planning' })).toBeVisible();
  await showDay(page, day);

  const timeline = page.getByTestId('planning-timeline');
  const block = timeline.getByRole('button', { name: new RegExp(`#${id} `) });
  await expect(block).toBeVisible();
  await expect(block).toContainText('Client Planning');
  await expect(block).toContainText('Sans chauffeur');
  await expect(timeline).toContainText('Mercedes');
  await block.click();
  const drawer = page.getByRole('dialog', { name: `Réservation n° ${id}` });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('En attente');
  await drawer.getByRole('button', { name: 'Fermer' }).click();
  await expect(drawer).toBeHidden();

  // By chauffeur: the trip sits on the "no chauffeur" row.
  await page.getByRole('radio', { name: 'Chauffeur' }).check();
  await expect(timeline).toContainText('Sans chauffeur');
  await expect(block).toBeVisible();

  // On a phone, the same day as a list; a trip opens the same drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(timeline).toHaveCount(0);
  await page.getByRole('button', { name: 'Afficher ou masquer le menu' }).click();
  await expect(page.getByRole('navigation', { name: "Menu d'administration" })).toBeHidden();
  await page.getByRole('button', { name: `Ouvrir la réservation #${id}` }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Fermer' }).click();

  await screenshots(page, '/planning', 'planning', async (current) => {
    // The day view: the trip's block is on screen at every width.
    await expect(async () => {
      await current.locator('input[type="date"]').fill(day);
      await current.locator('input[type="radio"][value="day"]').check();
      await expect(current.getByRole('button', { name: new RegExp(`#${id}\\b`) })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  });
});

test('the admin area opens on the dashboard: what waits, tomorrow’s trips, the months and a chart', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  // Tomorrow it must be: a retry takes car 1 two hours later than its first attempt did, each run
  // of --repeat-each four hours later.
  const { retry, repeatEachIndex } = test.info();
  const id = await pendingBookingAt(request, customer, parisDay(1), `${10 + 2 * retry + 4 * repeatEachIndex}:00`);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();

  const pending = page.getByTestId('dashboard-pending');
  await expect(pending).toContainText('Réservations en attente');
  expect(Number(await pending.locator('.dashboard-figure').textContent())).toBeGreaterThanOrEqual(1);
  await expect(pending).toContainText('La plus ancienne attend depuis');
  const tomorrow = page.getByRole('region', { name: /Courses de demain/ });
  await expect(tomorrow).toContainText(`#${id}`);
  await expect(tomorrow).toContainText('Client Planning');
  await expect(page.getByTestId('dashboard-thisMonth')).toContainText('Réservations');
  await expect(page.getByTestId('dashboard-thisMonth')).toContainText('€');
  await expect(page.getByRole('img', { name: 'Réservations par semaine (12 dernières semaines)' })).toBeVisible();
  // Sidebar: the company's daily work first.
  await expect(page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link').first()).toHaveText('Tableau de bord');

  await screenshots(page, '/dashboard', 'dashboard', async (current) => {
    await expect(current.locator('canvas')).toBeVisible();
  });
});
