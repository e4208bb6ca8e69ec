import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from '../support/accounts';
import { apiToken, logIn, registerThroughApi, signInThroughApi } from '../support/auth-steps';
import { localized, text, type Language } from '../support/locales';
import { APP_START_MS } from '../support/page-ready';
import { tripDateTime } from '../support/worker-day';
import { adminToken } from '../back-office/back-office-steps';

/**
 * Text messages (decisions 0130, 0131): the customer agrees at step three, the profile remembers
 * it (the next step three, in Arabic, comes ticked; the profile page shows it and takes it back),
 * and once the company accepts, the drawer's messages list shows the booking's mails and its
 * text, sent through the Twilio stub.
 */

test.describe.configure({ timeout: 90_000 });

/** A booking of the customer's with its car chosen, ready for step three. */
async function bookingAtStepThree(request: APIRequestContext, token: string, daysAhead: number): Promise<number> {
  const headers = { Authorization: `Bearer ${token}` };
  const added = await request.post('/api/user/booking/add', {
    headers,
    data: { origin: 'Cannes', destination: 'Nice', date: tripDateTime(daysAhead, '11:00'), passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }) },
  });
  expect(added.status()).toBe(201);
  const { bookingId } = (await added.json()) as { bookingId: number };
  const chosen = await request.put(`/api/user/booking/update-car/${bookingId}/1`, { headers, data: { bookingId, carId: 1 } });
  expect(chosen.ok()).toBe(true);
  return bookingId;
}

async function openStepThree(page: Page, bookingId: number, language: Language): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((id) => window.sessionStorage.setItem('bookingId', id), String(bookingId));
  await page.goto(localized('/confirmation', language));
  await expect(page.getByRole('heading', { level: 1, name: text(language, 'booking:stepThree.title') })).toBeVisible({ timeout: 30_000 });
}

test('the customer agrees to texts at step three (remembered for the next, in Arabic) and the drawer lists the booking’s mails and text', async ({ page, browser, request, baseURL }) => {
  const user = newUser();
  await registerThroughApi(request, user);
  const token = await apiToken(request, user.email, user.password);
  const first = await bookingAtStepThree(request, token, 520);
  const second = await bookingAtStepThree(request, token, 521);
  await signInThroughApi(page, user.email, user.password);

  // Step three in French: the box is there, unticked for an account that never agreed.
  await openStepThree(page, first, 'fr');
  const consent = page.getByRole('checkbox', { name: text('fr', 'booking:customer.smsConsent') });
  await expect(consent).not.toBeChecked();
  await expect(page.getByText(text('fr', 'booking:customer.smsConsentHint'))).toBeVisible();
  await consent.check();
  await page.getByRole('button', { name: new RegExp(`^${text('fr', 'booking:payment.cash')}`) }).click();
  await page.getByRole('button', { name: 'Confirmer la réservation' }).click();
  await expect(page).toHaveURL(/\/success/, { timeout: 30_000 });

  // The next step three, in Arabic, comes with the box ticked: the profile remembered it.
  await openStepThree(page, second, 'ar');
  await expect(page.getByRole('checkbox', { name: text('ar', 'booking:customer.smsConsent') })).toBeChecked();

  // The company accepts the first booking: a cash booking is confirmed by mail and by text.
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  expect((await request.put(`/api/booking/accept/${first}`, { headers: admin, data: {} })).ok()).toBe(true);
  // The outbox worker sends it to the Twilio stub within a few polls.
  await expect
    .poll(async () => {
      const messages = (await (await request.get(`/api/booking/messages/${first}`, { headers: admin })).json()) as { data: Array<{ channel: string; status: string }> };
      return messages.data.find((message) => message.channel === 'sms')?.status;
    }, { timeout: 20_000 })
    .toBe('sent');

  // The profile shows the answer and takes it back.
  // Back to French: the Arabic visit is remembered as the reader's language.
  await page.goto('/account?lang=fr');
  const profileConsent = page.getByRole('checkbox', { name: text('fr', 'auth:profile.smsConsent') });
  // The first look after a page load: the app's start and the profile's answer.
  await expect(profileConsent).toBeChecked({ timeout: APP_START_MS });
  await profileConsent.uncheck();
  await page.getByRole('region', { name: 'Modifier le profil' }).getByRole('button', { name: text('fr', 'auth:profile.submit') }).click();
  await expect
    .poll(async () => ((await (await request.get('/api/profile/getAll', { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { sms_consent: boolean } }).data.sms_consent)
    .toBe(false);

  const adminContext = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, ADMIN_EMAIL, ADMIN_PASSWORD);
  await adminPage.goto('/bookings');
  await adminPage.getByLabel('Rechercher une réservation').fill(user.email);
  await adminPage.getByRole('search').getByRole('button', { name: 'Rechercher' }).click();
  await adminPage.getByRole('row').filter({ hasText: `#${first}` }).getByRole('button', { name: 'Détails' }).click();
  const drawer = adminPage.getByRole('dialog', { name: `Réservation n° ${first}` });

  // Closed at first; opening it asks for the list.
  const toggle = drawer.getByRole('button', { name: text('fr', 'admin:pages.bookings.messages.title') });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const messages = drawer.getByRole('list').filter({ hasText: 'SMS' });
  const sms = messages.getByRole('listitem').filter({ hasText: 'SMS' });
  await expect(sms).toContainText('à 06 12 34 56 78');
  await expect(sms).toContainText(text('fr', 'admin:pages.bookings.messages.status.sent'));
  await expect(sms).toContainText(`votre réservation n°${first}`);
  await expect(sms).toContainText('Vous réglerez à bord.');
  // The booking's mails are there too, the customer's receipt first.
  await expect(messages.getByRole('listitem').first()).toContainText('E-mail');
  await expect(messages.getByRole('listitem').first()).toContainText(`à ${user.email}`);
  await adminContext.close();
});
