import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn, signInThroughApi } from '../support/auth-steps';
import { text, type Language } from '../support/locales';
import { findMailLink, verificationLink } from '../booking/mail-box';
import { adminToken, createPendingBooking, expectToast, registerCustomer, row } from './back-office-steps';
import { expectNoSidewaysScroll } from './mission-steps';
import { SLOW } from '../support/page-ready';

/**
 * Money after a change of a card-paid booking (issue 21 items 2 and 4, decision 0152), in a
 * browser: a lower price gives back part of the deposit through Stripe (the loopback stub), a
 * line in the drawer and on the customer's page; a higher price shows the link asking the
 * difference in the drawer, to copy, and that link opens the deposit page for the difference.
 */

test.describe.configure({ timeout: 150_000 });

const CUSTOMER_PASSWORD = 'Client-e2e-password';
const admin = (language: Language, key: string, values?: Record<string, string>) => text(language, `admin:${key}`, values);
const frEuros = (cents: number) => new RegExp(`${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}\\s€`);

type Details = { status: string; total_cents: number; deposit: number; payments: { status: string; amount_cents: number }[]; refunds: { amount_cents: number; status: string }[] };

/** A verified customer's booking on its own day offset, accepted, whose deposit was paid on Stripe's page (the stub). */
async function cardPaidBooking(request: APIRequestContext, day: number) {
  const customer = await registerCustomer(request);
  await expect.poll(() => verificationLink(customer.email), SLOW).not.toBeNull();
  const verification = new URL(verificationLink(customer.email)!, 'http://localhost').searchParams.get('token');
  expect((await request.post('/api/auth/verifyEmail', { data: { token: verification } })).ok()).toBe(true);
  const id = await createPendingBooking(request, customer, day, 'stripe');
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  expect((await request.put(`/api/booking/accept/${id}`, { headers, data: {} })).ok()).toBe(true);
  const pattern = new RegExp(`https?://[^\\s/]+/checkout\\?id=${id}&token=[^\\s>"]+`);
  await expect.poll(() => findMailLink(pattern, customer.email), SLOW).not.toBeNull();
  const token = new URL(findMailLink(pattern, customer.email)!, 'http://localhost').searchParams.get('token');
  const started = await request.post(`/api/booking/payment/stripe/${id}`, { data: { id, token } });
  expect(started.ok()).toBe(true);
  expect((await request.get(((await started.json()) as { url: string }).url)).ok()).toBe(true);
  const details = async () => ((await (await request.get(`/api/booking/${id}`, { headers: { Authorization: `Bearer ${await adminToken(request)}` } })).json()) as { data: Details }).data;
  await expect.poll(async () => (await details()).status, SLOW).toBe('paid');
  return { id, customer, details };
}

async function openDrawer(page: Page, language: Language, id: number) {
  await page.goto('/bookings');
  await page.getByLabel(admin(language, 'pages.bookings.search')).fill(`#${id}`);
  await page.getByRole('search').getByRole('button', { name: admin(language, 'actions.search') }).click();
  await row(page, `#${id}`).getByRole('button', { name: admin(language, 'actions.details') }).click();
  const drawer = page.getByRole('dialog', { name: admin(language, 'pages.bookings.detailsTitle', { id: String(id) }) });
  await expect(drawer).toBeVisible(SLOW);
  return drawer;
}

/** The drawer's "Modifier la réservation" with a manual price and its reason. */
async function changePrice(page: Page, drawer: ReturnType<Page['getByRole']>, id: number, euros: number, reason: string) {
  await drawer.getByRole('button', { name: 'Modifier la réservation' }).click();
  const modal = page.getByRole('dialog', { name: `Modifier la réservation n°${id}` });
  await expect(modal).toBeVisible();
  await modal.getByLabel('Prix manuel (€)').fill(`${euros},00`);
  await modal.getByLabel('Raison du prix manuel').fill(reason);
  await modal.getByLabel('Raison de la modification').fill('Appel du client');
  await modal.getByRole('button', { name: 'Enregistrer la modification' }).click();
  await expect(modal).toBeHidden(SLOW);
}

test('a lower price gives part of the card deposit back: a refund line in the drawer and on the customer’s page', async ({ page, browser, request }, testInfo) => {
  const { id, customer, details } = await cardPaidBooking(request, 1700);
  const before = await details();
  const paid = before.payments.find((payment) => payment.status === 'succeeded')!.amount_cents;
  const lowerEuros = Math.floor(before.total_cents / 200);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
  const drawer = await openDrawer(page, 'fr', id);
  await changePrice(page, drawer, id, lowerEuros, 'Trajet raccourci');
  await expectToast(page, 'Réservation modifiée : le client a été prévenu');

  // Given back: what the deposit paid holds beyond the new deposit (20 % of the new price).
  const after = await details();
  expect(after.total_cents).toBe(lowerEuros * 100);
  const refunded = paid - Math.round(after.deposit * 100);
  expect(refunded).toBeGreaterThan(0);
  await expect.poll(async () => (await details()).refunds.map((line) => line.amount_cents), SLOW).toEqual([refunded]);
  await expect(async () => {
    await page.keyboard.press('Escape');
    const again = await openDrawer(page, 'fr', id);
    const lines = again.getByTestId('refund-lines');
    await expect(lines).toContainText(new RegExp(`Remboursement de ${frEuros(refunded).source} par carte bancaire \\(Stripe\\)`), { timeout: 2000 });
    await expect(lines).toContainText('effectué', { timeout: 2000 });
  }).toPass({ timeout: 40_000 });
  await page.getByTestId('refund-lines').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('change-refund-drawer-fr-1366.png') });

  const own = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const mine = await own.newPage();
  await signInThroughApi(mine, customer.email, CUSTOMER_PASSWORD);
  await mine.goto(`/account/bookings/${id}`);
  await expect(mine.getByRole('heading', { level: 1, name: `Réservation n° ${id}` })).toBeVisible(SLOW);
  await expect(mine.getByTestId('my-refunds')).toContainText(new RegExp(`${frEuros(refunded).source} remboursés par carte bancaire · effectué`));
  await expectNoSidewaysScroll(mine);
  await mine.getByTestId('my-refunds').scrollIntoViewIfNeeded();
  await mine.screenshot({ path: testInfo.outputPath('change-refund-customer-fr-390.png') });
  await own.close();
});

test('a higher price: the drawer shows the link asking the difference, to copy, and it opens the deposit page for the difference', async ({ page, browser, request }, testInfo) => {
  const { id, details } = await cardPaidBooking(request, 1701);
  const before = await details();
  const paid = before.payments.find((payment) => payment.status === 'succeeded')!.amount_cents;
  const higherEuros = Math.ceil(before.total_cents / 100) + 100;
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
  const drawer = await openDrawer(page, 'fr', id);
  await changePrice(page, drawer, id, higherEuros, 'Attente et détour');
  const link = drawer.getByRole('textbox', { name: 'Lien de paiement' });
  await expect(link).toHaveValue(new RegExp(`/checkout\\?id=${id}&token=`));
  await expect(drawer.getByRole('button', { name: 'Copier le lien' })).toBeVisible();
  const url = await link.inputValue();
  const due = Math.round((await details()).deposit * 100) - paid;
  expect(due).toBeGreaterThan(0);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await link.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`pay-link-fr-${width}.png`) });
  }

  // The customer's link: the deposit page asks the difference.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const checkout = await visitor.newPage();
  await checkout.goto(new URL(url).pathname + new URL(url).search);
  await expect(checkout.getByText(frEuros(due)).first()).toBeVisible(SLOW);
  await expectNoSidewaysScroll(checkout);
  await checkout.screenshot({ path: testInfo.outputPath('checkout-difference-fr-390.png'), fullPage: true });
  await visitor.close();

  // The same box in Arabic (the words the drawer adds).
  await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
  await page.setViewportSize({ width: 390, height: 900 });
  const arabic = await openDrawer(page, 'ar', id);
  await arabic.getByRole('button', { name: admin('ar', 'bookingChanges.open') }).click();
  const modal = page.getByRole('dialog', { name: admin('ar', 'bookingChanges.title', { id: String(id) }) });
  await modal.getByLabel(admin('ar', 'bookingChanges.form.manualPrice')).fill(String(higherEuros + 10));
  await modal.getByLabel(admin('ar', 'bookingChanges.form.priceReason')).fill('انتظار');
  await modal.getByLabel(admin('ar', 'bookingChanges.form.reason')).fill('اتصال العميل');
  await modal.getByRole('button', { name: admin('ar', 'bookingChanges.form.submit') }).click();
  await expect(modal).toBeHidden(SLOW);
  await expect(arabic.getByRole('textbox', { name: admin('ar', 'bookingChanges.payLink.label') })).toHaveValue(new RegExp(`/checkout\\?id=${id}&token=`));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('pay-link-ar-390.png') });
});
