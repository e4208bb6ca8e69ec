import { expect, test, type Page } from '@playwright/test';
import { newUser } from '../support/accounts';
import { apiToken, registerThroughApi } from '../support/auth-steps';
import { workerDay } from '../support/worker-day';
import { addToCounter, dateTimeIn, pickAddress } from './booking-steps';

/** A day of this spec's own on the shared e2e database: parallel workers and retries each get theirs. */
function ownDay(offset: number): number {
  return workerDay(29 + offset);
}

/** Step one and two as a visitor: the home form, then every car priced, without any account. */
async function quoteAsVisitor(page: Page, days: number, time: string): Promise<string> {
  await page.goto('/system');
  await pickAddress(page, 'Départ', 'Cannes', 'Cannes');
  await expect(page.getByText('Prix immédiat, sans compte')).toBeVisible();
  await pickAddress(page, 'Arrivée', 'Nice', 'Nice');
  await page.getByLabel('Date et heure de prise en charge').fill(dateTimeIn(days, time));
  await addToCounter(page, 'Adultes', 1);
  await page.getByRole('button', { name: 'Réserver', exact: true }).click();

  await expect(page).toHaveURL('/summary');
  await expect(page.getByRole('heading', { level: 1, name: 'Choisissez votre véhicule' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('listitem').filter({ hasText: 'Mercedes Classe V' })).toContainText('€');
  await expect(page.getByRole('listitem').filter({ hasText: 'Ford Tourneo Custom' })).toContainText('€');
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);
  const bookingId = await page.evaluate(() => window.sessionStorage.getItem('bookingId'));
  expect(bookingId).toMatch(/^\d+$/);
  await page.getByRole('button', { name: 'Choisir Mercedes Classe V' }).click();
  await expect(page).toHaveURL('/confirmation');
  return bookingId!;
}

const contact = (page: Page) => page.getByRole('region', { name: 'Vos coordonnées' });
const toasts = (page: Page) => page.locator('.Toastify').getByRole('alert');

test('a visitor on a phone gets a priced step two, registers at step three without leaving it, keeps what was typed and confirms', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const user = newUser();
  const bookingId = await quoteAsVisitor(page, ownDay(0), '07:15');

  // Step three: the trip details are typed first, then the account is made on the page itself.
  await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('12 rue d’Antibes');
  await page.getByLabel('Message pour le chauffeur').fill('Un siège rehausseur, merci');
  await page.getByRole('button', { name: /^Espèces/ }).click();
  const account = page.getByRole('region', { name: 'Votre compte pour confirmer' });
  await expect(account.getByRole('tab', { name: 'Créer un compte' })).toHaveAttribute('aria-selected', 'true');
  await account.getByLabel('Nom complet').fill(user.fullName);
  await account.getByLabel('E-mail').fill(user.email);
  await account.getByLabel('Téléphone').fill(user.phone);
  await account.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await account.getByLabel('Confirmer le mot de passe').fill(user.password);
  await account.getByLabel("J'ai lu et j'accepte les conditions générales de vente et la politique de confidentialité").check();
  const message = page.getByLabel('Message pour le chauffeur');
  await account.getByRole('button', { name: 'Créer mon compte' }).click();

  // Back where they were: the same page, the end of the form (its confirm button) in view, one toast.
  await expect(account).toBeHidden();
  await expect(page).toHaveURL('/confirmation');
  await expect(toasts(page).filter({ hasText: 'Compte créé' })).toBeVisible();
  await expect(toasts(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Confirmer la réservation' })).toBeInViewport();
  await expect(message).toHaveValue('Un siège rehausseur, merci');
  await expect(page.getByRole('textbox', { name: 'Adresse', exact: true })).toHaveValue('12 rue d’Antibes');
  await expect(page.getByRole('button', { name: /^Espèces/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(contact(page).getByLabel('Nom complet')).toHaveValue(user.fullName);
  await expect(contact(page).getByLabel('E-mail')).toHaveValue(user.email);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Confirmer la réservation' }).click();
  await expect(page).toHaveURL(/\/success\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Merci, votre demande est envoyée !' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('quoteToken'))).toBeNull();

  // The booking is the new account's.
  await page.goto('/account/bookings');
  await expect(page.getByRole('link', { name: new RegExp(`Cannes vers Nice.*Réservation n° ${bookingId}$`) })).toBeVisible();
});

test('a visitor reloads step three, another browser cannot open the quote, and signing in with an existing account claims it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const user = newUser();
  await registerThroughApi(request, user);
  const bookingId = await quoteAsVisitor(page, ownDay(1), '16:45');

  // Only this browser holds the quote's token: a reload works here...
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmez votre réservation' })).toBeVisible({ timeout: 20_000 });
  // ...and another browser, given the booking number alone, is told in words that it cannot be shown.
  const other = await browser.newContext({ locale: 'fr-FR' });
  const stranger = await other.newPage();
  await stranger.goto('/contact');
  await stranger.evaluate((id) => window.sessionStorage.setItem('bookingId', id), bookingId);
  await stranger.goto('/summary');
  await expect(stranger.getByText('Impossible d\'afficher cette réservation. Recommencez votre recherche.')).toBeVisible();
  await stranger.goto('/confirmation');
  await expect(stranger.getByText('Impossible d\'afficher cette réservation.', { exact: false })).toBeVisible();
  const direct = await stranger.request.get(`/api/user/booking/step-two/${bookingId}`, { headers: { 'Accept-Language': 'fr' } });
  expect(direct.status()).toBe(404);
  expect(await direct.json()).toMatchObject({ code: 'booking_not_found', message: 'Réservation introuvable' });
  await other.close();

  // Confirming first brings the account panel into view instead of sending anything.
  await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('3 boulevard de la Croisette');
  await page.getByRole('button', { name: /^Espèces/ }).click();
  await page.getByRole('button', { name: 'Confirmer la réservation' }).click();
  await expect(page).toHaveURL('/confirmation');
  const account = page.getByRole('region', { name: 'Votre compte pour confirmer' });
  await expect(account).toBeInViewport();

  await account.getByRole('tab', { name: 'J’ai déjà un compte' }).click();
  await account.getByLabel('E-mail').fill(user.email);
  await account.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await account.getByRole('button', { name: 'Se connecter' }).click();
  await expect(account).toBeHidden();
  await expect(toasts(page).filter({ hasText: 'Connexion réussie' })).toBeVisible();
  await expect(toasts(page)).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Adresse', exact: true })).toHaveValue('3 boulevard de la Croisette');
  await expect(contact(page).getByLabel('Nom complet')).toHaveValue(user.fullName);

  await page.getByRole('button', { name: 'Confirmer la réservation' }).click();
  await expect(page).toHaveURL(/\/success\?id=\d+$/);
  const token = await apiToken(request, user.email, user.password);
  const mine = await request.get('/api/user/booking/getAll', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await mine.json()) as { data: { id: number; status: string }[] }).data).toContainEqual(expect.objectContaining({ id: Number(bookingId), status: 'pending' }));
});
