import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { text, type Language } from '../support/locales';
import { tripDateTime } from '../support/worker-day';
import { pickAddress } from '../booking/booking-steps';
import { findMailLink, verificationLink } from '../booking/mail-box';
import { adminToken, companyWithMember, expectToast, registerCustomer, row, unique } from './back-office-steps';

test.describe.configure({ timeout: 120_000 });

const signInLink = (to: string) => findMailLink(/https?:\/\/[^\s/]+\/auth\/sign-in-link\?token=[^\s>"]+/, to);

async function adminIn(page: Page, language: Language): Promise<void> {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
  await page.goto('/bookings');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test('a booking taken by phone in French: a new customer, a manual price with its reason; the customer finds it once their e-mail is verified', async ({ page, browser }) => {
  const email = `${unique('phone').replace(' ', '-')}@e2e.test`;
  await adminIn(page, 'fr');
  await page.getByRole('link', { name: 'Nouvelle réservation' }).click();
  await expect(page).toHaveURL('/bookings/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle réservation' })).toBeVisible();

  await page.getByLabel('Nom complet').fill('Léa Téléphone');
  await page.getByRole('textbox', { name: 'Téléphone' }).fill('612345678');
  await page.getByLabel('E-mail (facultatif)').fill(email);
  // A new customer's messages default to the screen's language; this one reads English.
  const messagesLanguage = page.getByLabel('Langue des messages au client');
  await expect(messagesLanguage.locator('option:checked')).toHaveText('Français');
  await messagesLanguage.selectOption({ label: 'Anglais' });
  await pickAddress(page, 'Départ', 'Cannes', 'Cannes');
  await pickAddress(page, 'Arrivée', 'Nice', 'Nice');
  await page.getByLabel('Date et heure de prise en charge').fill(tripDateTime(230, '09:00'));
  await page.getByRole('button', { name: 'Ajouter : Adultes', exact: true }).click();

  // A manual price needs its reason: the browser says so before anything is sent.
  await page.getByRole('button', { name: 'Calculer les prix' }).click();
  const car = page.getByRole('radio', { name: /Mercedes Classe V/ });
  await car.check();
  await expect(page.getByText(/Mercedes Classe V\s*\d+,\d{2}\s€/)).toBeVisible();
  await page.getByLabel('Fixer le prix à la main').check();
  await page.getByLabel('Prix total (€)').fill('150');
  await page.getByRole('radio', { name: 'Espèces' }).check();
  await page.getByRole('button', { name: 'Enregistrer la réservation' }).click();
  await expect(page.getByText('Indiquez le motif du prix manuel')).toBeVisible();
  await expectToast(page, 'Corrigez les champs signalés.');
  await page.getByLabel('Motif du prix').fill('Client fidèle, prix convenu');
  await page.getByRole('button', { name: 'Enregistrer la réservation' }).click();
  await expectToast(page, 'Réservation enregistrée et acceptée');
  await expect(page).toHaveURL(/\/bookings\?q=%23\d+$/);
  const bookingId = /%23(\d+)$/.exec(page.url())![1]!;

  // Accepted at once, cash paid on board (decision 0117); the history says by phone, the manual price, the computed one and the reason.
  const line = row(page, `#${bookingId}`);
  await expect(line).toContainText('Confirmée · paiement à bord');
  await expect(line).toContainText('150,00 €');
  await line.getByRole('button', { name: 'Détails' }).click();
  const drawer = page.getByRole('dialog', { name: `Réservation n° ${bookingId}` });
  const history = drawer.getByRole('listitem').filter({ hasText: 'prise par téléphone' });
  await expect(history).toContainText(/prix fixé à la main : 150,00\s€ \(prix calculé : \d+,\d{2}\s€\)/);
  await expect(history).toContainText('Client fidèle, prix convenu');
  await expect(drawer.locator('.details-row').filter({ has: page.locator('dt', { hasText: /^Langue$/ }) }).locator('dd')).toHaveText('EN');

  // Nothing was mailed to the address the company typed.
  expect(signInLink(email)).toBeNull();
  expect(verificationLink(email)).toBeNull();

  // The customer gets in by a link mailed on their own request, confirms the address, finds the booking.
  const customer = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  await customer.goto('/auth/sign-in-link');
  await customer.getByLabel('E-mail').fill(email);
  await customer.getByRole('button', { name: 'Recevoir un lien de connexion' }).click();
  await expect.poll(() => signInLink(email), { timeout: 20_000 }).not.toBeNull();
  await customer.goto(signInLink(email)!);
  await customer.getByRole('button', { name: 'Me connecter' }).click();
  await expect(customer.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await customer.goto('/account');
  await customer.getByRole('button', { name: 'Renvoyer le lien de confirmation' }).click();
  await expect.poll(() => verificationLink(email), { timeout: 20_000 }).not.toBeNull();
  await customer.goto(verificationLink(email)!);
  await expect(customer.getByRole('heading', { level: 1, name: 'Adresse confirmée' })).toBeVisible();
  await customer.goto('/account/bookings');
  const card = customer.getByRole('link', { name: new RegExp(`Réservation n° ${bookingId}`) });
  await expect(card).toContainText('Cannes');
  await expect(card).toContainText('Nice');
  await customer.context().close();
});

test('a booking taken by phone in Arabic: an existing customer found by the search, an airport pickup with a return', async ({ page, request }) => {
  const t = (key: string, values?: Record<string, string>) => text('ar', `admin:${key}`, values);
  const known = await registerCustomer(request);
  await adminIn(page, 'ar');
  await page.getByRole('link', { name: t('newBooking.title') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('newBooking.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByLabel(t('newBooking.searchCustomer')).fill(known.email);
  await page.getByRole('button', { name: t('actions.search'), exact: true }).click();
  await page.getByRole('listitem').filter({ hasText: known.email }).getByRole('button', { name: t('newBooking.choose') }).click();
  await expect(page.getByText(known.email)).toBeVisible();

  const origin = page.getByRole('group', { name: t('newBooking.origin'), exact: true });
  await origin.getByRole('button', { name: text('ar', 'booking:form.modes.airport'), exact: true }).click();
  await origin.getByLabel(t('newBooking.origin'), { exact: true }).selectOption('airport-nice-cote-d-azur');
  const destination = page.getByRole('group', { name: t('newBooking.destination'), exact: true });
  await destination.getByRole('button', { name: text('ar', 'booking:form.modes.station'), exact: true }).click();
  await destination.getByLabel(t('newBooking.destination'), { exact: true }).selectOption('station-cannes');
  await page.getByLabel(t('newBooking.date')).fill(tripDateTime(231, '14:00'));
  await page.getByLabel(t('newBooking.flightNumber')).fill('AF7700');
  await page.getByLabel(t('newBooking.returnRent')).check();
  await page.getByLabel(t('newBooking.returnDate')).fill(tripDateTime(233, '18:00'));
  await page.getByRole('button', { name: t('newBooking.showPrices') }).click();
  await page.getByRole('radio', { name: /Mercedes Classe V/ }).check();
  await page.getByRole('radio', { name: t('newBooking.methods.stripe') }).check();
  await page.getByRole('button', { name: t('newBooking.submit') }).click();
  await expectToast(page, 'تم تسجيل الحجز وقبوله');
  const bookingId = /%23(\d+)$/.exec(page.url())![1]!;
  await row(page, `#${bookingId}`).getByRole('button', { name: t('actions.details') }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText('AF7700');
  await expect(drawer.getByRole('listitem').filter({ hasText: t('newBooking.history.byPhone') })).toBeVisible();
});

test('a customer booked by phone without an e-mail: no placeholder address on the users list, the bookings list or the drawer', async ({ page, request }) => {
  // Letters only: the users search reads a word of digits as a phone number.
  const tag = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const name = `Sans Courriel ${tag}`;
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const created = await request.post('/api/booking/add', {
    headers,
    data: {
      origin: 'Cannes',
      destination: 'Nice',
      date: tripDateTime(232, '10:00'),
      passengers: { adults: 1, children: 0, childrenSeat: 0 },
      packages: { under10kg: 0, above10kg: 0, above30kg: 0 },
      fullName: name,
      phone: '+33611223344',
      carId: 1,
      method: 'cash',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { bookingId } = (await created.json()) as { bookingId: number };

  await adminIn(page, 'fr');
  await page.goto(`/users?q=${encodeURIComponent(name)}`);
  const user = row(page, name);
  await expect(user).toBeVisible();
  await expect(user).not.toContainText('no-email.invalid');
  await expect(user).toContainText('—');

  await page.goto(`/bookings?q=${encodeURIComponent(`#${bookingId}`)}`);
  const line = row(page, `#${bookingId}`);
  await expect(line).toContainText(name);
  await expect(line).not.toContainText('no-email.invalid');
  await line.getByRole('button', { name: 'Détails' }).click();
  const drawer = page.getByRole('dialog', { name: `Réservation n° ${bookingId}` });
  await expect(drawer).toContainText(name);
  await expect(drawer).not.toContainText('no-email.invalid');
  await expect(drawer).not.toContainText('adresse non confirmée');
});

test('a company member booked by phone: the company named with its discount off, its purchase order asked, no deposit; on its account', async ({ page, request }) => {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const legalName = `Société Téléphone ${unique('co').slice(-6)}`;
  const { member } = await companyWithMember(request, admin, { legalName, discountPercent: '10', purchaseOrderRequired: true });

  await adminIn(page, 'fr');
  await page.goto('/bookings/new');
  await page.getByLabel('Chercher un client').fill(member.email);
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await page.getByRole('listitem').filter({ hasText: member.email }).getByRole('button', { name: 'Choisir' }).click();
  await pickAddress(page, 'Départ', 'Cannes', 'Cannes');
  await pickAddress(page, 'Arrivée', 'Nice', 'Nice');
  await page.getByLabel('Date et heure de prise en charge').fill(tripDateTime(234, '10:00'));
  await page.getByRole('button', { name: 'Ajouter : Adultes', exact: true }).click();
  await page.getByRole('button', { name: 'Calculer les prix' }).click();

  // The company is named, its discount already off; no deposit to choose.
  await expect(page.getByRole('status').filter({ hasText: `Compte ${legalName}` })).toContainText(/sa remise de 10\s% est déduite des prix/);
  await expect(page.getByRole('radio', { name: 'Espèces' })).toBeHidden();
  const car = page.getByRole('radio', { name: /Mercedes Classe V/ });
  await car.check();
  const price = (await page.locator('.new-booking-car').filter({ has: car }).locator('.new-booking-car-price').innerText()).trim();

  // The company asks for a purchase order: without it, the server says so on the field and saves nothing.
  await page.getByRole('button', { name: 'Enregistrer la réservation' }).click();
  await expect(page.getByText('Votre entreprise demande un numéro de bon de commande pour chaque réservation')).toBeVisible();
  await expectToast(page, 'Certaines informations sont invalides');
  const reference = page.getByLabel('Bon de commande ou référence');
  await expect(reference).toHaveAttribute('aria-invalid', 'true');
  await reference.fill('BC-7781');
  await page.getByRole('button', { name: 'Enregistrer la réservation' }).click();
  await expectToast(page, 'Réservation enregistrée et acceptée');
  const bookingId = /%23(\d+)$/.exec(page.url())![1]!;
  const line = row(page, `#${bookingId}`);
  await expect(line).toContainText('Confirmée · sur compte entreprise');
  await expect(line).toContainText(price);
});
