import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { adminToken, createPendingBooking, registerCustomer, row } from './back-office-steps';

test.describe.configure({ timeout: 90_000 });

/**
 * A booking taken by the company through the API: accepted, cash deposit received, which issues
 * its deposit invoice. The trip's own invoice comes only once the trip is done, never before
 * pickup (decision 0117): the API tests (documents, trip-clock) move the clock for it.
 */
async function depositPaidBooking(request: APIRequestContext): Promise<number> {
  const customer = await registerCustomer(request);
  const id = await createPendingBooking(request, customer);
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  for (const step of ['accept', 'deposit-received']) {
    const response = await request.put(`/api/booking/${step}/${id}`, { headers, data: {} });
    expect(response.ok(), `${step}: ${await response.text()}`).toBe(true);
  }
  return id;
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test('Factures: the month’s deposit invoice downloads as PDF, the month as CSV, the voucher from the booking drawer', async ({ page, request }) => {
  const id = await depositPaidBooking(request);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Factures', exact: true }).click();
  await expect(page).toHaveURL('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();

  const receiptRow = row(page, `#${id}`).filter({ hasText: /^A-\d{4}-\d{6}/ });
  await expect(receiptRow).toHaveCount(1);
  await expect(receiptRow).toContainText('Facture d’acompte');

  const pdf = await download(page, () => receiptRow.getByRole('button', { name: /Télécharger/ }).click());
  expect(pdf.name).toMatch(/^A-\d{4}-\d{6}\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const csv = await download(page, () => page.getByRole('button', { name: 'Exporter en CSV' }).click());
  expect(csv.name).toMatch(/^factures-\d{4}-\d{2}\.csv$/);
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFFNuméro;Date;Type;Réservation;Client;HT;TVA;TTC')).toBe(true);
  expect(text).toContain(`;Facture d’acompte;${id};Client Réservation;`);

  await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Réservations', exact: true }).click();
  await row(page, `#${id}`).getByRole('button', { name: /Détails/ }).click();
  const drawer = page.getByRole('dialog', { name: `Réservation n° ${id}` });
  const voucher = await download(page, () => drawer.getByRole('button', { name: 'Bon de réservation (PDF)' }).click());
  expect(voucher.name).toMatch(/^BR-\d{4}-\d{6}-v1\.pdf$/);
  expect(voucher.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('Factures fits a phone and a desktop screen, in French and in Arabic', async ({ page, request }, testInfo) => {
  await depositPaidBooking(request);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const language of ['fr', 'ar'] as const) {
    await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/invoices');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'fr' ? 'Factures' : 'الفواتير');
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      // The page itself never scrolls sideways; the wide table scrolls in its own frame.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`invoices-${language}-${width}.png`), fullPage: true });
    }
  }
});
