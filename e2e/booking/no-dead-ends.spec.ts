import { expect, test, type Page } from '@playwright/test';
import { tripDateTime } from '../support/worker-day';
import { newUser } from '../support/accounts';
import { apiToken, logIn, registerThroughApi } from '../support/auth-steps';
import { addToCounter, pickAddress } from './booking-steps';

/** The text a WhatsApp link carries, decoded. */
async function whatsAppMessage(page: Page, name: string): Promise<string> {
  const href = await page.getByRole('main').getByRole('link', { name }).getAttribute('href');
  expect(href).toMatch(/^https:\/\/wa\.me\/33612345678\?text=[^\s]+$/);
  return new URL(href!).searchParams.get('text') ?? '';
}

test('a party of nine is offered a call and a WhatsApp message with the trip, in French and in Arabic', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = newUser();
  await registerThroughApi(request, user);
  await logIn(page, user.email, user.password);

  await page.goto('/system');
  await pickAddress(page, 'Départ', 'Cannes', 'Cannes');
  await pickAddress(page, 'Arrivée', 'Nice', 'Nice');
  const pickup = tripDateTime(23, '08:15');
  await page.getByLabel('Date et heure de prise en charge').fill(pickup);
  await addToCounter(page, 'Adultes', 7);
  await addToCounter(page, 'Enfants', 1);
  await addToCounter(page, 'Plus de 10 kg', 3);
  await page.getByRole('button', { name: 'Réserver', exact: true }).click();

  await expect(page).toHaveURL('/summary');
  const bookingId = await page.evaluate(() => window.sessionStorage.getItem('bookingId'));
  // Both cars stay listed, disabled with the customer's reason; no dead end "no cars available".
  for (const name of ['Mercedes Classe V', 'Ford Tourneo Custom']) {
    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText('Cette voiture ne convient pas à vos besoins');
    await expect(card.getByRole('button', { name: `Choisir ${name}` })).toBeDisabled();
  }
  await expect(page.getByText('Aucune voiture n’est disponible')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Votre groupe ne tient pas dans une seule voiture' })).toBeVisible();
  // The cars suggested together are the API's split of this party over the fleet of the moment
  // (other tests add cars): the page and the message name exactly those.
  const token = await apiToken(request, user.email, user.password);
  const stepTwo = await request.get(`/api/user/booking/step-two/${bookingId}`, { headers: { Authorization: `Bearer ${token}` } });
  const { contact } = (await stepTwo.json()) as { contact: { split: { name: string }[] } };
  expect(contact.split.length).toBeGreaterThanOrEqual(2);
  const vehicles = contact.split.map((car) => car.name).join(' + ');
  await expect(page.getByText(`Proposition : ${vehicles}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Appeler le +33 6 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');

  const [day, time] = pickup.split('T') as [string, string];
  const date = day.split('-').reverse().join('/');
  expect((await whatsAppMessage(page, 'Écrire sur WhatsApp')).split('\n')).toEqual([
    'Bonjour, je souhaite réserver ce trajet :',
    `Demande n° ${bookingId}`,
    'Départ : Cannes',
    'Arrivée : Nice',
    `Le ${date} à ${time}`,
    'Passagers : 8 adultes, 1 enfant',
    'Bagages : 3',
    `Véhicules : ${vehicles}`,
  ]);

  await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'العربية' }).click();
  await expect(page.getByRole('heading', { name: 'مجموعتكم لا تتسع في سيارة واحدة' })).toBeVisible();
  const arabic = await whatsAppMessage(page, 'راسلنا عبر واتساب');
  expect(arabic).toContain(`الطلب رقم ${bookingId}`);
  expect(arabic).toContain('الانطلاق: Cannes');
  expect(arabic).toContain('الركاب: 8 بالغين, طفل واحد');
  // Nothing of the company's price list reaches the page.
  await expect(page.locator('main')).not.toContainText(/no_season|no_pricing_band|saison tarifaire|tarif n’est défini/);
});

test('a toast stays on its page, and the same error twice shows one toast', async ({ page }) => {
  const toasts = page.locator('.Toastify').getByRole('alert');
  await page.goto('/auth/sign');
  await page.getByLabel('E-mail').fill(`nobody-${Date.now()}@e2e.test`);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Wrong-password-123');
  const submit = page.getByRole('button', { name: 'Se connecter' });
  await submit.click();
  await expect(toasts).toHaveCount(1);
  const message = (await toasts.first().innerText()).trim();
  expect(message.length).toBeGreaterThan(0);
  // The same refusal again, twice: still one toast, the last one.
  for (let again = 0; again < 2; again += 1) {
    await submit.click();
    await expect(submit).toBeEnabled();
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toHaveText(message);
  }

  // Another page, right after a fresh toast: it closes (its way out is animated) before its 5 seconds.
  await submit.click();
  await expect(toasts).toHaveCount(1);
  await page.getByRole('link', { name: 'Contact' }).first().click();
  await expect(page).toHaveURL('/contact');
  await expect(toasts).toHaveCount(0, { timeout: 4_000 });
});

test('the toast of a move (signed in) is read on the page it leads to, then goes with the next move', async ({ page, request }) => {
  const user = newUser();
  await registerThroughApi(request, user);
  const toasts = page.locator('.Toastify').getByRole('alert');
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL('/');
  await expect(toasts).toHaveCount(1);
  await page.getByRole('link', { name: 'Contact' }).first().click();
  await expect(page).toHaveURL('/contact');
  await expect(toasts).toHaveCount(0, { timeout: 4_000 });
});
