import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { adminToken, createCar, deleteRow, expectToast, registerCustomer, row, unique } from './back-office-steps';

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
});

/** A car of its own with a price all year, and a customer's pending booking on it. */
async function carWithATripToCome(request: APIRequestContext, name: string): Promise<{ carId: number; bookingId: number }> {
  const carId = await createCar(request, name);
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const seasons = ((await (await request.get('/api/season/getAll', { headers: admin })).json()) as { data: { id: number }[] }).data;
  for (const season of seasons) {
    const priced = await request.post('/api/pricing/add', { headers: admin, data: { carId, seasonId: season.id, kmStart: 0, minPrice: '70' } });
    expect(priced.ok()).toBe(true);
  }
  const customer = await registerCustomer(request);
  const headers = { Authorization: `Bearer ${customer.token}` };
  const pickup = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post('/api/user/booking/add', {
    headers,
    data: {
      origin: 'Antibes',
      destination: 'Grasse',
      date: `${pickup}T11:00`,
      passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 0, above10kg: 0, above30kg: 0 }),
    },
  });
  const { bookingId } = (await created.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${bookingId}/${carId}`, { headers, data: { bookingId, carId } })).ok()).toBe(true);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${bookingId}`, {
    headers,
    data: { bookingId, fullName: 'Client Garage', email: customer.email, phone: '+33612345678', method: 'cash' },
  });
  expect(confirmed.ok()).toBe(true);
  return { carId, bookingId };
}

test('a car with a trip to come goes to the garage: hidden from customers, trips listed, prices kept', async ({ page, request }) => {
  const name = unique('Garage');
  const { carId, bookingId } = await carWithATripToCome(request, name);
  await page.goto('/cars');
  const line = row(page, name);
  await expect(line.getByRole('img', { name: `Photo de ${name}` })).toHaveAttribute('loading', 'lazy');

  await line.getByRole('button', { name: `Masquer ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `${name} : courses à venir` });
  await expect(dialog).toContainText('Voiture masquée, mais elle a 1 course(s) à venir');
  await expect(dialog).toContainText(`Réservation n° ${bookingId}`);
  await expect(dialog).toContainText('Client Garage');
  await dialog.getByRole('button', { name: 'Compris' }).click();
  await expect(dialog).toBeHidden();
  await expect(line).toContainText('Masquée');

  const columns = (await (await request.get('/api/pricingList/cars')).json()) as { data: { id: number }[] };
  expect(columns.data.map((car) => car.id)).not.toContain(carId);

  await line.getByRole('button', { name: `Proposer ${name}` }).click();
  await expectToast(page, 'Voiture de nouveau proposée aux clients');
  await expect(line).not.toContainText('Masquée');
  const again = (await (await request.get('/api/pricingList/cars')).json()) as { data: { id: number }[] };
  expect(again.data.map((car) => car.id)).toContain(carId);
});

test('holidays: Easter Monday is there, a rule counted from Easter is added and a duplicate refused', async ({ page }) => {
  await page.goto('/holidays');
  await expect(row(page, 'Lundi de Pâques')).toContainText('Pâques +1 j');
  await expect(row(page, 'Lundi de Pâques')).toContainText('lundi');

  const title = unique('Vendredi saint');
  const form = page.getByRole('form', { name: 'Ajouter un jour férié' });
  await form.getByLabel('Nom').fill(title);
  await form.getByLabel('Type').selectOption({ label: 'Compté depuis Pâques' });
  await form.getByLabel('Jours après le dimanche de Pâques').fill('-2');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expectToast(page, 'Ajouté avec succès');
  const line = row(page, title);
  await expect(line).toContainText('Pâques −2 j');
  await expect(line).toContainText('vendredi');

  // Whit Monday already exists: refused, in words.
  await form.getByLabel('Nom').fill('Pentecôte bis');
  await form.getByLabel('Type').selectOption({ label: 'Compté depuis Pâques' });
  await form.getByLabel('Jours après le dimanche de Pâques').fill('50');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(form.getByText('Ce jour férié existe déjà')).toBeVisible();
  await expect(row(page, 'Pentecôte bis')).toHaveCount(0);

  await deleteRow(page, line, 'Supprimer le jour férié');
});
