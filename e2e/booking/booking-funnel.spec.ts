import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser, type NewUser } from '../support/accounts';
import { apiToken, registerThroughApi, signInThroughApi } from '../support/auth-steps';
import { tripDateTime } from '../support/worker-day';
import { addToCounter, expectAccessibleMain, pickAddress, pickFixedPlace } from './booking-steps';
import { expectToast } from '../back-office/back-office-steps';
import { findMailLink, verificationLink } from './mail-box';

test('a customer books Nice airport to Monaco with a stop and a return, and the company is mailed a link to accept it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = newUser();
  await registerThroughApi(request, user);
  // The customer follows the link of the verification mail, so the booking mails reach them.
  await expect.poll(() => verificationLink(user.email), { timeout: 20_000 }).not.toBeNull();
  await page.goto(verificationLink(user.email)!);
  await expect(page.getByRole('status').filter({ hasText: `${user.email} est confirmée` })).toBeVisible();

  // Step one, as a visitor: no account is asked for before the prices (decision 0092).
  await page.goto('/system');
  await pickFixedPlace(page, 'Départ', 'Aéroport', "Aéroport Nice Côte d'Azur");
  await page.getByRole('button', { name: 'Ajouter des arrêts' }).click();
  await pickAddress(page, 'Arrêt 1', 'Villefranche', 'Villefranche-sur-Mer');
  await pickAddress(page, 'Arrivée', 'Monac', 'Monaco');
  await page.getByLabel('Date et heure de prise en charge').fill(tripDateTime(10, '10:30'));
  await addToCounter(page, 'Adultes', 1);
  await addToCounter(page, 'Moins de 10 kg', 2);
  await addToCounter(page, 'Plus de 10 kg', 1);
  await expect(page.getByRole('button', { name: /Passagers et bagages/ })).toContainText('2 adultes · 3 bagages');
  await expectAccessibleMain(page);
  await page.getByRole('button', { name: 'Réserver', exact: true }).click();

  // Step two: the summary and the cars with their prices.
  await expect(page).toHaveURL('/summary');
  await expect(page.getByRole('heading', { level: 1, name: 'Choisissez votre véhicule' })).toBeVisible();
  const trip = page.getByRole('region', { name: 'Votre trajet' });
  await expect(trip).toContainText("Aéroport Nice Côte d'Azur");
  await expect(trip).toContainText('Villefranche-sur-Mer');
  await expect(trip).toContainText('Monaco');
  await expect(trip).toContainText('10:30');
  await expect(trip).toContainText('estimation');
  await expect(trip).toContainText('2 adultes');
  const vClass = page.getByRole('listitem').filter({ hasText: 'Mercedes Classe V' });
  await expect(vClass).toContainText('€');
  const bookingId = await page.evaluate(() => window.sessionStorage.getItem('bookingId'));
  expect(bookingId).toMatch(/^\d+$/);
  await expectAccessibleMain(page);
  await page.getByRole('button', { name: 'Choisir Mercedes Classe V' }).click();

  // Step three: the visitor signs in on the page; the account's details fill the contact fields.
  await expect(page).toHaveURL('/confirmation');
  const account = page.getByRole('region', { name: 'Votre compte pour confirmer' });
  await account.getByRole('tab', { name: 'J’ai déjà un compte' }).click();
  await account.getByLabel('E-mail').fill(user.email);
  await account.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await account.getByRole('button', { name: 'Se connecter' }).click();
  await expectToast(page, 'Connexion réussie');
  await expect(account).toBeHidden();
  // Flight details, a return trip, the payment tile, confirm.
  await expect(page.getByRole('heading', { level: 2, name: 'Votre vol' })).toBeVisible();
  await page.getByLabel('Numéro de vol').fill('AF7700');
  await page.getByLabel('En provenance de').fill('Paris Orly');
  await expect(page.getByLabel('Nom complet')).toHaveValue(user.fullName);
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);

  const returnSwitch = page.getByRole('switch', { name: 'Trajet retour' });
  await expect(returnSwitch).toHaveAttribute('aria-checked', 'false');
  await returnSwitch.click();
  await expect(page.getByText('Prix aller-retour').first()).toBeVisible();
  await page.getByLabel('Date et heure du retour').fill(tripDateTime(12, '18:00'));
  await page.getByLabel('Adresse').fill('Hôtel de Paris, place du Casino');

  const cash = page.getByRole('button', { name: /^Espèces/ });
  const card = page.getByRole('button', { name: /^Carte bancaire/ });
  await expect(cash).toHaveAttribute('aria-pressed', 'false');
  await expect(card).toHaveAttribute('aria-pressed', 'false');
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await expectAccessibleMain(page);
  await page.getByRole('button', { name: 'Confirmer la réservation' }).click();

  await expect(page).toHaveURL(`/success?id=${bookingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Merci, votre demande est envoyée !' })).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ }).first()).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('bookingId'))).toBeNull();

  // The company's e-mail carries the accept link (the next test follows one).
  const acceptLink = new RegExp(`https?://[^\\s/]+/booking\\?id=${bookingId}&status=true&token=[^\\s>"]+`);
  await expect.poll(() => findMailLink(acceptLink), { timeout: 20_000 }).not.toBeNull();
});

/**
 * A booking sent to the company (step three done, the card chosen) by a customer whose address is
 * verified, so that the booking mails reach them; made through the customer API as the booking
 * pages do (the test above goes through the pages). Gives its id.
 */
async function bookingSentByVerifiedCustomer(request: APIRequestContext, user: NewUser): Promise<number> {
  await registerThroughApi(request, user);
  await expect.poll(() => verificationLink(user.email), { timeout: 20_000 }).not.toBeNull();
  const token = new URL(verificationLink(user.email)!, 'http://localhost').searchParams.get('token')!;
  expect((await request.get(`/api/auth/verifyEmail?token=${encodeURIComponent(token)}`)).status()).toBe(200);
  const headers = { Authorization: `Bearer ${await apiToken(request, user.email, user.password)}` };
  const added = await request.post('/api/user/booking/add', {
    headers,
    data: {
      origin: 'Nice',
      destination: 'Monaco',
      date: tripDateTime(16, '10:30'),
      passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 2, above10kg: 1, above30kg: 0 }),
    },
  });
  expect(added.status()).toBe(201);
  const id = ((await added.json()) as { bookingId: number }).bookingId;
  const offers = await request.get(`/api/user/booking/step-two/${id}`, { headers });
  const vclass = ((await offers.json()) as { cars: { id: number; name: string }[] }).cars.find((car) => car.name === 'Mercedes Classe V')!;
  expect((await request.put(`/api/user/booking/update-car/${id}/${vclass.id}`, { headers, data: { bookingId: id, carId: vclass.id } })).status()).toBe(200);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${id}`, {
    headers,
    data: { bookingId: id, fullName: user.fullName, email: user.email, phone: `+33${user.phone}`, method: 'stripe' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return id;
}

// The same journey, after the booking is sent: a test of its own, so that each half has its time.
test('the company accepts a booking from its mail, the customer chooses to pay the deposit in cash, the company records it; the trip cannot end before pickup', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = newUser();
  const bookingId = await bookingSentByVerifiedCustomer(request, user);

  // The company's e-mail carries the accept link; the admin logs in on the way.
  const acceptLink = new RegExp(`https?://[^\\s/]+/booking\\?id=${bookingId}&status=true&token=[^\\s>"]+`);
  await expect.poll(() => findMailLink(acceptLink), { timeout: 20_000 }).not.toBeNull();
  const accept = findMailLink(acceptLink)!;
  await page.goto(accept);
  await expect(page).toHaveURL(/\/auth\/sign\?redirect=/);
  await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(accept);
  await expect(page.getByRole('status').filter({ hasText: 'Réservation acceptée' })).toBeVisible();

  // The same link a second time is refused, in words.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Ce lien est invalide ou a déjà été utilisé' }).first()).toBeVisible();

  // The customer's acceptance e-mail carries the deposit link.
  const depositLink = new RegExp(`https?://[^\\s/]+/checkout\\?id=${bookingId}&token=[^\\s>"]+`);
  await expect.poll(() => findMailLink(depositLink, user.email), { timeout: 20_000 }).not.toBeNull();
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await page.goto(findMailLink(depositLink, user.email)!);
  await expect(page.getByRole('heading', { level: 1, name: 'Acompte de votre réservation' })).toBeVisible();
  await expect(page.getByText('Acompte à régler')).toBeVisible();
  await expectAccessibleMain(page);
  // Card and PayPal go to stubs in e2e (payments.spec.ts pays with them); this customer pays in cash.
  await expect(page.getByRole('button', { name: /^Carte bancaire/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: /^PayPal/ })).toBeEnabled();
  await page.getByRole('button', { name: /^Espèces/ }).click();
  await page.getByRole('button', { name: 'Confirmer le paiement en espèces' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'vous réglerez l’acompte en espèces au chauffeur' }).first()).toBeVisible();

  // The driver collects the cash deposit; the company records it, then marks the trip done
  // (the admin logged in through the page above already).
  await signInThroughApi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/bookings');
  await page.getByLabel('Rechercher une réservation').fill(`#${bookingId}`);
  await page.getByRole('search').getByRole('button', { name: 'Rechercher' }).click();
  const line = page.getByRole('row').filter({ hasText: `#${bookingId}` });
  await line.getByRole('button', { name: 'Détails' }).click();
  await page.getByRole('dialog', { name: `Réservation n° ${bookingId}` }).getByRole('button', { name: 'Acompte reçu en espèces' }).click();
  await expectToast(page, 'Acompte reçu, merci');
  await expect(line).toContainText('Confirmée · acompte payé');
  await line.getByRole('button', { name: 'Détails' }).click();
  await page.getByRole('dialog', { name: `Réservation n° ${bookingId}` }).getByRole('button', { name: 'Course terminée' }).click();
  // Never before pickup (decision 0117): the refusal says from when.
  await expectToast(page, /La course ne peut être terminée qu’à partir de la prise en charge, le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(line).toContainText('Confirmée · acompte payé');
});

test('a car too small for the party is shown disabled and cannot be chosen', async ({ page, request }) => {
  const user = newUser();
  await registerThroughApi(request, user);
  await signInThroughApi(page, user.email, user.password);

  await page.goto('/system');
  await pickAddress(page, 'Départ', 'Cannes', 'Cannes');
  await pickAddress(page, 'Arrivée', 'Nice', 'Nice');
  // A time no other spec books: the pending bookings of createPendingBooking (day 5 onwards, 07:00 to 19:00) hold the Mercedes.
  await page.getByLabel('Date et heure de prise en charge').fill(tripDateTime(155, '22:30'));
  await addToCounter(page, 'Adultes', 4);
  await page.getByRole('button', { name: 'Réserver', exact: true }).click();

  await expect(page).toHaveURL('/summary');
  const ford = page.getByRole('listitem').filter({ hasText: 'Ford Tourneo Custom' });
  await expect(ford).toContainText('Cette voiture ne convient pas à vos besoins');
  await expect(ford.getByRole('button', { name: 'Choisir Ford Tourneo Custom' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Choisir Mercedes Classe V' })).toBeEnabled();

  // The server refuses it too.
  const bookingId = await page.evaluate(() => window.sessionStorage.getItem('bookingId'));
  const token = await apiToken(request, user.email, user.password);
  const cars = await request.get(`/api/user/booking/step-two/${bookingId}`, { headers: { Authorization: `Bearer ${token}` } });
  const fordId = ((await cars.json()) as { cars: { id: number; name: string }[] }).cars.find((car) => car.name === 'Ford Tourneo Custom')?.id;
  const refused = await request.put(`/api/user/booking/update-car/${bookingId}/${fordId}`, {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'fr' },
    data: { bookingId: Number(bookingId), carId: fordId },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { code: string }).code).toBe('car_not_allowed');
});

test('the form shows only the first failing message and refuses a pickup less than 2 hours ahead', async ({ page }) => {
  await page.goto('/system');
  await page.getByRole('button', { name: 'Réserver', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Départ : Ce champ est obligatoire' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Départ' })).toBeFocused();
  await expect(page.getByText('Ce champ est obligatoire')).toHaveCount(2); // the toast and the field, nothing for Arrivée

  await pickAddress(page, 'Départ', 'Cannes', 'Cannes');
  await pickAddress(page, 'Arrivée', 'Antibes', 'Antibes');
  const soon = await page.evaluate(() => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(Date.now() + 30 * 60_000));
    const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
  });
  await page.getByLabel('Date et heure de prise en charge').fill(soon);
  await page.getByRole('button', { name: 'Réserver', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'La réservation n’est possible qu’au moins 2 heures à l’avance' }),
  ).toBeVisible();
  await expect(page).toHaveURL('/system');
});
