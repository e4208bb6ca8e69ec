import { expect, test } from '@playwright/test';
import { adminToken, createPendingBooking, expectToast, registerCustomer } from '../back-office/back-office-steps';
import { CUSTOMER_PASSWORD, openDrawer } from '../back-office/change-steps';
import { expectNoSidewaysScroll } from '../back-office/mission-steps';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { signInThroughApi } from '../support/auth-steps';
import { text } from '../support/locales';
import { SLOW, waitForApp } from '../support/page-ready';

/**
 * The deposit link, again (decision 0177): a customer whose acceptance mail never came (their
 * address is not confirmed, so it waits) pays from "Mes réservations"; the company sends a new
 * link from the drawer.
 */

const SHOTS = process.env.PAY_DEPOSIT_SHOTS;

/** A new customer's card booking, accepted by the company; the customer has not confirmed their address. */
async function acceptedCardBooking(request: Parameters<typeof registerCustomer>[0], daysAhead: number) {
  const customer = await registerCustomer(request);
  const id = await createPendingBooking(request, customer, daysAhead, 'stripe');
  const accepted = await request.put(`/api/booking/accept/${id}`, { headers: { Authorization: `Bearer ${await adminToken(request)}` }, data: {} });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return { id, customer };
}

test('a customer without the acceptance mail opens the deposit page from "Mes réservations" (fr, and ar at 390 px)', async ({ page, request }) => {
  const { id, customer } = await acceptedCardBooking(request, 610);
  await signInThroughApi(page, customer.email, CUSTOMER_PASSWORD);
  await page.goto(`/account/bookings/${id}`);
  await waitForApp(page);
  await expect(page.getByText('acompte non payé')).toBeVisible();
  await page.getByRole('button', { name: 'Régler l’acompte en ligne' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?id=${id}&token=[\\w%-]+$`), SLOW);
  await expect(page.getByRole('heading', { level: 1, name: text('fr', 'booking:checkout.title') })).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: new RegExp(`^${text('fr', 'booking:payment.card')}`) })).toBeEnabled();

  // The same button in Arabic, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
  await page.goto(`/account/bookings/${id}`);
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'ادفع العربون عبر الإنترنت' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pay-deposit-ar-390.png`, fullPage: true });
});

test('the company sends the payment link again from the drawer; a cash booking has no such button', async ({ page, request }) => {
  const { id } = await acceptedCardBooking(request, 611);
  const cashCustomer = await registerCustomer(request);
  const cash = await createPendingBooking(request, cashCustomer, 611, 'cash');
  expect((await request.put(`/api/booking/accept/${cash}`, { headers: { Authorization: `Bearer ${await adminToken(request)}` }, data: {} })).ok()).toBe(true);

  await signInThroughApi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const drawer = await openDrawer(page, id, `Réservation n° ${id}`);
  await drawer.getByRole('button', { name: 'Renvoyer le lien de paiement' }).click();
  await expectToast(page, 'Lien de paiement envoyé au client');
  await expect(drawer.getByRole('textbox', { name: 'Lien de paiement' })).toHaveValue(new RegExp(`/checkout\\?id=${id}&token=`));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/resend-link-fr-1366.png` });

  const cashDrawer = await openDrawer(page, cash, `Réservation n° ${cash}`);
  await expect(cashDrawer.getByRole('button', { name: 'Modifier la réservation' })).toBeVisible();
  await expect(cashDrawer.getByRole('button', { name: 'Renvoyer le lien de paiement' })).toHaveCount(0);
});
