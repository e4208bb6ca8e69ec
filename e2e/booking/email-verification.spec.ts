import { expect, test } from '@playwright/test';
import { tripDateTime } from '../support/worker-day';
import { newUser } from '../support/accounts';
import { registerThroughUi } from '../support/auth-steps';
import { addToCounter, pickAddress } from './booking-steps';
import { readMails, verificationLink } from './mail-box';

test('a new customer books before confirming their address: the page says why no mail came, one click in the mail sends it', async ({ page }) => {
  test.setTimeout(90_000);
  const user = newUser();
  await registerThroughUi(page, user);

  // The registration mail is a bare link: nothing the customer typed is in it.
  await expect.poll(() => verificationLink(user.email), { timeout: 20_000 }).not.toBeNull();
  const registration = readMails().filter((mail) => mail.to.includes(user.email));
  expect(registration).toHaveLength(1);
  expect(registration[0]!.text).not.toContain(user.fullName);

  await page.goto('/system');
  await pickAddress(page, 'Départ', 'Cannes', 'Cannes');
  await pickAddress(page, 'Arrivée', 'Nice', 'Nice');
  // A time no other spec books: the pending bookings of createPendingBooking (day 5 onwards, 07:00 to 19:00) hold the Mercedes.
  await page.getByLabel('Date et heure de prise en charge').fill(tripDateTime(157, '22:30'));
  await addToCounter(page, 'Adultes', 1);
  await page.getByRole('button', { name: 'Réserver', exact: true }).click();
  await expect(page).toHaveURL('/summary');
  await page.getByRole('button', { name: 'Choisir Mercedes Classe V' }).click();
  await expect(page).toHaveURL('/confirmation');
  // Another address typed here is shown to the company, not mailed to.
  await page.getByLabel('E-mail').fill('someone-else@e2e.test');
  await page.getByRole('button', { name: /^Espèces/ }).click();
  await page.getByRole('button', { name: 'Confirmer la réservation' }).click();

  await expect(page).toHaveURL(/\/success\?id=\d+$/);
  await expect(page.getByText('Confirmez votre adresse e-mail')).toBeVisible();
  await expect(page.getByText(`cliquez sur le lien que nous avons envoyé à ${user.email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Renvoyer le lien de confirmation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Un nouveau lien de confirmation a été envoyé' })).toBeVisible();

  // The booking mail waits for the address; nothing went to the other one.
  const bookingMails = () => readMails().filter((mail) => mail.to.includes(user.email) && !mail.text.includes('/verify-email?'));
  expect(bookingMails()).toHaveLength(0);
  expect(readMails().filter((mail) => mail.to.includes('someone-else@e2e.test'))).toHaveLength(0);

  await page.goto(verificationLink(user.email)!);
  await expect(page.getByRole('heading', { level: 1, name: 'Adresse confirmée' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `${user.email} est confirmée` })).toBeVisible();
  await expect.poll(() => bookingMails().length, { timeout: 20_000 }).toBe(1);

  // Used once: the same link again says so, and the account no longer shows the notice.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Ce lien de confirmation est invalide, a déjà servi ou a expiré' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await expect(page.getByText('Confirmez votre adresse e-mail')).toHaveCount(0);
  expect(readMails().filter((mail) => mail.to.includes('someone-else@e2e.test'))).toHaveLength(0);
});
