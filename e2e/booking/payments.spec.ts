import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, createPendingBooking, registerCustomer } from '../back-office/back-office-steps';
import { localized, text, type Language } from '../support/locales';
import { findMailLink, verificationLink } from './mail-box';
import { SLOW } from '../support/page-ready';

/**
 * The deposit page's three ways to pay (decision 0094): by card through Stripe, by PayPal, in
 * cash (booking-funnel.spec.ts). Stripe and PayPal are stubs on loopback (support/payment-stubs.ts)
 * whose pages act as the customer paying and send the browser back, as the real ones do.
 */

const fr = (key: string, values?: Record<string, string>) => text('fr', `booking:${key}`, values);

/** A verified customer's booking accepted by the company, and the deposit link of its e-mail. */
async function depositLink(request: APIRequestContext, daysAhead: number): Promise<{ id: number; link: string }> {
  const customer = await registerCustomer(request);
  // The booking mails reach a confirmed address only.
  await expect.poll(() => verificationLink(customer.email), { timeout: 20_000 }).not.toBeNull();
  const verification = new URL(verificationLink(customer.email)!, 'http://localhost').searchParams.get('token');
  expect((await request.post('/api/auth/verifyEmail', { data: { token: verification } })).ok()).toBe(true);
  // A deposit paid online: its link comes with the acceptance (cash is paid on board, decision 0117).
  const id = await createPendingBooking(request, customer, daysAhead, 'stripe');
  const accepted = await request.put(`/api/booking/accept/${id}`, { headers: { Authorization: `Bearer ${await adminToken(request)}` }, data: {} });
  expect(accepted.ok()).toBe(true);
  const pattern = new RegExp(`https?://[^\\s/]+/checkout\\?id=${id}&token=[^\\s>"]+`);
  await expect.poll(() => findMailLink(pattern, customer.email), { timeout: 20_000 }).not.toBeNull();
  return { id, link: findMailLink(pattern, customer.email)! };
}

/** The booking as the company sees it. */
async function bookingOf(request: APIRequestContext, id: number): Promise<{ status: string; payment_method: string | null }> {
  const response = await request.get(`/api/booking/${id}`, { headers: { Authorization: `Bearer ${await adminToken(request)}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { status: string; payment_method: string | null } }).data;
}

const tile = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) });

test('card: the customer pays the deposit on Stripe’s page and comes back to the thank-you page; the booking is paid', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { id, link } = await depositLink(request, 31);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: fr('checkout.title') })).toBeVisible(SLOW);
  await expect(tile(page, fr('payment.card'))).toBeEnabled();
  await expect(tile(page, fr('payment.paypal'))).toBeEnabled();
  await expect(tile(page, fr('payment.cash'))).toBeEnabled();

  await tile(page, fr('payment.card')).click();
  await page.getByRole('button', { name: /^Payer .* par carte$/ }).click();
  // Stripe's page (the stub) takes the payment, tells the app by its signed webhook, and sends the browser back.
  await expect(page).toHaveURL(new RegExp(`/pay-success\\?id=${id}$`), SLOW);
  await expect(page.getByRole('heading', { level: 1, name: fr('paySuccess.title') })).toBeVisible(SLOW);
  await expect.poll(() => bookingOf(request, id)).toMatchObject({ status: 'paid', payment_method: 'stripe' });
  // The deposit link is used up.
  await page.goto(link);
  await expect(page).toHaveURL(/\/$/, SLOW);
});

test('PayPal: the customer approves on PayPal’s page, the return captures the order once; the booking is paid', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { id, link } = await depositLink(request, 33);
  await page.goto(link);
  await tile(page, fr('payment.paypal')).click();
  await expect(tile(page, fr('payment.paypal'))).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^Payer .* avec PayPal$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/pay-success\\?id=${id}&method=paypal&link=.+&token=\\w+&PayerID=\\w+$`), SLOW);
  await expect(page.getByRole('heading', { level: 1, name: fr('paySuccess.title') })).toBeVisible(SLOW);
  expect(await bookingOf(request, id)).toMatchObject({ status: 'paid', payment_method: 'paypal' });
  // Coming back to the same return page changes nothing and still thanks the customer.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: fr('paySuccess.title') })).toBeVisible(SLOW);
  expect(await bookingOf(request, id)).toMatchObject({ status: 'paid' });
});

test('PayPal: cancelled on PayPal’s page, or back without approving: said plainly, nothing paid, the customer can choose again', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { id, link } = await depositLink(request, 35);
  // The customer cancels on PayPal's page: PayPal sends them to the cancel URL.
  await page.route('**/checkoutnow?token=*', (route) => route.continue({ url: `${route.request().url()}&cancel=1` }));
  await page.goto(link);
  await tile(page, fr('payment.paypal')).click();
  await page.getByRole('button', { name: /^Payer .* avec PayPal$/ }).click();
  await expect(page).toHaveURL(/\/checkout\?id=\d+&token=.+&paypal=cancelled&token=\w+$/, SLOW);
  await expect(page.getByRole('status').filter({ hasText: 'Paiement PayPal annulé' })).toContainText('rien n’a été débité', SLOW);
  await expect(tile(page, fr('payment.cash'))).toBeEnabled();
  expect(await bookingOf(request, id)).toMatchObject({ status: 'accepted' });

  // A return for an order that was never approved (the address typed by hand, a tab left open).
  const token = new URL(link, 'http://x').searchParams.get('token')!;
  const order = await request.post(`/api/booking/payment/paypal/${id}`, { data: { id, token } });
  expect(order.ok()).toBe(true);
  const orderId = new URL(((await order.json()) as { url: string }).url).searchParams.get('token')!;
  await page.goto(`/pay-success?id=${id}&method=paypal&link=${encodeURIComponent(token)}&token=${orderId}&PayerID=NOBODY`);
  await expect(page.getByRole('heading', { level: 1, name: fr('paySuccess.notPaidTitle') })).toBeVisible(SLOW);
  await expect(page.getByRole('alert').filter({ hasText: 'Le paiement PayPal n’a pas été effectué' })).toBeVisible();
  expect(await bookingOf(request, id)).toMatchObject({ status: 'accepted' });
  await page.screenshot({ path: test.info().outputPath('paypal-not-paid-desktop-fr.png'), fullPage: true });
  const notPaid = new URL(page.url());
  await page.getByRole('link', { name: fr('paySuccess.backToDeposit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr('checkout.title') })).toBeVisible(SLOW);

  // The same page on a phone, in Arabic.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(localized(`${notPaid.pathname}${notPaid.search}`, 'ar'));
  await expect(page.getByRole('heading', { level: 1, name: text('ar', 'booking:paySuccess.notPaidTitle') })).toBeVisible(SLOW);
  await page.screenshot({ path: test.info().outputPath('paypal-not-paid-390-ar.png'), fullPage: true });
});

for (const language of ['fr', 'en', 'ar'] as const satisfies readonly Language[]) {
  test(`the deposit page's three tiles fit a 390 px phone (${language})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const { link } = await depositLink(request, { fr: 37, en: 38, ar: 39 }[language]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(localized(link, language));
    const t = (key: string) => text(language, `booking:${key}`);
    await expect(page.getByRole('heading', { level: 1, name: t('checkout.title') })).toBeVisible(SLOW);
    for (const title of [t('payment.card'), t('payment.paypal'), t('payment.cash')]) await expect(tile(page, title)).toBeVisible();
    const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    const outside = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.payment-tile, .checkout-pay')).filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < -1 || box.right > window.innerWidth + 1;
      }).length,
    );
    expect(outside).toBe(0);
    await page.screenshot({ path: test.info().outputPath(`deposit-390-${language}.png`), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(tile(page, t('payment.paypal'))).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`deposit-1366-${language}.png`), fullPage: true });
  });
}
