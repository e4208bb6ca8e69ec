import { expect, test } from '@playwright/test';
import { apiToken, signInThroughApi } from '../support/auth-steps';
import { text } from '../support/locales';
import { workerDay } from '../support/worker-day';
import { adminToken, companyWithMember, unique } from '../back-office/back-office-steps';
import { dateTimeIn } from './booking-steps';

// A company member's step two names the company's discount beside each price (decision 0150), its
// number written as every other number of the site: Western digits in Arabic too (decision 0102).
test('a company member sees the company discount beside each price at step two, in French and in Arabic (Western digits)', async ({ page, request }) => {
  test.setTimeout(60_000);
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const { member } = await companyWithMember(request, admin, { legalName: `Société Remise ${unique('co').slice(-6)}`, discountPercent: '12.5', purchaseOrderRequired: false });

  const headers = { Authorization: `Bearer ${await apiToken(request, member.email, member.password)}` };
  const added = await request.post('/api/user/booking/add', {
    headers,
    data: { origin: 'Nice', destination: 'Monaco', date: dateTimeIn(workerDay(563), '10:00'), passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }) },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { bookingId } = (await added.json()) as { bookingId: number };

  await signInThroughApi(page, member.email, member.password);
  for (const [language, figure] of [
    ['fr', '12,5'],
    ['ar', '12.5'],
  ] as const) {
    await page.evaluate(
      ({ id, chosen }) => {
        window.sessionStorage.setItem('bookingId', id);
        window.localStorage.setItem('language', chosen);
      },
      { id: String(bookingId), chosen: language },
    );
    await page.goto('/summary');
    // The cars offered with a price (one way, as the trip is a transfer).
    const priced = page.getByRole('main').getByRole('listitem').filter({ hasText: text(language, 'booking:stepTwo.oneWay') });
    await expect(priced.first()).toBeVisible({ timeout: 20_000 });
    const discount = text(language, 'booking:stepTwo.companyDiscount', { percent: figure });
    await expect(priced.first()).toContainText(discount);
    // Every priced car carries it, and no Arabic-Indic digit stands anywhere on the page.
    await expect(priced.filter({ hasText: discount })).toHaveCount(await priced.count());
    expect(await page.getByRole('main').innerText()).not.toMatch(/[\u0660-\u0669]/);
  }
});
