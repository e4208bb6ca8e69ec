import { expect, test, type APIRequestContext } from '@playwright/test';
import { tripDateTime } from '../support/worker-day';
import { newUser } from '../support/accounts';
import { apiToken, logIn, registerThroughApi } from '../support/auth-steps';
import { expectToast } from '../back-office/back-office-steps';
import { pickAddress } from './booking-steps';

/** Another customer's pending booking of the Ford, Cannes -> Nice at `pickup` (40 min listed, 30 min buffer). */
async function holdFord(request: APIRequestContext, pickup: string) {
  const other = newUser();
  await registerThroughApi(request, other);
  const headers = { Authorization: `Bearer ${await apiToken(request, other.email, other.password)}` };
  const added = await request.post('/api/user/booking/add', {
    headers,
    data: {
      origin: { title: 'Cannes', placeId: 'city-cannes', type: 'address' },
      destination: { title: 'Nice', placeId: 'city-nice', type: 'address' },
      rentFromType: 'address',
      rentToType: 'address',
      date: pickup,
      passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 0, above10kg: 0, above30kg: 0 }),
    },
  });
  expect(added.status()).toBe(201);
  const id = ((await added.json()) as { bookingId: number }).bookingId;
  const offers = await request.get(`/api/user/booking/step-two/${id}`, { headers });
  const fordId = ((await offers.json()) as { cars: { id: number; name: string }[] }).cars.find((car) => car.name === 'Ford Tourneo Custom')!.id;
  expect((await request.put(`/api/user/booking/update-car/${id}/${fordId}`, { headers, data: { bookingId: id, carId: fordId } })).status()).toBe(200);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${id}`, {
    headers,
    data: { bookingId: id, fullName: 'Autre Client', email: other.email, phone: '+33612345678', method: 'cash', returnRent: false },
  });
  expect(confirmed.status()).toBe(200);
  return { id, headers };
}

test('a car another booking holds at that time is shown busy and cannot be chosen', async ({ page, request }) => {
  const held = await holdFord(request, tripDateTime(9, '10:00'));

  const user = newUser();
  await registerThroughApi(request, user);
  await logIn(page, user.email, user.password);
  await page.goto('/system');
  await pickAddress(page, 'Départ', 'Cannes', 'Cannes');
  await pickAddress(page, 'Arrivée', 'Nice', 'Nice');
  await page.getByLabel('Date et heure de prise en charge').fill(tripDateTime(9, '10:30'));
  await page.getByRole('button', { name: 'Réserver', exact: true }).click();

  await expect(page).toHaveURL('/summary');
  const busy = 'Aucune voiture n’est disponible à cette heure : cette voiture est déjà réservée';
  const ford = page.getByRole('listitem').filter({ hasText: 'Ford Tourneo Custom' });
  const chooseFord = ford.getByRole('button', { name: 'Choisir Ford Tourneo Custom' });
  await expect(ford).toContainText(busy);
  await expect(chooseFord).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Choisir Mercedes Classe V' })).toBeEnabled();

  // Once the other booking is cancelled, the car is free again.
  expect((await request.put(`/api/user/booking/cancel/${held.id}`, { headers: held.headers })).status()).toBe(200);
  await page.reload();
  await expect(chooseFord).toBeEnabled();

  // Taken by someone else while the page is open: choosing it says so, and the card turns busy.
  await holdFord(request, tripDateTime(9, '10:15'));
  await chooseFord.click();
  await expectToast(page, busy);
  await expect(page).toHaveURL('/summary');
  await expect(ford).toContainText(busy);
  await expect(chooseFord).toBeDisabled();
});
