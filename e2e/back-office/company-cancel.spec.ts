import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn, signInThroughApi } from '../support/auth-steps';
import { text, type Language } from '../support/locales';
import { findMailLink, readMails, verificationLink } from '../booking/mail-box';
import { adminToken, createPendingBooking, expectToast, registerCustomer, row } from './back-office-steps';
import { expectNoSidewaysScroll } from './mission-steps';
import { SLOW } from '../support/page-ready';

/**
 * The company cancels a booking paid by card with a partial refund (decision 0121): the refund
 * goes through Stripe (the loopback stub), and shows as a line in the drawer's payments, on the
 * customer's page (which no longer says just "acompte payé") and on the dashboard.
 */

test.describe.configure({ timeout: 150_000 });

const CUSTOMER_PASSWORD = 'Client-e2e-password';
const admin = (language: Language, key: string, values?: Record<string, string>) => text(language, `admin:${key}`, values);
/** "10,00 €" as the French screens write it, whatever space Intl puts before the sign. */
const frEuros = (euros: number) => new RegExp(`${euros},00\\s€`);

/** A verified customer's booking, accepted, whose deposit was paid on Stripe's page (the stub), and what it paid. */
async function cardPaidBooking(request: APIRequestContext, day = 27): Promise<{ id: number; paidCents: number; customer: { email: string }; payUrl: string }> {
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
  // Stripe's page (the stub) takes the payment and tells the app by its signed webhook.
  const payUrl = ((await started.json()) as { url: string }).url;
  expect((await request.get(payUrl)).ok()).toBe(true);
  let paidCents = 0;
  await expect
    .poll(async () => {
      const details = ((await (await request.get(`/api/booking/${id}`, { headers })).json()) as { data: { status: string; payments: { status: string; amount_cents: number }[] } }).data;
      paidCents = details.payments.find((payment) => payment.status === 'succeeded')?.amount_cents ?? 0;
      return details.status;
    }, SLOW)
    .toBe('paid');
  return { id, paidCents, customer, payUrl };
}

/** The bookings list searched for the booking, and its drawer opened. */
async function openDrawer(page: Page, language: Language, id: number) {
  await page.goto('/bookings');
  await page.getByLabel(admin(language, 'pages.bookings.search')).fill(`#${id}`);
  await page.getByRole('search').getByRole('button', { name: admin(language, 'actions.search') }).click();
  await row(page, `#${id}`).getByRole('button', { name: admin(language, 'actions.details') }).click();
  const drawer = page.getByRole('dialog', { name: admin(language, 'pages.bookings.detailsTitle', { id: String(id) }) });
  await expect(drawer).toBeVisible(SLOW);
  return drawer;
}

test('the company cancels a card-paid booking with a partial refund: the refund line in the drawer, on the customer’s page and on the dashboard', async ({ page, browser, request }, testInfo) => {
  const { id, paidCents, customer } = await cardPaidBooking(request);
  const refundEuros = Math.floor(paidCents / 200);
  expect(refundEuros).toBeGreaterThan(0);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  // The cancel form, in French and Arabic, on a phone and a desktop screen.
  for (const language of ['fr', 'ar'] as const) {
    await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      const drawer = await openDrawer(page, language, id);
      await drawer.getByRole('button', { name: admin(language, 'refunds.cancel.open') }).click();
      const modal = page.getByRole('dialog', { name: admin(language, 'refunds.cancel.title', { id: String(id) }) });
      await expect(modal).toBeVisible();
      await modal.getByRole('radio', { name: admin(language, 'refunds.cancel.choices.amount') }).check();
      await expect(modal.getByRole('textbox', { name: admin(language, 'refunds.cancel.amount') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expectNoSidewaysScroll(page);
      expect(await modal.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`cancel-modal-${language}-${width}.png`) });
      await modal.getByRole('button', { name: admin(language, 'refunds.cancel.keep') }).click();
      await expect(modal).toBeHidden();
      await page.keyboard.press('Escape');
    }
  }

  // In French: an empty reason and an amount above what was paid are refused, nothing changes.
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
  await page.setViewportSize({ width: 1366, height: 900 });
  const drawer = await openDrawer(page, 'fr', id);
  await drawer.getByRole('button', { name: 'Annuler la réservation' }).click();
  const modal = page.getByRole('dialog', { name: `Annuler la réservation n° ${id}` });
  await modal.getByRole('radio', { name: 'Un autre montant' }).check();
  await modal.getByRole('textbox', { name: 'Montant à rembourser (€)' }).fill(String(paidCents / 100 + 1).replace('.', ','));
  await modal.getByRole('button', { name: 'Annuler et rembourser' }).click();
  await expect(modal.getByText('Ce champ est obligatoire')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Motif' }).fill('Véhicule immobilisé par une panne');
  await modal.getByRole('button', { name: 'Annuler et rembourser' }).click();
  await expect(modal.getByText('Le remboursement ne peut pas dépasser ce qui a été payé')).toBeVisible(SLOW);

  // The partial refund.
  await modal.getByRole('textbox', { name: 'Montant à rembourser (€)' }).fill(`${refundEuros},00`);
  await modal.getByRole('button', { name: 'Annuler et rembourser' }).click();
  await expectToast(page, 'Réservation annulée : le remboursement est en cours');
  await expect(modal).toBeHidden();
  const lines = drawer.getByTestId('refund-lines');
  await expect(lines).toContainText(new RegExp(`Remboursement de ${frEuros(refundEuros).source} par carte bancaire \\(Stripe\\)`), SLOW);
  await expect(drawer.getByRole('button', { name: 'Annuler la réservation' })).toHaveCount(0);
  // The refund job asks Stripe (the stub) within its poll: the line says it is done.
  await expect(async () => {
    await drawer.getByRole('button', { name: 'Fermer' }).click();
    const again = await openDrawer(page, 'fr', id);
    await expect(again.getByTestId('refund-lines')).toContainText('effectué', { timeout: 2000 });
  }).toPass({ timeout: 40_000 });

  // The payments and refund lines, in French and Arabic, on a phone and a desktop screen.
  for (const language of ['fr', 'ar'] as const) {
    await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      const shown = await openDrawer(page, language, id);
      const refundLines = shown.getByTestId('refund-lines');
      await refundLines.scrollIntoViewIfNeeded();
      await expect(refundLines).toContainText(admin(language, 'refunds.lines.status.refunded'));
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`refund-lines-${language}-${width}.png`) });
      await page.keyboard.press('Escape');
    }
  }

  // The dashboard's refunds.
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
  await page.goto('/dashboard');
  const refunds = page.getByTestId('dashboard-refunds');
  await expect(refunds.getByRole('heading', { name: 'Remboursements' })).toBeVisible(SLOW);
  await expect(refunds).toContainText(new RegExp(`Réservation n° ${id} : ${frEuros(refundEuros).source} par carte bancaire \\(Stripe\\)`));

  // The customer's page: the deposit partly refunded, and the refund line.
  const own = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const mine = await own.newPage();
  await signInThroughApi(mine, customer.email, CUSTOMER_PASSWORD);
  await mine.goto(`/account/bookings/${id}`);
  await expect(mine.getByRole('heading', { level: 1, name: `Réservation n° ${id}` })).toBeVisible(SLOW);
  await expect(mine.getByText(new RegExp(`acompte payé, ${frEuros(refundEuros).source} remboursés`))).toBeVisible();
  await expect(mine.getByTestId('my-refunds')).toContainText(new RegExp(`${frEuros(refundEuros).source} remboursés par carte bancaire · effectué`));
  await expectNoSidewaysScroll(mine);
  await mine.getByTestId('my-refunds').scrollIntoViewIfNeeded();
  await mine.screenshot({ path: testInfo.outputPath('customer-refund-fr-390.png') });
  await own.close();
});

test('a refund Stripe cannot make is the company’s: the drawer says so, and records it once made by hand', async ({ page, request }, testInfo) => {
  const { id, paidCents, payUrl } = await cardPaidBooking(request, 28);
  // Stripe (the stub) knows the session but has no payment intent to refund.
  const stub = new URL(payUrl);
  const sessionId = stub.pathname.split('/').at(-1)!;
  expect((await request.post(`${stub.origin}/__stub/without-intent/${sessionId}`)).ok()).toBe(true);

  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
  let drawer = await openDrawer(page, 'fr', id);
  await drawer.getByRole('button', { name: 'Annuler la réservation' }).click();
  const modal = page.getByRole('dialog', { name: `Annuler la réservation n° ${id}` });
  await modal.getByRole('textbox', { name: 'Motif' }).fill('Véhicule en panne');
  await modal.getByRole('radio', { name: /^Tout rembourser/ }).check();
  await modal.getByRole('button', { name: 'Annuler et rembourser' }).click();
  await expectToast(page, 'Réservation annulée : le remboursement est en cours');

  // The refund job ends without a refund: the line is the company's to make.
  const line = new RegExp(`Remboursement de ${(paidCents / 100).toFixed(2).replace('.', ',')}\\s€ par carte bancaire \\(Stripe\\) — à rembourser par la société`);
  await expect(async () => {
    await drawer.getByRole('button', { name: 'Fermer' }).click();
    drawer = await openDrawer(page, 'fr', id);
    await expect(drawer.getByTestId('refund-lines')).toContainText(line, { timeout: 2000 });
  }).toPass({ timeout: 40_000 });

  // On a phone, the form fits under its line.
  await page.setViewportSize({ width: 390, height: 844 });
  await drawer.getByRole('button', { name: 'Marquer comme remboursé' }).click();
  await drawer.getByRole('textbox', { name: 'Référence (facultatif)' }).fill('VIR-2026-118');
  await drawer.getByTestId('refund-lines').scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('refund-by-hand-fr-390.png') });
  await drawer.getByRole('button', { name: 'Confirmer le remboursement' }).click();
  await expectToast(page, 'Remboursement noté comme fait à la main');
  await expect(drawer.getByTestId('refund-lines')).toContainText('effectué par la société', SLOW);
  await expect(drawer.getByRole('button', { name: 'Marquer comme remboursé' })).toHaveCount(0);
  const history = drawer.getByRole('listitem').filter({ hasText: 'remboursement fait à la main' });
  await expect(history).toContainText('VIR-2026-118');
});

test('later, the company refunds an amount from the drawer: the refund line, the credit note, the customer’s mail', async ({ page, request, browser }, testInfo) => {
  const { id, paidCents, customer } = await cardPaidBooking(request, 150);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
  const drawer = await openDrawer(page, 'fr', id);
  await drawer.getByRole('button', { name: 'Rembourser un montant' }).click();
  const modal = page.getByRole('dialog', { name: `Rembourser : réservation n° ${id}` });
  await expect(modal.getByText(/^Au plus \d+,\d{2}\s€, ce que les paiements détiennent encore$/)).toBeVisible();
  // More than the payments hold is refused on the amount, nothing changes.
  await modal.getByRole('textbox', { name: 'Montant à rembourser (€)' }).fill((paidCents / 100 + 1).toFixed(2).replace('.', ','));
  await modal.getByRole('textbox', { name: 'Motif' }).fill('Attente à l’aéroport offerte');
  await modal.getByRole('button', { name: 'Rembourser', exact: true }).click();
  await expect(modal.getByText('Le remboursement ne peut pas dépasser ce qui a été payé')).toBeVisible(SLOW);
  await expectToast(page, 'Certaines informations sont invalides');

  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('later-refund-fr-390.png') });
  await page.setViewportSize({ width: 1366, height: 900 });
  await modal.getByRole('textbox', { name: 'Montant à rembourser (€)' }).fill('5,00');
  await modal.getByRole('button', { name: 'Rembourser', exact: true }).click();
  await expectToast(page, 'Remboursement demandé : il part par le moyen de paiement utilisé');
  await expect(modal).toBeHidden();
  await expect(drawer.getByTestId('refund-lines')).toContainText(new RegExp(`Remboursement de ${frEuros(5).source} par carte bancaire \\(Stripe\\)`), SLOW);
  // Its credit note can be downloaded from the drawer, though the booking is not cancelled.
  await expect(drawer.getByRole('button', { name: 'Avoir (PDF)' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Avoir (PDF)' })).toHaveAccessibleDescription(/^AV-\d{4}-\d{6}$/);

  // The customer is told: how much, why, and the credit note.
  await expect
    .poll(() => readMails().find((mail) => mail.to.includes(customer.email) && /Nous vous remboursons 5,00\s€/.test(mail.text))?.text ?? null, SLOW)
    .toMatch(/Motif : Attente à l’aéroport offerte[\s\S]*L’avoir AV-\d{4}-\d{6} correspondant/);

  // A second refund: a second credit note, and each of the two downloads as itself, in the drawer and
  // on the customer's page (not the latest twice).
  await drawer.getByRole('button', { name: 'Rembourser un montant' }).click();
  await modal.getByRole('textbox', { name: 'Montant à rembourser (€)' }).fill('3,00');
  await modal.getByRole('textbox', { name: 'Motif' }).fill('Siège enfant manquant');
  await modal.getByRole('button', { name: 'Rembourser', exact: true }).click();
  await expectToast(page, 'Remboursement demandé : il part par le moyen de paiement utilisé');
  const creditNotes = drawer.getByRole('button', { name: 'Avoir (PDF)' });
  await expect(creditNotes).toHaveCount(2, SLOW);
  const numbers = [];
  for (const index of [0, 1]) {
    const description = await creditNotes.nth(index).getAttribute('aria-describedby');
    numbers.push((await drawer.locator(`[id="${description}"]`).textContent())!.trim());
  }
  expect(numbers[0]).not.toBe(numbers[1]);
  await creditNotes.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('drawer-credit-notes-fr-1366.png') });
  for (const index of [0, 1]) {
    const [file] = await Promise.all([page.waitForEvent('download'), creditNotes.nth(index).click()]);
    expect(file.suggestedFilename()).toBe(`${numbers[index]}.pdf`);
  }
  const own = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const mine = await own.newPage();
  await signInThroughApi(mine, customer.email, CUSTOMER_PASSWORD);
  await mine.goto(`/account/bookings/${id}`);
  const customerNotes = mine.getByRole('button', { name: 'Avoir', exact: true });
  await expect(customerNotes).toHaveCount(2, SLOW);
  for (const index of [0, 1]) {
    await expect(customerNotes.nth(index)).toHaveAccessibleDescription(numbers[index]!);
    const [file] = await Promise.all([mine.waitForEvent('download'), customerNotes.nth(index).click()]);
    expect(file.suggestedFilename()).toBe(`${numbers[index]}.pdf`);
  }
  await customerNotes.first().scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(mine);
  await mine.screenshot({ path: testInfo.outputPath('customer-credit-notes-fr-390.png') });
  await own.close();
});
