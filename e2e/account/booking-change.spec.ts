import { expect, test } from '@playwright/test';
import { adminToken, createPendingBooking, expectToast, registerCustomer } from '../back-office/back-office-steps';
import { changedMail, CUSTOMER_PASSWORD, openDrawer, paidBooking, roundTrip } from '../back-office/change-steps';
import { expectNoSidewaysScroll } from '../back-office/mission-steps';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { signInThroughApi } from '../support/auth-steps';
import { waitForApp } from '../support/page-ready';
import { tripDateTime } from '../support/worker-day';

/**
 * The customer asks for a change from "Mes réservations" (issue 21 item 3, decision 0120): a new
 * time on a public holiday moves the price, so it goes to the company as a request; the company
 * accepts it in the drawer and the customer is mailed, the booking now reads the new time.
 */

test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.CHANGE_SHOTS;

test('a customer’s change request that moves the price is accepted by the company in the drawer (fr)', async ({ page, browser, request }) => {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const { id, email } = await paidBooking(request, admin, 490);
  await signInThroughApi(page, email, CUSTOMER_PASSWORD);
  await page.goto(`/account/bookings/${id}`);
  await waitForApp(page);
  const box = page.getByRole('region', { name: 'Modifier ma réservation' });
  await expect(box).toContainText('vous pouvez changer l’heure');

  if (SHOTS) {
    for (const language of ['fr', 'ar'] as const) {
      await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
      await page.reload();
      await waitForApp(page);
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: `${SHOTS}/customer-header-${language}-${width}.png` });
        await page.locator('.my-booking-change').screenshot({ path: `${SHOTS}/customer-change-${language}-${width}.png` });
      }
    }
    await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
    await page.reload();
    await waitForApp(page);
  }

  // Christmas Day is a public holiday: the surcharge moves the price, so the company decides.
  const { parallelIndex, retry, repeatEachIndex } = test.info();
  const christmas = `${new Date().getFullYear() + 2 + parallelIndex + repeatEachIndex}-12-25T2${retry}:30`;
  await box.getByLabel('Date et heure de prise en charge').fill(christmas);
  await box.getByLabel('Message au chauffeur').fill('Réveillon prolongé');
  await box.getByRole('button', { name: 'Envoyer la modification' }).click();
  await expectToast(page, 'Votre demande de modification a été envoyée à la société');
  await expect(box).toContainText('Votre demande de modification attend la réponse de la société');
  await expect(box).toContainText('Prix total');

  // The company answers in the drawer.
  const office = await browser.newContext({ locale: 'fr-FR' });
  const officePage = await office.newPage();
  await signInThroughApi(officePage, ADMIN_EMAIL, ADMIN_PASSWORD);
  const drawer = await openDrawer(officePage, id, `Réservation n° ${id}`);
  const changes = drawer.getByRole('region', { name: 'Modifications' });
  await expect(changes).toContainText('Demande du client en attente');
  await expect(changes).toContainText('Prise en charge');
  await changes.getByRole('button', { name: 'Accepter la demande' }).click();
  await expectToast(officePage, 'Demande acceptée : la réservation est modifiée et le client prévenu');
  await expect(changes).toContainText('Demande acceptée');
  await office.close();

  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole('region', { name: 'Le trajet' }).or(page.locator('.my-booking-grid')).first()).toContainText('25 décembre');
  await expect(page.getByRole('region', { name: 'Modifier ma réservation' })).toContainText('Votre dernière demande a été acceptée.');
  const mail = await changedMail(id, 'La société a accepté votre demande de modification');
  expect(mail).toMatch(/Prise en charge : .* → 25\/12\/\d{4} 2\d:30/);
  expect(mail).toContain('Message : (aucun) → Réveillon prolongé');
  expect(mail).toContain('SEQUENCE:1');
});

test('a customer types the return’s new flight from "Mes réservations": applied at once (decision 0171)', async ({ page, request }) => {
  const { id, customer } = await roundTrip(request, { outbound: tripDateTime(520, '08:00'), back: tripDateTime(523, '18:00'), flightNumber: 'EZY4021', accept: false });
  // Left pending (a pending booking is changed the same way), so that the shared server's booking
  // list gains no accepted round trip that the other specs would have to lay out.
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };

  await signInThroughApi(page, customer.email, CUSTOMER_PASSWORD);
  await page.goto(`/account/bookings/${id}`);
  await waitForApp(page);
  const box = page.getByRole('region', { name: 'Modifier ma réservation' });
  const returnFlight = box.getByLabel('Vol du retour');
  await expect(returnFlight).toHaveValue('EZY4021');
  // A one-way trip's form has no such field; this one's train field is for the outbound only.
  await expect(box.getByLabel('Train du retour')).toHaveCount(0);
  await returnFlight.fill('ba 343');
  await box.getByRole('button', { name: 'Envoyer la modification' }).click();
  await expectToast(page, 'Votre réservation a été modifiée');
  const details = (await (await request.get(`/api/booking/${id}`, { headers: admin })).json()) as { data: { info: { returnFlightNumber: string } } };
  expect(details.data.info.returnFlightNumber).toBe('BA343');
  await expect(returnFlight).toHaveValue('BA343');
});

test('a customer moves their return from "Mes réservations", applied at once; dropping it asks the company (decision 0178)', async ({ page, request }) => {
  const { id, customer } = await roundTrip(request, { outbound: tripDateTime(526, '08:00'), back: tripDateTime(529, '17:00'), flightNumber: 'EZY4021', accept: false });
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  await signInThroughApi(page, customer.email, CUSTOMER_PASSWORD);
  await page.goto(`/account/bookings/${id}`);
  await waitForApp(page);
  const box = page.getByRole('region', { name: 'Modifier ma réservation' });
  await expect(box.getByRole('checkbox', { name: 'Trajet retour' })).toBeChecked();
  const returnDate = box.getByLabel('Date et heure du retour');
  await expect(returnDate).toHaveValue(tripDateTime(529, '17:00'));
  // Later the same afternoon: the same day tariff, the same price, applied at once.
  await returnDate.fill(tripDateTime(529, '17:45'));
  await box.getByRole('button', { name: 'Envoyer la modification' }).click();
  await expectToast(page, 'Votre réservation a été modifiée');
  const details = async () => ((await (await request.get(`/api/booking/${id}`, { headers: admin })).json()) as { data: { return_rent: boolean; info: { date: string | null } } }).data;
  expect((await details()).info.date).toBe(tripDateTime(529, '17:45'));

  // Without the return the price changes: the company is asked, and the return stays meanwhile.
  await box.getByRole('checkbox', { name: 'Trajet retour' }).uncheck();
  await expect(returnDate).toHaveCount(0);
  await box.getByRole('button', { name: 'Envoyer la modification' }).click();
  await expect(box).toContainText('Votre demande de modification attend la réponse de la société');
  expect((await details()).return_rent).toBe(true);
});

test('a customer changes the destination and adds a stop from "Mes réservations": a new price waits for the company (decision 0178)', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  const id = await createPendingBooking(request, customer, 531);
  await signInThroughApi(page, customer.email, CUSTOMER_PASSWORD);
  await page.goto(`/account/bookings/${id}`);
  await waitForApp(page);
  const box = page.getByRole('region', { name: 'Modifier ma réservation' });
  await expect(box.getByRole('combobox', { name: 'Départ', exact: true })).toHaveValue('Cannes');
  await box.getByRole('button', { name: 'Ajouter un arrêt' }).click();
  await box.getByRole('combobox', { name: 'Arrêt 1', exact: true }).fill('Antibes');
  await box.getByRole('option', { name: 'Antibes', exact: true }).click();
  const arrival = box.getByRole('combobox', { name: 'Arrivée', exact: true });
  await arrival.fill('Menton');
  await box.getByRole('option', { name: 'Menton', exact: true }).click();
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/customer-route-fr-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  await box.getByRole('button', { name: 'Envoyer la modification' }).click();
  await expectToast(page, 'Votre demande de modification a été envoyée à la société');
  await expect(box).toContainText('Votre demande de modification attend la réponse de la société');
  await expect(box).toContainText('Menton');
  await expect(box).toContainText('Antibes');
  await expectNoSidewaysScroll(page);
});
