import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { deleteRow, expectToast, pngFile, row, unique } from './back-office-steps';

// Whole add / edit / delete journeys: more steps than the default 30 s allows on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('a new car priced on a new route shows as a column of the public price list', async ({ page, request }) => {
  const carName = unique('Van');
  const originName = unique('Èze');
  const destinationName = unique('Aéroport');
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  // A car with its image.
  await page.goto('/cars');
  const carForm = page.getByRole('form', { name: 'Ajouter une voiture' });
  await carForm.getByLabel('Nom').fill(carName);
  await carForm.getByLabel('Numéro').fill('VN-001-AA');
  await carForm.getByLabel('Modèle').fill('Vito Tourer');
  await carForm.getByLabel('Places').fill('8');
  await carForm.getByLabel('Bagages').fill('8');
  await carForm.getByLabel('Image').setInputFiles(pngFile('van.png'));
  await carForm.getByRole('button', { name: 'Ajouter' }).click();
  await expectToast(page, 'Ajouté avec succès');
  await expect(row(page, carName)).toBeVisible();

  // An origin and one of its destinations, through the small forms.
  await page.goto('/pricing-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Liste de prix' })).toBeVisible();
  // The first origin is chosen and its first destination selected.
  await expect(page.getByLabel('Origine', { exact: true })).toHaveValue('1');
  await expect(page.getByRole('tab', { name: 'Monaco' })).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'Nice → Monaco')).toContainText('95,00 €');

  const originForm = page.getByRole('form', { name: 'Ajouter une origine' });
  await originForm.getByLabel("Nom de l’origine").fill(originName);
  await originForm.getByRole('button', { name: 'Ajouter' }).click();
  await expectToast(page, 'Ajouté avec succès');
  await expect(page.getByLabel('Origine', { exact: true }).locator('option:checked')).toHaveText(originName);
  await expect(page.getByText("Cette origine n’a pas encore de destination")).toBeVisible();

  const destinationForm = page.getByRole('form', { name: `Ajouter une destination depuis ${originName}` });
  await destinationForm.getByLabel('Nom de la destination').fill(destinationName);
  await destinationForm.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.getByRole('tab', { name: destinationName })).toHaveAttribute('aria-selected', 'true');

  // One price text input per car; only the new car is priced.
  const priceForm = page.getByRole('form', { name: 'Ajouter les prix du trajet' });
  await priceForm.getByRole('button', { name: 'Ajouter' }).click();
  await expect(priceForm.getByText('Indiquez un prix fixe ou un prix au km')).toBeVisible();
  await priceForm.getByLabel(`Prix ${carName}`).fill('123');
  await priceForm.getByLabel('Lieu d’arrivée').fill('Terminal 2');
  await priceForm.getByRole('button', { name: 'Ajouter' }).click();
  await expectToast(page, 'Ajouté avec succès');
  const entry = row(page, `${originName} → ${destinationName}`);
  await expect(entry).toContainText('123,00 €');
  await expect(entry).toContainText('Terminal 2');

  // Modifier fills the per-car inputs.
  await entry.getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('form', { name: 'Modifier les prix du trajet' });
  await expect(editForm.getByLabel(`Prix ${carName}`)).toHaveValue('123,00');
  await expect(editForm.getByLabel('Prix Mercedes Classe V')).toHaveValue('');
  await expect(entry).toHaveClass(/is-editing/);
  await editForm.getByRole('button', { name: 'Annuler' }).click();

  // The public page: a tab per destination, a column per vehicle with its picture.
  const origins = (await (await request.get('/api/origin/getAll')).json()) as { data: { id: number; name: string }[] };
  const originId = origins.data.find((origin) => origin.name === originName)?.id;
  expect(originId).toBeDefined();
  await page.goto(`/price-list/${encodeURIComponent(originName)}?originId=${originId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tarifs au départ de ${originName}`);
  await expect(page.getByRole('tab', { name: destinationName })).toHaveAttribute('aria-selected', 'true');
  const carHeader = page.getByRole('columnheader', { name: carName });
  await expect(carHeader).toBeVisible();
  await expect(carHeader.locator('img')).toHaveAttribute('src', /^\/uploads\/[\w-]+\.webp$/);
  const priceRow = page.getByRole('row', { name: new RegExp(`${originName} → Terminal 2`) });
  await expect(priceRow).toContainText('123 €');
  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

  // Prices follow the page language.
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Prices from ${originName}`);
  await expect(priceRow).toContainText('€123');
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));

  // Deleting the route empties the public table.
  await page.goto('/pricing-list');
  await page.getByLabel('Origine', { exact: true }).selectOption({ label: originName });
  await deleteRow(page, row(page, `${originName} → ${destinationName}`), 'Supprimer le trajet');
  await page.goto(`/price-list/${encodeURIComponent(originName)}?originId=${originId}`);
  await expect(page.getByRole('cell', { name: 'Aucun tarif à afficher' })).toBeVisible();
});
