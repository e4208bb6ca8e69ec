import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { deleteRow, expectToast, row, unique } from './back-office-steps';

// A whole add / edit / delete journey: more steps than the default 30 s allows on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('chauffeurs: the admin adds, edits, deactivates and deletes a chauffeur', async ({ page }) => {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Chauffeurs', exact: true }).click();
  await expect(page).toHaveURL('/drivers');
  await expect(page.getByRole('heading', { level: 1, name: 'Chauffeurs' })).toBeVisible();

  // Bad input is refused on the field, in French.
  const form = page.getByRole('form', { name: 'Ajouter un chauffeur' });
  const name = unique('Luc');
  await form.getByLabel('Nom complet').fill(name);
  await form.getByLabel('Téléphone').fill('appelez-moi');
  await form.getByLabel('E-mail').fill('luc@example.com');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(form.getByText('Numéro de téléphone invalide')).toBeVisible();

  await form.getByLabel('Téléphone').fill('+33 6 12 34 56 78');
  await form.getByRole('checkbox', { name: 'Français' }).check();
  await form.getByRole('checkbox', { name: 'Italien' }).check();
  await expect(form.getByRole('switch', { name: 'Actif' })).toBeChecked();
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expectToast(page, 'Ajouté avec succès');

  const line = row(page, name);
  await expect(line).toContainText('Français et Italien');
  await expect(line.getByRole('link', { name: '+33612345678' })).toHaveAttribute('href', 'tel:+33612345678');
  await expect(line.getByRole('link', { name: 'luc@example.com' })).toHaveAttribute('href', 'mailto:luc@example.com');
  await expect(line).not.toContainText('Inactif');

  // Modifier fills the form from the row; the chauffeur now speaks English too and is made inactive.
  await line.getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('form', { name: 'Modifier le chauffeur' });
  await expect(editForm.getByLabel('Nom complet')).toHaveValue(name);
  await expect(editForm.getByRole('checkbox', { name: 'Italien' })).toBeChecked();
  await expect(editForm.getByRole('checkbox', { name: 'Anglais' })).not.toBeChecked();
  await expect(line).toHaveClass(/is-editing/);
  await editForm.getByRole('checkbox', { name: 'Anglais' }).check();
  await editForm.getByRole('switch', { name: 'Actif' }).uncheck();
  await editForm.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expectToast(page, 'Modifié avec succès');
  await expect(line).toContainText('Français, Anglais et Italien');
  await expect(line).toContainText('Inactif');
  await expect(page.getByRole('form', { name: 'Ajouter un chauffeur' }).getByLabel('Nom complet')).toHaveValue('');

  await deleteRow(page, line, 'Supprimer le chauffeur', 'Êtes-vous sûr(e) de vouloir supprimer ce chauffeur ?');
});
