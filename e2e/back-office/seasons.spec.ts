import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { deleteRow, expectToast, row } from './back-office-steps';

// Whole add / edit / delete journeys: more steps than the default 30 s allows on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function saveWinter(page: Page, endMonth: string): Promise<void> {
  await row(page, 'Hiver').first().getByRole('button', { name: 'Modifier' }).click();
  const form = page.getByRole('form', { name: 'Modifier la saison' });
  await expect(form.getByLabel('Saison')).toHaveValue('winter');
  await form.getByLabel('Mois de fin').selectOption({ label: endMonth });
  await form.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expectToast(page, 'Modifié avec succès');
}

test('seasons: months may not overlap; the admin frees a month, adds a season, deletes it', async ({ page }) => {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/seasons');
  await expect(page.getByRole('heading', { level: 1, name: 'Saisons' })).toBeVisible();
  await expect(row(page, 'Printemps')).toContainText('Mars');
  await expect(row(page, 'Printemps')).toContainText('Mai');

  // The demo seasons cover the year: another season overlaps (server error on the field).
  const form = page.getByRole('form', { name: 'Ajouter une saison' });
  await form.getByLabel('Saison').selectOption({ label: 'Été' });
  await form.getByLabel('Mois de début').selectOption({ label: 'Février' });
  await form.getByLabel('Mois de fin').selectOption({ label: 'Février' });
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(form.getByText('Ces mois chevauchent une saison existante')).toBeVisible();

  // Edit mode: the form is filled from the row, which is highlighted.
  await row(page, 'Printemps').getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('form', { name: 'Modifier la saison' });
  await expect(editForm.getByLabel('Saison')).toHaveValue('spring');
  await expect(editForm.getByLabel('Mois de début')).toHaveValue('3');
  await expect(editForm.getByLabel('Mois de fin')).toHaveValue('5');
  await expect(row(page, 'Printemps')).toHaveClass(/is-editing/);
  await expect(editForm.getByRole('button', { name: 'Modifier', exact: true })).toBeVisible();
  await editForm.getByRole('button', { name: 'Annuler' }).click();
  await expect(form.getByLabel('Saison')).toHaveValue('');

  // Winter becomes December-January, February is free for a new season.
  await saveWinter(page, 'Janvier');
  try {
    await form.getByLabel('Saison').selectOption({ label: 'Hiver' });
    await form.getByLabel('Mois de début').selectOption({ label: 'Février' });
    await form.getByLabel('Mois de fin').selectOption({ label: 'Février' });
    await form.getByRole('button', { name: 'Ajouter' }).click();
    await expectToast(page, 'Ajouté avec succès');
    const added = row(page, 'Hiver').filter({ hasText: 'Février' });
    await expect(added).toHaveCount(1);
    await expect(added).toContainText(/\d{2}\/\d{2}\/\d{4}/);

    await deleteRow(page, added, 'Supprimer la saison');
  } finally {
    // Other tests price trips all year round: give February back to winter.
    await saveWinter(page, 'Février');
  }
  await expect(row(page, 'Hiver')).toContainText('Février');
});
