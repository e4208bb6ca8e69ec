import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { deleteRow, expectToast, pngFile, row, unique } from './back-office-steps';

// Whole add / edit / delete journeys: more steps than the default 30 s allows on a busy machine.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Voitures' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Voitures' })).toBeVisible();
});

test('the admin adds a car with its image, edits it and deletes it', async ({ page }) => {
  const name = unique('Mercedes Classe S');
  const form = page.getByRole('form', { name: 'Ajouter une voiture' });

  // The image is required when adding, checked in the browser.
  await form.getByLabel('Nom').fill(name);
  await form.getByLabel('Numéro').fill('AB-123-CD');
  await form.getByLabel('Modèle').fill('S 500 Limousine');
  await form.getByLabel('Places').fill('3');
  await form.getByLabel('Bagages').fill('3');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(form.getByText('Veuillez ajouter une image')).toBeVisible();

  await form.getByLabel('Image').setInputFiles(pngFile());
  await expect(form.getByRole('img', { name: "Aperçu de l’image de la voiture" })).toBeVisible();
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expectToast(page, 'Ajouté avec succès');

  const line = row(page, name);
  await expect(line).toContainText('AB-123-CD');
  await expect(line).toContainText('S 500 Limousine');
  await expect(line).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  // Back in add mode with an empty form.
  await expect(form.getByLabel('Nom')).toHaveValue('');

  // Modifier fills the form from the row and highlights it; the image stays optional.
  await line.getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('form', { name: 'Modifier la voiture' });
  await expect(editForm.getByLabel('Nom')).toHaveValue(name);
  await expect(editForm.getByLabel('Places')).toHaveValue('3');
  await expect(editForm.getByRole('img', { name: "Aperçu de l’image de la voiture" })).toBeVisible();
  await expect(editForm.getByRole('button', { name: 'Modifier', exact: true })).toBeVisible();
  await expect(editForm.getByRole('button', { name: 'Annuler' })).toBeVisible();
  await expect(line).toHaveClass(/is-editing/);
  await editForm.getByLabel('Modèle').fill('S 580 Limousine');
  await editForm.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expectToast(page, 'Modifié avec succès');
  await expect(line).toContainText('S 580 Limousine');
  await expect(line).not.toHaveClass(/is-editing/);
  await expect(form.getByRole('button', { name: 'Réinitialiser' })).toBeVisible();

  // The delete modal warns that the car's prices go with it.
  await line.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('dialog', { name: 'Supprimer la voiture' })).toContainText('prix de cette voiture');
  await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
  await expect(line).toBeVisible();
  await deleteRow(page, line, 'Supprimer la voiture', 'prix de cette voiture');
});

test('Annuler leaves edit mode and Réinitialiser clears the form', async ({ page }) => {
  const firstRow = page.getByRole('row').nth(1);
  await firstRow.getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('form', { name: 'Modifier la voiture' });
  await expect(editForm.getByLabel('Nom')).not.toHaveValue('');
  await editForm.getByRole('button', { name: 'Annuler' }).click();

  const form = page.getByRole('form', { name: 'Ajouter une voiture' });
  await expect(form.getByLabel('Nom')).toHaveValue('');
  await form.getByLabel('Nom').fill('Brouillon');
  await form.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(form.getByLabel('Nom')).toHaveValue('');
});
