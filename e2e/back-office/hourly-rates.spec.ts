import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { createCar, deleteRow, expectToast, row, unique } from './back-office-steps';

// A whole add / refuse / edit / delete journey: more steps than the default 30 s allows on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('the admin adds, refuses a second, edits and deletes an hourly rate', async ({ page, request }) => {
  const carName = unique('Mercedes Classe S');
  await createCar(request, carName);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Tarifs horaires' }).click();
  await expect(page).toHaveURL('/hourly-rates');
  await expect(page.getByRole('heading', { name: 'Tarifs horaires', level: 1 })).toBeVisible();

  // The demo fleet has a rate in every season.
  await expect(row(page, 'Mercedes Classe V')).toHaveCount(4);
  await expect(row(page, 'Mercedes Classe V').filter({ hasText: 'Hiver' })).toContainText('85,00 €');

  const form = page.getByRole('form', { name: 'Ajouter un tarif horaire' });
  await form.getByLabel('Voiture').selectOption({ label: carName });
  await form.getByLabel('Saison').selectOption({ label: 'Été' });
  await form.getByLabel('Prix par heure').fill('120');
  await form.getByLabel('Heures minimum').fill('4');
  await form.getByLabel('Km inclus par heure').fill('25');
  await form.getByLabel('Prix par km supplémentaire').fill('3,20');
  await form.getByLabel('Prix par jour').fill('900');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expectToast(page, 'Ajouté avec succès');
  const rate = row(page, carName);
  await expect(rate).toHaveCount(1);
  await expect(rate).toContainText('120,00 €');
  await expect(rate).toContainText('4 h');
  await expect(rate).toContainText('25 km');
  await expect(rate).toContainText('3,20 €');
  await expect(rate).toContainText('900,00 €');

  // A second rate for the same car and season is refused by the server, on the field and in a toast.
  await form.getByLabel('Voiture').selectOption({ label: carName });
  await form.getByLabel('Saison').selectOption({ label: 'Été' });
  await form.getByLabel('Prix par heure').fill('99');
  await form.getByLabel('Prix par km supplémentaire').fill('3');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  const exists = 'Cette voiture a déjà un tarif horaire pour cette saison';
  await expect(form.getByText(exists)).toBeVisible();
  await expectToast(page, exists);
  await expect(row(page, carName)).toHaveCount(1);
  await form.getByRole('button', { name: 'Réinitialiser' }).click();
  // The add form's message goes with the reset, and what is below it moves up: the next clicks
  // wait for that move. ("Modifier" then scrolls to the form at once, not smoothly: the edit form's
  // button, clicked while the page still glided, was missed in session 16's and 18's runs.)
  await expect(form.getByText(exists)).toHaveCount(0);

  // A day rate with cents is refused before it reaches the server.
  await rate.getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('form', { name: 'Modifier le tarif horaire' });
  await expect(editForm.getByLabel('Prix par heure')).toHaveValue('120,00');
  await expect(editForm.getByLabel('Heures minimum')).toHaveValue('4');
  await editForm.getByLabel('Prix par jour').fill('850,50');
  await editForm.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expect(editForm.getByText('Montant invalide (en euros, 2 décimales au maximum)')).toBeVisible();
  await expect(editForm.getByLabel('Prix par jour')).toHaveAttribute('aria-invalid', 'true');
  await editForm.getByLabel('Prix par jour').fill('');
  // The field's message goes once it is emptied; the buttons below move up with it, so they are
  // clicked after that move (a click during it was lost once on two loaded cores).
  await expect(editForm.getByLabel('Prix par jour')).not.toHaveAttribute('aria-invalid', 'true');
  await editForm.getByLabel('Prix par heure').fill('110');
  await editForm.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expectToast(page, 'Modifié avec succès');
  await expect(rate).toContainText('110,00 €');
  await expect(rate).toContainText('—');

  await deleteRow(page, rate, 'Supprimer le tarif horaire');
  await expect(row(page, carName)).toHaveCount(0);
});
