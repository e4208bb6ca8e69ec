import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { deleteRow, expectToast, row, unique } from './back-office-steps';

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
});

test('holidays: add, refuse an impossible date, edit, delete', async ({ page }) => {
  const title = unique('Fête de la ville');
  await page.goto('/holidays');
  // The back office's first screen of a run loads its chunk and words first.
  await expect(page.getByRole('heading', { level: 1, name: 'Jours fériés' })).toBeVisible({ timeout: 20_000 });
  await expect(row(page, 'Noël')).toContainText('Décembre');

  const form = page.getByRole('form', { name: 'Ajouter un jour férié' });
  await form.getByLabel('Nom').fill(title);
  await form.getByLabel('Jour').fill('31');
  await form.getByLabel('Mois').selectOption({ label: 'Avril' });
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByLabel('Jour').fill('14');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expectToast(page, 'Ajouté avec succès');
  const line = row(page, title);
  await expect(line).toContainText('14');
  await expect(line).toContainText('Avril');

  await line.getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('form', { name: 'Modifier le jour férié' });
  await expect(editForm.getByLabel('Nom')).toHaveValue(title);
  await expect(editForm.getByLabel('Mois')).toHaveValue('4');
  await expect(line).toHaveClass(/is-editing/);
  await editForm.getByLabel('Mois').selectOption({ label: 'Mai' });
  await editForm.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expectToast(page, 'Modifié avec succès');
  await expect(line).toContainText('Mai');

  await deleteRow(page, line, 'Supprimer le jour férié');
});

test('durations: add with place suggestions, edit, delete', async ({ page }) => {
  const destination = unique('Hôtel');
  await page.goto('/durations');
  await expect(row(page, 'Nice → Monaco').or(row(page, 'Monaco')).first()).toBeVisible();

  const form = page.getByRole('form', { name: 'Ajouter une durée' });
  await form.getByLabel('Origine').fill('Cann');
  // The suggestions of the booking form's address field.
  await expect(page.locator('datalist option[value="Cannes"]').first()).toBeAttached();
  await form.getByLabel('Origine').fill('Cannes');
  await form.getByLabel('Destination').fill(destination);
  await form.getByLabel('Durée (minutes)').fill('45');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expectToast(page, 'Ajouté avec succès');
  const line = row(page, destination);
  await expect(line).toContainText('45 min');

  await line.getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('form', { name: 'Modifier la durée' });
  await expect(editForm.getByLabel('Durée (minutes)')).toHaveValue('45');
  await editForm.getByLabel('Durée (minutes)').fill('50');
  await editForm.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expectToast(page, 'Modifié avec succès');
  await expect(line).toContainText('50 min');

  await deleteRow(page, line, 'Supprimer la durée');
});
