import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { parisIsoDate } from '@vtc/shared/time/paris-time';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { waitForApp } from '../support/page-ready';
import { workerDay } from '../support/worker-day';
import { adminToken, registerCustomer, unique } from './back-office-steps';

test.describe.configure({ timeout: 120_000 });

/** The Paris day `days` from now, YYYY-MM-DD. */
const parisDay = (days: number) => parisIsoDate(Date.now() + days * 86_400_000);

/** An accepted Nice → Monaco trip on car 1 at `day` `time` (Paris), with `driverId` as its chauffeur. */
async function assignedTrip(request: APIRequestContext, admin: { Authorization: string }, day: string, time: string, driverId: number): Promise<number> {
  const customer = await registerCustomer(request);
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
    data: { bookingId, fullName: 'Inès Lisible', email: customer.email, phone: '+33612345678', method: 'cash' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  expect((await request.put(`/api/booking/accept/${bookingId}`, { headers: admin, data: {} })).ok()).toBe(true);
  const assigned = await request.put(`/api/booking/assign/${bookingId}`, { headers: admin, data: { driverId, carId: 1 } });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  return bookingId;
}

async function openPlanning(page: Page, language: 'fr' | 'ar', width: number, day: string, view: 'day' | 'week') {
  await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
  await page.evaluate((value) => window.localStorage.setItem('language', value), language);
  await page.goto('/planning');
  await waitForApp(page);
  await page.locator('input[type="date"]').fill(day);
  await expect(page.locator('input[type="date"]')).toHaveValue(day);
  await page.locator(`input[type="radio"][value="${view}"]`).check();
}

/** A block is readable: wide and tall enough for its words, and its text at least 12 px. */
async function expectReadable(block: Locator, minWidth: number, minHeight: number) {
  const box = (await block.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(minWidth);
  expect(box.height).toBeGreaterThanOrEqual(minHeight);
  const smallest = await block.evaluate((element) =>
    Math.min(...Array.from(element.querySelectorAll('span')).map((span) => Number.parseFloat(getComputedStyle(span).fontSize))),
  );
  expect(smallest).toBeGreaterThanOrEqual(12);
  // Nothing cut: each line's words fit inside the block.
  const cut = await block.evaluate((element) =>
    Array.from(element.querySelectorAll('span')).filter((span) => span.scrollWidth > span.clientWidth + 1 || span.getBoundingClientRect().bottom > element.getBoundingClientRect().bottom + 1).length,
  );
  expect(cut).toBe(0);
}

test('the planning reads at 1366 px (week cards, day blocks with words, hours as clocks) and as an agenda at 390 px', async ({ page, request }) => {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const driverName = unique('Paul Lisible');
  const added = await request.post('/api/driver/add', {
    headers: admin,
    data: { fullName: driverName, phone: '+33698765431', email: `${driverName.replaceAll(' ', '-').toLowerCase()}@e2e.test`, languages: ['fr'] },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { data: driver } = (await added.json()) as { data: { id: number } };
  // A day no other spec books (payments.spec uses 31-39): its trips hold car 1.
  const day = parisDay(workerDay(333));
  const id = await assignedTrip(request, admin, day, '09:00', driver.id);
  const later = await assignedTrip(request, admin, day, '15:30', driver.id);

  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  // The week: each trip a card in its day with its time, route and chauffeur, in words one reads.
  await openPlanning(page, 'fr', 1366, day, 'week');
  const week = page.getByTestId('planning-week');
  const card = week.getByRole('button', { name: new RegExp(`#${id} `) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('09:00 –');
  await expect(card).toContainText('Nice → Monaco');
  await expect(card).toContainText(driverName);
  await expectReadable(card, 110, 50);
  await expect(week.getByRole('button', { name: new RegExp(`#${later} `) })).toContainText('15:30 –');
  await expect(week.getByRole('columnheader')).toHaveCount(8);
  await page.screenshot({ path: test.info().outputPath('week-fr-1366.png'), fullPage: true });
  // A click opens the drawer, where the chauffeur and the car can be changed.
  await card.click();
  const drawer = page.getByRole('dialog', { name: `Réservation n° ${id}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'Chauffeur' })).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'Voiture' })).toHaveValue('1');
  await drawer.getByRole('button', { name: 'Fermer' }).click();
  await expect(drawer).toBeHidden();

  // The day: hours written as clocks, each block with its time, route, customer and chauffeur.
  await page.locator('input[type="radio"][value="day"]').check();
  const timeline = page.getByTestId('planning-timeline');
  const block = timeline.getByRole('button', { name: new RegExp(`#${id} `) });
  await expect(block).toBeVisible();
  for (const words of ['09:00 – ', 'Nice → Monaco', 'Inès Lisible', driverName]) await expect(block).toContainText(words);
  await expectReadable(block, 140, 60);
  await expect(block).toBeInViewport();
  await expect(timeline.getByText('10:00', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('day-fr-1366.png'), fullPage: true });
  await block.click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Fermer' }).click();

  // The phone: the day as a list, each trip with its words; a tap opens the drawer.
  await openPlanning(page, 'fr', 390, day, 'day');
  await expect(page.getByTestId('planning-timeline')).toHaveCount(0);
  const item = page.getByRole('button', { name: `Ouvrir la réservation #${id}` });
  await expect(item).toContainText('09:00 –');
  await expect(item).toContainText('Nice → Monaco');
  await expect(item).toContainText(driverName);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('agenda-fr-390.png'), fullPage: true });
  await item.click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Fermer' }).click();

  // Arabic: the same, in Arabic words; the clock still runs left to right.
  await openPlanning(page, 'ar', 1366, day, 'week');
  const arabicCard = page.getByTestId('planning-week').getByRole('button', { name: new RegExp(`#${id} `) });
  await expect(arabicCard).toContainText(driverName);
  await expectReadable(arabicCard, 110, 50);
  await page.screenshot({ path: test.info().outputPath('week-ar-1366.png'), fullPage: true });
  await page.locator('input[type="radio"][value="day"]').check();
  const arabicBlock = page.getByTestId('planning-timeline').getByRole('button', { name: new RegExp(`#${id} `) });
  await expect(arabicBlock).toContainText('Inès Lisible');
  await expectReadable(arabicBlock, 140, 60);
  await expect(arabicBlock).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('day-ar-1366.png'), fullPage: true });
  await openPlanning(page, 'ar', 390, day, 'week');
  await expect(page.getByRole('button', { name: `فتح الحجز #${id}` })).toContainText(driverName);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('agenda-ar-390.png'), fullPage: true });
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
});
