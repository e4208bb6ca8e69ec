import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { waitForApp } from '../support/page-ready';
import { adminToken, row } from './back-office-steps';
import { paidBooking } from './mission-steps';

test.describe.configure({ timeout: 120_000 });

/** English words that once showed on French back-office pages, and common English screen words. */
const ENGLISH = [/\bHello\b/, /\bNo Data\b/i, /\bVacances\b/, /\bLoading\b/, /\bSearch\b/, /\bSave\b/, /\bCancel\b/, /\bDelete\b/, /\bEdit\b/, /\bPending\b/, /\bAccepted\b/, /\bPaid\b/, /\bCompleted\b/, /\bDetails\b/, /\bActions\b/];
/** A code as the program writes it (quote_claimed, cash_deposit_received), not words. */
const CODE = /\b[a-z]+(?:_[a-z]+)+\b/;

const PAGES = ['/dashboard', '/bookings', '/planning', '/pricing', '/pricing-list', '/cars', '/durations', '/holidays', '/profile', '/seasons', '/drivers', '/invoices', '/users', '/messages'];

async function visibleText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

function expectFrench(text: string, where: string) {
  for (const word of ENGLISH) expect(text, `${where}: ${word}`).not.toMatch(word);
  expect(text.match(CODE)?.[0] ?? null, where).toBeNull();
}

test('the French back office says everything in French: no English word on any page, no code in a history', async ({ page, request }) => {
  // A trip whose history holds codes: a cash deposit received, then a free cancellation.
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const id = await paidBooking(request, admin, 445);
  expect((await request.put(`/api/user/booking/cancel/${id}`, { headers: admin, data: {} })).ok()).toBe(true);

  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page.getByText('Bonjour, administrateur')).toBeVisible();
  await expect(page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Jours fériés' })).toBeVisible();
  for (const path of PAGES) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Tables have loaded (or said they are empty) before the words are read.
    await expect(page.getByText('Chargement', { exact: false })).toHaveCount(0, { timeout: 15_000 });
    expectFrench(await visibleText(page), path);
  }
  await page.goto('/holidays');
  await expect(page.getByRole('heading', { level: 1, name: 'Jours fériés' })).toBeVisible();

  // The booking's history: words for each line, the reason codes translated.
  await page.goto('/bookings');
  await page.getByLabel('Rechercher une réservation').fill(`#${id}`);
  await page.getByRole('search').getByRole('button', { name: 'Rechercher' }).click();
  await row(page, `#${id}`).getByRole('button', { name: 'Détails' }).click();
  const drawer = page.getByRole('dialog', { name: `Réservation n° ${id}` });
  const history = drawer.locator('.history-list').first();
  await expect(history).toContainText('acompte reçu en espèces');
  await expect(history).toContainText('annulation gratuite');
  expectFrench(await drawer.innerText(), `drawer #${id}`);
});

test('the legal notice names the consumer mediator; the terms give the waiting times step three gives', async ({ page }) => {
  await page.goto('/mentions-legales');
  await waitForApp(page);
  await expect(page.getByText(/médiateur de la consommation dont relève .*CM2C, 49 rue de Ponthieu, 75008 Paris.*https:\/\/www\.cm2c\.net/)).toBeVisible();
  await expect(page.getByText(/ec\.europa\.eu\/consumers\/odr/)).toHaveCount(0);
  await page.goto('/cgv');
  await waitForApp(page);
  // The server's configuration (WAITING_MINUTES_*: 60, 30, 15 by default), as step three and the mails say it.
  // (Values from configuration are bidi-isolated, U+2068 … U+2069.)
  await expect(page.getByText(/l'attente gratuite est de \u2068?60\u2069? minutes après l'arrivée effective du vol indiqué à la réservation ; à la gare, \u2068?30\u2069? minutes .* l'attente gratuite est de \u2068?15\u2069? minutes/)).toBeVisible();
  await expect(page.getByText(/De \u2068?19:00\u2069? à \u2068?05:00\u2069?, les trajets calculés au kilomètre suivent le tarif de nuit/)).toBeVisible();
  // Extra waiting and the no-show as the product runs them: the hourly hire rate, the chauffeur's report the company confirms.
  await expect(page.getByText(/par tranche de 15 minutes commencée, au tarif horaire de mise à disposition du véhicule réservé/)).toBeVisible();
  await expect(page.getByText(/celui-ci peut le déclarer absent ; une fois l'absence confirmée par .+, la course est annulée et l'acompte reste acquis/)).toBeVisible();
  await expect(page.getByText(/tarif communiqué sur demande/)).toHaveCount(0);
});
