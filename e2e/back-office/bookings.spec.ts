import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { createPendingBooking, expectToast, registerCustomer, row } from './back-office-steps';

test.describe.configure({ timeout: 60_000 });

test('the admin finds pending bookings, reads their details and accepts one, refuses the other', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  const first = await createPendingBooking(request, customer);
  const second = await createPendingBooking(request, customer);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Réservations' })).toBeVisible();

  // Search by the customer's e-mail, then filter by status.
  await page.getByLabel('Rechercher une réservation').fill(customer.email);
  await page.getByRole('search').getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Statut').selectOption({ label: 'En attente' });
  const firstRow = row(page, `#${first}`);
  await expect(firstRow).toContainText('Cannes → Nice');
  await expect(firstRow).toContainText('En attente');

  // Details in a drawer, with the status history; Accepter.
  await firstRow.getByRole('button', { name: 'Détails' }).click();
  const drawer = page.getByRole('dialog', { name: `Réservation n° ${first}` });
  await expect(drawer).toContainText('AF7700');
  await expect(drawer).toContainText('2 adulte(s)');
  await expect(drawer.getByRole('listitem').filter({ hasText: 'Véhicule choisi → En attente' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Accepter' }).click();
  await expect(drawer).toBeHidden();
  await expectToast(page, 'Réservation acceptée');
  // The pending list no longer holds it.
  await expect(firstRow).toHaveCount(0);

  // Refuser asks for a reason.
  await row(page, `#${second}`).getByRole('button', { name: 'Détails' }).click();
  const secondDrawer = page.getByRole('dialog', { name: `Réservation n° ${second}` });
  await secondDrawer.getByRole('button', { name: 'Refuser' }).click();
  const reasonModal = page.getByRole('dialog', { name: `Refuser la réservation n° ${second}` });
  await expect(reasonModal.getByLabel('Motif du refus')).toBeFocused();
  await reasonModal.getByRole('button', { name: 'Annuler' }).click();
  await expect(reasonModal).toBeHidden();
  await expect(secondDrawer).toBeVisible();
  await secondDrawer.getByRole('button', { name: 'Refuser' }).click();
  await reasonModal.getByLabel('Motif du refus').fill('Aucun chauffeur disponible ce jour-là');
  await reasonModal.getByRole('button', { name: 'Refuser' }).click();
  await expect(secondDrawer).toBeHidden();
  await expectToast(page, 'Réservation refusée');

  // Both decisions are in the list and in each booking's history.
  await page.getByLabel('Statut').selectOption({ label: 'Tous les statuts' });
  await expect(row(page, `#${first}`)).toContainText('Confirmée · paiement à bord');
  await expect(row(page, `#${second}`)).toContainText('Refusée');
  await row(page, `#${first}`).getByRole('button', { name: 'Détails' }).click();
  await expect(drawer.getByRole('listitem').filter({ hasText: 'En attente → Acceptée' })).toContainText('administrateur');
  await expect(drawer.getByRole('button', { name: 'Accepter' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Fermer' }).click();
  await expect(drawer).toBeHidden();
  await row(page, `#${second}`).getByRole('button', { name: 'Détails' }).click();
  await expect(secondDrawer.getByRole('listitem').filter({ hasText: 'En attente → Refusée' })).toContainText('Aucun chauffeur disponible');
  await expect(secondDrawer).toContainText('Motif du refus');
  await page.keyboard.press('Escape');
  await expect(secondDrawer).toBeHidden();
});

test('contact messages are listed for the admin', async ({ page, request }) => {
  const text = `Bonjour, pouvez-vous me rappeler ? ${Date.now()}`;
  const sent = await request.post('/api/contacts', {
    data: { firstName: 'Camille', lastName: 'Martin', email: 'camille@e2e.test', phone: '+33611223344', message: text },
  });
  expect(sent.status()).toBe(201);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/messages');
  const line = row(page, text);
  await expect(line).toContainText('Camille Martin');
  await expect(line.getByRole('link', { name: 'camille@e2e.test' })).toHaveAttribute('href', 'mailto:camille@e2e.test');
});
