import { expect, test } from '@playwright/test';
import { dateTimeIn } from '../booking/booking-steps';
import { newUser } from '../support/accounts';
import { apiToken, logIn, registerThroughApi } from '../support/auth-steps';
import { text } from '../support/locales';
import { workerDay } from '../support/worker-day';

// A customer paying by card for their company names it in their profile; step three takes it, with a purchase order (decision 0135).
test('the company details are checked and kept in the profile, then shown and sent at step three with a purchase order', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = newUser();
  await registerThroughApi(request, user);
  await logIn(page, user.email, user.password);
  await page.goto('/account');
  const card = page.getByRole('region', { name: text('fr', 'company:billing.title') });
  await card.getByLabel(text('fr', 'company:billing.toggle')).check();
  await card.getByLabel(text('fr', 'company:fields.companyName')).fill('Yacht Services Monaco SAS');
  await card.getByLabel(text('fr', 'company:fields.address')).fill('7 quai Antoine Ier, 98000 Monaco');
  await card.getByLabel(text('fr', 'company:fields.siren')).fill('303 265 046');
  await card.getByRole('button', { name: text('fr', 'company:billing.submit') }).click();
  await expect(card.getByText('Ce SIREN ou SIRET est erroné : vérifiez les chiffres')).toBeVisible();
  await card.getByLabel(text('fr', 'company:fields.siren')).fill('303 265 045');
  await card.getByLabel(text('fr', 'company:fields.vatNumber')).fill('fr 40 303 265 045');
  await card.getByRole('button', { name: text('fr', 'company:billing.submit') }).click();
  await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Profil mis à jour' })).toBeVisible();
  await page.reload();
  await expect(card.getByLabel(text('fr', 'company:fields.vatNumber'))).toHaveValue('FR40303265045');

  // A trip at step three: the invoice section is filled in from the profile.
  const token = await apiToken(request, user.email, user.password);
  const headers = { Authorization: `Bearer ${token}` };
  const added = await request.post('/api/user/booking/add', {
    headers,
    data: { origin: 'Nice', destination: 'Monaco', date: dateTimeIn(workerDay(560), '10:00'), passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }) },
  });
  expect(added.status()).toBe(201);
  const { bookingId } = (await added.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${bookingId}/1`, { headers, data: { bookingId, carId: 1 } })).ok()).toBe(true);
  await page.evaluate((id) => window.sessionStorage.setItem('bookingId', id), String(bookingId));
  await page.goto('/confirmation');
  const invoice = page.getByRole('region', { name: text('fr', 'booking:billing.title') });
  await expect(invoice.getByLabel(text('fr', 'booking:billing.toggle'))).toBeChecked({ timeout: 30_000 });
  await expect(invoice.getByLabel(text('fr', 'booking:billing.companyName'))).toHaveValue('Yacht Services Monaco SAS');
  await invoice.getByLabel(text('fr', 'booking:billing.purchaseOrder')).fill('PO-2027-44');
  await page.getByRole('button', { name: new RegExp(`^${text('fr', 'booking:payment.cash')}`) }).click();
  const sent = page.waitForRequest((sentRequest) => sentRequest.method() === 'PUT' && sentRequest.url().includes(`/api/user/booking/update-booking-info/${bookingId}`));
  await page.getByRole('button', { name: text('fr', 'booking:stepThree.confirm') }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    billing: { companyName: 'Yacht Services Monaco SAS', address: '7 quai Antoine Ier, 98000 Monaco', siren: '303265045', vatNumber: 'FR40303265045', purchaseOrder: 'PO-2027-44' },
  });
  await expect(page).toHaveURL(/\/success/);
});
