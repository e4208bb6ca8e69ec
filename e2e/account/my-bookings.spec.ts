import { expect, test, type APIRequestContext } from '@playwright/test';
import { newUser } from '../support/accounts';
import { apiToken, registerThroughUi } from '../support/auth-steps';
import { waitForApp } from '../support/page-ready';
import { workerDay } from '../support/worker-day';

/** A pending booking Cannes → Nice, made through the customer API, on a day and car of its own (this worker's and attempt's, see workerDay). */
async function pendingBooking(request: APIRequestContext, token: string, daysAhead: number): Promise<number> {
  const headers = { Authorization: `Bearer ${token}` };
  const day = new Date(Date.now() + workerDay(daysAhead) * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post('/api/user/booking/add', {
    headers,
    data: {
      origin: 'Cannes',
      destination: 'Nice',
      date: `${day}T16:${String(10 + Math.floor(Math.random() * 40)).padStart(2, '0')}`,
      passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 1, above10kg: 0, above30kg: 0 }),
    },
  });
  expect(created.status()).toBe(201);
  const { bookingId } = (await created.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${bookingId}/2`, { headers, data: { bookingId, carId: 2 } })).ok()).toBe(true);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${bookingId}`, {
    headers,
    data: { bookingId, fullName: 'Client Réservation', email: 'client@e2e.test', phone: '+33612345678', method: 'cash' },
  });
  expect(confirmed.ok()).toBe(true);
  return bookingId;
}

test('a customer finds their bookings in the header, reads the cancellation terms and cancels free of charge', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = newUser();
  await registerThroughUi(page, user);
  const token = await apiToken(request, user.email, user.password);
  const later = await pendingBooking(request, token, 19);
  const sooner = await pendingBooking(request, token, 13);

  await page.goto('/');
  await waitForApp(page);
  // One tap from the header (decision 0120); the "Plus" menu lists it too.
  await page.getByRole('link', { name: 'Mes réservations' }).click();
  await expect(page).toHaveURL('/account/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeVisible();

  // Upcoming first, soonest first; each card says where, when, the car and the state.
  const cards = page.getByRole('link', { name: /Réservation n°/ });
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(`Réservation n° ${sooner}`);
  await expect(cards.nth(1)).toContainText(`Réservation n° ${later}`);
  await expect(cards.nth(0)).toContainText('Cannes');
  await expect(cards.nth(0)).toContainText('Nice');
  await expect(cards.nth(0)).toContainText('En attente de confirmation');
  // Cash is paid on board (decision 0117): no deposit to pay online is mentioned.
  await expect(cards.nth(0)).not.toContainText('acompte');

  await cards.nth(0).click();
  await expect(page).toHaveURL(`/account/bookings/${sooner}`);
  await expect(page.getByRole('heading', { level: 1, name: `Réservation n° ${sooner}` })).toBeVisible();
  const cancelBox = page.getByRole('region', { name: 'Annuler la réservation' });
  await expect(cancelBox).toContainText('Annulation gratuite jusqu’au');
  await expect(page.getByRole('region', { name: 'Votre chauffeur' })).toContainText('dès qu’il sera désigné');

  // "Keep" changes nothing; "yes" cancels, as the dialog said: free.
  await cancelBox.getByRole('button', { name: 'Annuler la réservation' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Annuler la réservation n° ${sooner} ?`);
  await expect(dialog).toContainText('Annulation gratuite');
  await dialog.getByRole('button', { name: 'Garder ma réservation' }).click();
  await expect(page.getByText('En attente de confirmation').first()).toBeVisible();

  await cancelBox.getByRole('button', { name: 'Annuler la réservation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui, annuler' }).click();
  await expect(page.locator('.Toastify').getByRole('alert').first()).toBeVisible();
  await expect(page.getByText('Annulée').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Annuler la réservation' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Historique' })).toContainText('Annulation gratuite');

  // Someone else's booking page says it is not found, with a way back.
  await page.goto('/account/bookings/999999999');
  await expect(page.getByRole('alert').filter({ hasText: /introuvable/i })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Mes réservations' })).toBeVisible();
});
