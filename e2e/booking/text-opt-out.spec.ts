import { expect, test } from '@playwright/test';
import { twilioSignature } from '../../apps/api/test/support/twilio-stub';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from '../support/accounts';
import { apiToken, logIn, registerThroughApi, signInThroughApi } from '../support/auth-steps';
import { text, type Language } from '../support/locales';
import { UNREACHABLE_NUMBER } from '../support/sms-stub';
import { tripDateTime } from '../support/worker-day';
import { adminToken } from '../back-office/back-office-steps';

/**
 * A customer's STOP (decision 0149): Twilio posts it signed to the inbound webhook; the text still
 * waiting for that number is cancelled, the profile's box comes unticked, and the drawer's message
 * list says why the text was not sent, in French, English and Arabic.
 */

test.describe.configure({ timeout: 90_000 });

type Message = { channel: string; status: string; attempts: number; skip_reason: string | null };

test('STOP cancels the waiting text and unticks the profile; the drawer says why in fr, en and ar', async ({ page, browser, request, baseURL }) => {
  const user = newUser();
  await registerThroughApi(request, user);
  const token = await apiToken(request, user.email, user.password);
  const headers = { Authorization: `Bearer ${token}` };

  // A cash booking whose text goes to a number Twilio (the stub) cannot take for now.
  const added = await request.post('/api/user/booking/add', {
    headers,
    data: { origin: 'Cannes', destination: 'Nice', date: tripDateTime(1300, '09:30'), passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }) },
  });
  expect(added.status()).toBe(201);
  const { bookingId } = (await added.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${bookingId}/1`, { headers, data: { bookingId, carId: 1 } })).ok()).toBe(true);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${bookingId}`, {
    headers,
    data: { bookingId, fullName: user.fullName, email: user.email, phone: UNREACHABLE_NUMBER, method: 'cash', smsConsent: true },
  });
  expect(confirmed.ok()).toBe(true);
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  expect((await request.put(`/api/booking/accept/${bookingId}`, { headers: admin, data: {} })).ok()).toBe(true);
  const textOf = async () => ((await (await request.get(`/api/booking/messages/${bookingId}`, { headers: admin })).json()) as { data: Message[] }).data.find((message) => message.channel === 'sms');
  // Tried once, refused by the stub: it waits in backoff.
  await expect.poll(async () => (await textOf())?.attempts ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await textOf()).toMatchObject({ status: 'pending' });

  // The customer answers STOP; Twilio posts it, signed for the app's public address.
  const fields = { MessageSid: `SM${bookingId}${'0'.repeat(32)}`.slice(0, 34), From: UNREACHABLE_NUMBER, To: '+15005550006', Body: 'STOP', OptOutType: 'STOP' };
  const publicUrl = `http://localhost:${new URL(baseURL!).port}/api/booking/messages/inbound`;
  const forged = await request.post('/api/booking/messages/inbound', { form: fields, headers: { 'x-twilio-signature': 'forged' } });
  expect(forged.status()).toBe(403);
  const stop = await request.post('/api/booking/messages/inbound', { form: fields, headers: { 'x-twilio-signature': twilioSignature(publicUrl, fields) } });
  expect(stop.status()).toBe(200);
  expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  expect(await textOf()).toMatchObject({ status: 'skipped', skip_reason: 'opted_out' });

  // The customer's profile shows the box unticked.
  await signInThroughApi(page, user.email, user.password);
  await page.goto('/account?lang=fr');
  await expect(page.getByRole('checkbox', { name: text('fr', 'auth:profile.smsConsent') })).not.toBeChecked();

  // The company's drawer lists the text as cancelled because the customer replied STOP, in each language.
  const adminContext = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const language of ['fr', 'en', 'ar'] as Language[]) {
    await adminPage.goto(`/bookings?lang=${language}`);
    await adminPage.getByLabel(text(language, 'admin:pages.bookings.search')).fill(user.email);
    await adminPage.getByRole('search').getByRole('button', { name: text(language, 'admin:actions.search') }).click();
    await adminPage.getByRole('row').filter({ hasText: `#${bookingId}` }).getByRole('button', { name: text(language, 'admin:pages.bookings.details') }).click();
    const drawer = adminPage.getByRole('dialog', { name: text(language, 'admin:pages.bookings.detailsTitle', { id: String(bookingId) }) });
    await drawer.getByRole('button', { name: text(language, 'admin:pages.bookings.messages.title') }).click();
    const sms = drawer.getByRole('listitem').filter({ hasText: text(language, 'admin:pages.bookings.messages.channels.sms') });
    await expect(sms).toContainText(text(language, 'admin:pages.bookings.messages.skipReasons.opted_out'));
    await sms.screenshot({ path: test.info().outputPath(`drawer-${language}.png`) });
    if (language === 'ar') {
      // On a phone the reason wraps inside the drawer.
      await adminPage.setViewportSize({ width: 390, height: 844 });
      await sms.scrollIntoViewIfNeeded();
      await expect(sms).toBeInViewport();
      const overflow = await sms.evaluate((item) => item.scrollWidth - item.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await sms.screenshot({ path: test.info().outputPath('drawer-ar-390.png') });
    }
  }
  await adminContext.close();
});
