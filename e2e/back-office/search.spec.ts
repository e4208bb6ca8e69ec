import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { row } from './back-office-steps';

test.describe.configure({ timeout: 60_000 });

/** A surname no other test uses, in letters only (a search word), and a French mobile of its own. */
function someone() {
  const letters = Array.from({ length: 7 }, () => String.fromCharCode(97 + randomInt(26))).join('');
  const surname = `Zé${letters}`;
  const digits = String(randomInt(10_000_000, 99_999_999));
  return { surname, plain: `ze${letters}`, fullName: `Hélène ${surname}`, phone: `+336${digits}`, national: `06 ${digits.replace(/(\d\d)(?=\d)/g, '$1 ')}` };
}

/** A customer's booking taken to step three (pending), on a day and a car of its own. */
async function pendingBookingOf(request: APIRequestContext, person: ReturnType<typeof someone>): Promise<number> {
  const email = `${person.plain}@e2e.test`;
  const password = 'Client-e2e-password';
  const registered = await request.post('/api/auth/register', {
    data: { fullName: person.fullName, email, phone: person.phone, password, confirmPassword: password, acceptTerms: true },
  });
  expect(registered.ok()).toBe(true);
  const headers = { Authorization: `Bearer ${((await registered.json()) as { token: string }).token}` };
  // A pending booking holds its car (decision 0070): a random far day keeps clear of other tests.
  const pickup = new Date(Date.now() + (60 + randomInt(300)) * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post('/api/user/booking/add', {
    headers,
    data: {
      origin: 'Cannes',
      destination: 'Nice',
      date: `${pickup}T${String(8 + randomInt(10)).padStart(2, '0')}:00`,
      passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 0, above10kg: 0, above30kg: 0 }),
    },
  });
  const { bookingId } = (await created.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${bookingId}/2`, { headers, data: { bookingId, carId: 2 } })).ok()).toBe(true);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${bookingId}`, {
    headers,
    data: { bookingId, fullName: person.fullName, email, phone: person.phone, method: 'cash' },
  });
  expect(confirmed.ok()).toBe(true);
  return bookingId;
}

test('the admin finds a customer as they say it: a word of the name without accents, the phone as it is spoken', async ({ page, request }) => {
  const person = someone();
  const id = await pendingBookingOf(request, person);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Réservations' })).toBeVisible();

  // Typed in lower case without the accent; the list follows without a click.
  const search = page.getByLabel('Rechercher une réservation');
  await search.fill(person.plain);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${person.plain}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, `#${id}`)).toContainText(person.fullName);

  // The search is in the URL: a reload keeps it.
  await page.reload();
  await expect(page.getByLabel('Rechercher une réservation')).toHaveValue(person.plain);
  await expect(row(page, `#${id}`)).toBeVisible();

  // The phone as a person reads it out, in the national format.
  await page.getByLabel('Rechercher une réservation').fill(person.national);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, `#${id}`)).toBeVisible();

  // Nothing found: the table says so.
  await page.getByLabel('Rechercher une réservation').fill(`${person.plain} 100%_introuvable`);
  await expect(page.getByRole('cell', { name: 'Aucune réservation ne correspond à ces critères.' })).toBeVisible();

  // A pickup range the wrong way round is pointed out on the field.
  await page.getByLabel('Rechercher une réservation').fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await page.getByLabel('Prise en charge du').fill('2031-05-10');
  await expect(page).toHaveURL(/[?&]from=2031-05-10/);
  await page.getByLabel('au', { exact: true }).fill('2031-05-01');
  await expect(page).toHaveURL(/[?&]to=2031-05-01/);
  await expect(page.getByText('La date de fin doit être le jour de début ou après')).toBeVisible();

  // The users list: the same search, and the account's booking count.
  await page.goto(`/users?q=${encodeURIComponent(person.national)}`);
  await expect(page.getByLabel('Rechercher un utilisateur')).toHaveValue(person.national);
  const account = row(page, person.fullName);
  await expect(account).toBeVisible();
  await expect(account.getByRole('cell').last()).toHaveText('1');
  await expect(page.getByRole('columnheader', { name: 'Réservations' })).toBeVisible();
  await page.getByLabel('Rechercher un utilisateur').fill('personne-de-ce-nom-ici');
  await expect(page.getByRole('cell', { name: 'Aucun utilisateur ne correspond à cette recherche.' })).toBeVisible();
});
