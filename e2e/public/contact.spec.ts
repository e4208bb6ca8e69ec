import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { text } from '../support/locales';
import { openWithAppHeld, waitForApp } from '../support/page-ready';
import { receivedMails } from '../support/smtp-sink';

async function fillContact(page: Page, values: { firstName: string; lastName: string; email: string; phone: string; message: string }) {
  await page.getByLabel(text('fr', 'contact:form.firstName')).fill(values.firstName);
  await page.getByLabel(text('fr', 'contact:form.lastName'), { exact: true }).fill(values.lastName);
  await page.getByLabel(text('fr', 'contact:form.email')).fill(values.email);
  await page.getByLabel(text('fr', 'contact:form.phone'), { exact: true }).fill(values.phone);
  await page.getByLabel(text('fr', 'contact:form.message'), { exact: true }).fill(values.message);
}

test('a contact message is sent, acknowledged, the form emptied, and the company receives it by SMTP', async ({ page, request }) => {
  const token = randomUUID().slice(0, 8);
  const lastName = `Dupont${token}`;
  const message = `Bonjour, un devis pour Nice-Monaco samedi. Ref ${token}.`;
  await page.goto('/contact');
  await waitForApp(page);
  await fillContact(page, { firstName: 'Claire', lastName, email: `claire-${token}@e2e.test`, phone: '612345678', message });
  await expect(page.getByText(`${message.length} / 250`)).toBeVisible();

  const sent = page.waitForResponse((response) => response.url().endsWith('/api/contacts') && response.request().method() === 'POST');
  await page.getByRole('button', { name: text('fr', 'contact:form.submit') }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toEqual({
    firstName: 'Claire',
    lastName,
    email: `claire-${token}@e2e.test`,
    phone: '+33612345678',
    message,
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Votre message a bien été envoyé' })).toBeVisible();
  await expect(page.getByLabel(text('fr', 'contact:form.firstName'))).toHaveValue('');
  await expect(page.getByLabel(text('fr', 'contact:form.message'), { exact: true })).toHaveValue('');
  await expect(page.getByText('0 / 250')).toBeVisible();

  const config = (await (await request.get('/api/config/public')).json()) as { companyEmail: string };
  await expect
    .poll(() => receivedMails().find((mail) => mail.includes(lastName)), { timeout: 15_000, message: 'mail received by the SMTP server' })
    .toBeTruthy();
  const mail = receivedMails().find((item) => item.includes(lastName)) ?? '';
  expect(mail).toContain(`To: ${config.companyEmail}`);
  expect(mail).toContain(`Nouveau message de contact de Claire ${lastName}`);
  expect(mail).toContain(`Ref ${token}.`);
});

test('a message sent before the page has started is not sent by the browser, and goes once the app has taken over', async ({ page }) => {
  test.setTimeout(90_000);
  const token = randomUUID().slice(0, 8);
  const lastName = `Avant${token}`;
  const release = await openWithAppHeld(page, '/contact');
  const message = `Un devis pour Cannes, envoyé tôt. Ref ${token}.`;
  await fillContact(page, { firstName: 'Léa', lastName, email: `lea-${token}@e2e.test`, phone: '612345678', message });
  await page.getByRole('button', { name: text('fr', 'contact:form.submit') }).click();
  // Not sent by the browser: no reload with the fields in the address, and what was typed is there.
  await expect(page).toHaveURL('/contact');
  await expect(page.locator('html')).toHaveAttribute('data-prerender', '');
  await expect(page.getByLabel(text('fr', 'contact:form.lastName'), { exact: true })).toHaveValue(lastName);

  const sent = page.waitForResponse((response) => response.url().endsWith('/api/contacts') && response.request().method() === 'POST');
  release();
  await waitForApp(page);
  const response = await sent;
  expect(response.status()).toBe(201);
  // Every field as typed into the server's paint, the phone too (it is drawn by the app's own field).
  expect(response.request().postDataJSON()).toEqual({ firstName: 'Léa', lastName, email: `lea-${token}@e2e.test`, phone: '+33612345678', message });
  await expect(page.getByRole('alert').filter({ hasText: 'Votre message a bien été envoyé' })).toBeVisible();
});

test('a message of 251 characters is refused with the counter and a translated message; nothing is sent', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/contacts')) posts.push(request.url());
  });
  await page.goto('/contact');
  await waitForApp(page);
  await fillContact(page, { firstName: 'Marc', lastName: 'Martin', email: 'marc@e2e.test', phone: '612345678', message: 'a'.repeat(251) });
  await expect(page.getByText('251 / 250')).toBeVisible();
  await page.getByRole('button', { name: text('fr', 'contact:form.submit') }).click();
  const field = page.getByLabel(text('fr', 'contact:form.message'), { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field-error').filter({ hasText: '250 caractères au maximum' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '250 caractères au maximum' }).first()).toBeVisible();
  expect(posts).toEqual([]);

  await field.press('Backspace');
  await expect(page.getByText('250 / 250')).toBeVisible();
});

test('empty fields are refused with messages in the page language', async ({ page }) => {
  await page.goto('/contact?lang=en');
  await waitForApp(page);
  await page.getByRole('button', { name: text('en', 'contact:form.submit') }).click();
  await expect(page.locator('.field-error').filter({ hasText: 'This field is required' })).toHaveCount(5);
  await page.getByLabel(text('en', 'contact:form.email')).fill('not-an-email');
  await page.getByRole('button', { name: text('en', 'contact:form.submit') }).click();
  await expect(page.locator('.field-error').filter({ hasText: 'Invalid e-mail address' })).toBeVisible();

  await page.goto('/contact?lang=ar');
  await waitForApp(page);
  await page.getByRole('button', { name: text('ar', 'contact:form.submit') }).click();
  await expect(page.locator('.field-error').filter({ hasText: 'هذا الحقل مطلوب' }).first()).toBeVisible();
});

test('the API refuses a message over 250 characters too', async ({ request }) => {
  const response = await request.post('/api/contacts', {
    headers: { 'accept-language': 'en' },
    data: { firstName: 'A', lastName: 'B', email: 'a@e2e.test', phone: '+33612345678', message: 'x'.repeat(251) },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'message', message: '250 characters at most' }] });
});
