import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { localized, text, type Language } from '../support/locales';
import { waitForApp } from '../support/page-ready';
import { receivedMails } from '../support/smtp-sink';

// A visitor asks for a business account from /prof on a phone (decision 0134).
test.use({ viewport: { width: 390, height: 844 } });

/** Nothing wider than the screen: the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The request form, opened from its section; its chunk is fetched only then. */
async function openRequestForm(page: Page, language: Language) {
  const section = page.locator('#company-request');
  await section.getByRole('button', { name: text(language, 'marketing:pro.request.open') }).click();
  const form = page.getByRole('form', { name: text(language, 'company:request.formLabel') });
  await expect(form).toBeVisible();
  return form;
}

test('fr, 390 px: the offer, the account button within the screen, a wrong SIREN refused, the request sent and mailed', async ({ page }) => {
  const token = randomUUID().slice(0, 8);
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('company-request-form')) requested.push(request.url());
  });
  await page.goto('/prof');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: text('fr', 'marketing:pro.title') })).toBeVisible();
  for (const key of ['accounts', 'guests', 'invoicing', 'einvoices']) {
    await expect(page.getByRole('heading', { name: text('fr', `marketing:pro.sections.${key}.title`) })).toBeVisible();
  }
  await expectNoSidewaysScroll(page);
  // The closing band's "Demander l'ouverture d'un compte" stays inside the screen (it overflowed at 390 px).
  const cta = page.locator('.cta-band').getByRole('link', { name: text('fr', 'marketing:pro.cta.contact') });
  await cta.scrollIntoViewIfNeeded();
  const box = await cta.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(requested).toEqual([]);

  await cta.click();
  const form = await openRequestForm(page, 'fr');
  expect(requested.length).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page);

  // Empty: every field says what is missing, the SIREN or VAT number too.
  await form.getByRole('button', { name: text('fr', 'company:request.submit') }).click();
  await expect(form.getByText('Indiquez le SIREN ou le numéro de TVA')).toBeVisible();

  const legalName = `Hôtel Belle Rive ${token}`;
  await form.getByLabel(text('fr', 'company:fields.legalName')).fill(legalName);
  await form.getByLabel(text('fr', 'company:fields.siren')).fill('303 265 046');
  await form.getByLabel(text('fr', 'company:fields.vatNumber')).fill('FR 40 303 265 045');
  await form.getByLabel(text('fr', 'company:fields.address')).fill('12 boulevard de la Croisette, 06400 Cannes');
  await form.getByLabel(text('fr', 'company:fields.fullName')).fill('Claire Martin');
  await form.getByLabel(text('fr', 'company:fields.email')).fill(`claire-${token}@e2e.test`);
  await form.getByLabel(text('fr', 'company:fields.phone'), { exact: true }).fill('612345678');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/company/request')) posts.push(request.url());
  });
  await form.getByRole('button', { name: text('fr', 'company:request.submit') }).click();
  await expect(form.getByText('Ce SIREN ou SIRET est erroné : vérifiez les chiffres')).toBeVisible();
  await expect(form.getByLabel(text('fr', 'company:fields.siren'))).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);

  await form.getByLabel(text('fr', 'company:fields.siren')).fill('303 265 045');
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/company/request') && response.request().method() === 'POST');
  await form.getByRole('button', { name: text('fr', 'company:request.submit') }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ legalName, siren: '303265045', vatNumber: 'FR40303265045', phone: '+33612345678' });
  await expect(page.getByRole('status').filter({ hasText: 'Demande envoyée : nous vérifions l’entreprise et vous répondons par e-mail' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await expect
    .poll(() => receivedMails().find((mail) => mail.includes(`Demande de compte professionnel : ${legalName}`)), { timeout: 15_000, message: 'the operator is mailed' })
    .toBeTruthy();
  await expect
    .poll(() => receivedMails().find((mail) => mail.includes(`To: claire-${token}@e2e.test`) && mail.includes('Nous avons bien reçu votre demande de compte professionnel')), {
      timeout: 15_000,
      message: 'the requester gets a receipt',
    })
    .toBeTruthy();
});

test('ar, 390 px: right to left, errors in Arabic, the request sent', async ({ page }) => {
  const token = randomUUID().slice(0, 8);
  await page.goto(localized('/prof', 'ar'));
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: text('ar', 'marketing:pro.title') })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const form = await openRequestForm(page, 'ar');
  await expectNoSidewaysScroll(page);
  // The opened form passes axe (serious and critical problems), right to left.
  const serious = (await new AxeBuilder({ page }).include('#company-request').analyze()).violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious.map((violation) => violation.id)).toEqual([]);

  await form.getByLabel(text('ar', 'company:fields.legalName')).fill(`Riviera Yachts ${token}`);
  await form.getByLabel(text('ar', 'company:fields.vatNumber')).fill('FR 41 303 265 045');
  await form.getByLabel(text('ar', 'company:fields.address')).fill('Port Hercule, 98000 Monaco');
  await form.getByLabel(text('ar', 'company:fields.fullName')).fill('سارة بن علي');
  await form.getByLabel(text('ar', 'company:fields.email')).fill(`sara-${token}@e2e.test`);
  await form.getByLabel(text('ar', 'company:fields.phone'), { exact: true }).fill('612345678');
  await form.getByRole('button', { name: text('ar', 'company:request.submit') }).click();
  await expect(form.getByText('مفتاح رقم ضريبة القيمة المضافة هذا لا يطابق رقم SIREN الذي يتضمنه')).toBeVisible();

  await form.getByLabel(text('ar', 'company:fields.vatNumber')).fill('FR 40 303 265 045');
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/company/request') && response.request().method() === 'POST');
  await form.getByRole('button', { name: text('ar', 'company:request.submit') }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: 'تم إرسال الطلب: نتحقق من الشركة ونرد عليك بالبريد الإلكتروني' })).toBeVisible();
  await expect
    .poll(() => receivedMails().find((mail) => mail.includes(`To: sara-${token}@e2e.test`) && mail.includes('استلمنا طلب الحساب المهني الخاص بك')), {
      timeout: 15_000,
      message: 'the requester gets a receipt in Arabic',
    })
    .toBeTruthy();
});

test('the business page holds the same request, within the screen', async ({ page }) => {
  await page.goto('/service-vtc-business');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: text('fr', 'marketing:business.sections.einvoices.title') })).toBeVisible();
  await page.locator('#company-request').getByRole('button', { name: text('fr', 'marketing:business.request.open') }).click();
  await expect(page.getByRole('form', { name: text('fr', 'company:request.formLabel') })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
