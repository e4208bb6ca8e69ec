import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { createCar, deleteRow, expectToast, row, unique } from './back-office-steps';

// Whole add / edit / delete journeys: more steps than the default 30 s allows on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('the admin adds, refuses an overlapping, edits and deletes a km band', async ({ page, request }) => {
  const carName = unique('Ford Transit');
  await createCar(request, carName);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/pricing');

  // The filter starts on the first car and season.
  const filter = page.getByRole('region', { name: 'Filtrer' });
  await expect(filter.getByLabel('Filtrer par voiture')).toHaveValue('1');
  await expect(filter.getByLabel('Filtrer par saison')).toHaveValue('1');
  await expect(row(page, 'Mercedes Classe V').first()).toBeVisible();

  const form = page.getByRole('form', { name: 'Ajouter un prix' });
  await form.getByLabel('Voiture').selectOption({ label: carName });
  await form.getByLabel('Saison').selectOption({ label: 'Printemps' });
  await form.getByLabel('Km de début').fill('0');
  await form.getByLabel('Km de fin').fill('50');
  await form.getByLabel('Prix fixe').fill('70');
  await form.getByLabel('Prix de nuit', { exact: true }).fill('85,50');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expectToast(page, 'Ajouté avec succès');

  // The table shows the saved band's car and season.
  await expect(filter.getByLabel('Filtrer par voiture').locator('option:checked')).toHaveText(carName);
  await expect(filter.getByLabel('Filtrer par saison').locator('option:checked')).toHaveText('Printemps');
  const band = row(page, carName);
  await expect(band).toHaveCount(1);
  await expect(band).toContainText('70,00 €');
  await expect(band).toContainText('85,50 €');

  // A band overlapping it is refused by the server, on the field and in a toast.
  await form.getByLabel('Voiture').selectOption({ label: carName });
  await form.getByLabel('Saison').selectOption({ label: 'Printemps' });
  await form.getByLabel('Km de début').fill('30');
  await form.getByLabel('Prix par km', { exact: true }).fill('2,5');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  const overlap = 'Cette tranche kilométrique chevauche une tranche existante pour cette voiture et cette saison';
  await expect(form.getByText(overlap)).toBeVisible();
  await expectToast(page, overlap);
  await form.getByRole('button', { name: 'Réinitialiser' }).click();

  // Modifier fills the form from the row and highlights it.
  await band.getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('form', { name: 'Modifier le prix' });
  await expect(editForm.getByLabel('Km de début')).toHaveValue('0');
  await expect(editForm.getByLabel('Km de fin')).toHaveValue('50');
  await expect(editForm.getByLabel('Prix fixe')).toHaveValue('70,00');
  await expect(band).toHaveClass(/is-editing/);
  await expect(editForm.getByRole('button', { name: 'Modifier', exact: true })).toBeVisible();
  await editForm.getByLabel('Prix fixe').fill('75.5');
  await editForm.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expectToast(page, 'Modifié avec succès');
  await expect(band).toContainText('75,50 €');

  await deleteRow(page, band, 'Supprimer le prix');
  await expect(page.getByRole('cell', { name: 'Aucune donnée' })).toBeVisible();
});
