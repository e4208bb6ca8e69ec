import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { adminToken, companyWithMember } from '../back-office/back-office-steps';
import { apiToken, signInThroughApi } from '../support/auth-steps';
import { localized, text, type Language } from '../support/locales';
import { tripDateTime } from '../support/worker-day';

/**
 * A hotel concierge books for a guest through the funnel (issue 23 item 2, decisions 0141, 0142):
 * step three shows the guest, reference and cost centre fields to a company member only, says the
 * booking is on the company's account and asks for no deposit; the booking lands in the company's
 * list with its passenger and cost centre.
 */

/** A company with a verified concierge as its booker, and a booking of theirs at step three. */
async function conciergeAtStepThree(request: APIRequestContext, daysAhead: number) {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const legalName = `Hôtel E2E ${randomUUID().slice(0, 6)}`;
  const { member: concierge } = await companyWithMember(request, admin, {
    legalName,
    discountPercent: '0',
    purchaseOrderRequired: false,
    costCentres: 'Conciergerie\nÉvénements',
  });

  const token = await apiToken(request, concierge.email, concierge.password);
  const headers = { Authorization: `Bearer ${token}` };
  const added = await request.post('/api/user/booking/add', {
    headers,
    data: { origin: 'Nice', destination: 'Monaco', date: tripDateTime(daysAhead, '15:00'), passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }) },
  });
  expect(added.status()).toBe(201);
  const { bookingId } = (await added.json()) as { bookingId: number };
  const chosen = await request.put(`/api/user/booking/update-car/${bookingId}/1`, { headers, data: { bookingId, carId: 1 } });
  expect(chosen.ok()).toBe(true);
  return { concierge, headers, bookingId, legalName };
}

for (const [language, daysAhead] of [
  ['fr', 720],
  ['ar', 724],
] as [Language, number][]) {
  test(`a concierge books for a guest on the company's account, in ${language}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const t = (key: string, values?: Record<string, string>) => text(language, `booking:${key}`, values);
    const { concierge, headers, bookingId, legalName } = await conciergeAtStepThree(request, daysAhead);
    await signInThroughApi(page, concierge.email, concierge.password);
    await page.evaluate((id) => window.sessionStorage.setItem('bookingId', id), String(bookingId));
    await page.goto(localized('/confirmation', language));
    await expect(page.getByRole('heading', { level: 1, name: t('stepThree.title') })).toBeVisible({ timeout: 30_000 });

    // The member's section, fetched for them: on account, no deposit to choose.
    await expect(page.getByRole('heading', { name: t('guest.title') })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(t('guest.onAccount', { name: legalName }))).toBeVisible();
    await expect(page.getByRole('heading', { name: t('payment.title') })).toBeHidden();

    await page.getByLabel(t('guest.toggle')).check();
    await page.getByLabel(t('guest.fullName')).fill('John Carter');
    await page.getByRole('textbox', { name: t('guest.phone') }).fill('06 98 76 54 32');
    await page.getByLabel(t('guest.language')).selectOption('en');
    await page.getByLabel(t('guest.email')).fill('john.carter@guest.e2e.test');
    await page.getByLabel(t('guest.reference')).fill('Chambre 412');
    await page.getByLabel(t('guest.costCenter')).selectOption('Événements');
    await page.getByLabel(t('guest.showPrice')).uncheck();
    await page.getByRole('button', { name: t('stepThree.confirm') }).click();
    await expect(page).toHaveURL(/\/success/, { timeout: 30_000 });

    const listed = await request.get('/api/company/bookings?costCentre=%C3%89v%C3%A9nements', { headers });
    expect(listed.ok()).toBe(true);
    const rows = ((await listed.json()) as { data: { id: number; passengerName: string; costCentre: string; purchaseOrder: string }[] }).data;
    expect(rows).toEqual([expect.objectContaining({ id: bookingId, passengerName: 'John Carter', costCentre: 'Événements', purchaseOrder: 'Chambre 412' })]);
  });
}
