import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { deleteRow, expectToast, pngFile, row, unique } from './back-office-steps';

// A whole add / refuse / edit / delete journey: more steps than the default 30 s allows on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('the admin adds a tour in three languages with places, prices and photo, hides it, and deletes it', async ({ page, request }) => {
  const nameFr = unique('Gorges du Verdon');
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Excursions' }).click();
  await expect(page).toHaveURL('/tours');

  // The demo tours are listed with this season's prices.
  await expect(row(page, 'Monaco et Èze')).toContainText('Mercedes Classe V');
  await expect(row(page, 'Monaco et Èze')).toContainText('4 h');

  const form = page.getByRole('form', { name: 'Ajouter une excursion' });
  await form.getByLabel('Nom (français)').fill(nameFr);
  await form.getByLabel('Nom (anglais)').fill('Verdon Gorge');
  await form.getByLabel('Nom (arabe)').fill('مضائق فيردون');
  await form.getByLabel('Durée').fill('8');
  await form.getByLabel('Description (français)').fill('Le grand canyon d’Europe et le lac de Sainte-Croix.');
  await form.getByLabel('Description (anglais)').fill('Europe’s grand canyon and the lake of Sainte-Croix.');

  // Without an Arabic description and a price, nothing is sent.
  await form.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(form.getByText('Ce champ est obligatoire').first()).toBeVisible();
  await expect(form.getByRole('group', { name: 'Prix par voiture et par saison' }).getByText('Indiquez le prix d’au moins une voiture')).toBeVisible();

  await form.getByLabel('Description (arabe)').fill('الوادي الكبير في أوروبا وبحيرة سانت كروا.');
  const departures = form.getByRole('group', { name: 'Lieux de départ' });
  await departures.getByLabel('Lieu 1').fill('Nice');
  await departures.getByLabel('Latitude').fill('43.7102');
  await departures.getByLabel('Longitude').fill('7.262');
  await departures.getByRole('button', { name: 'Ajouter un lieu de départ' }).click();
  await departures.getByLabel('Lieu 2').fill('Cannes');
  await departures.getByLabel('Latitude').nth(1).fill('43.5528');
  await departures.getByLabel('Longitude').nth(1).fill('7.0174');
  const visits = form.getByRole('group', { name: 'Lieux visités' });
  await visits.getByLabel('Lieu 1').fill('Moustiers-Sainte-Marie');
  await visits.getByLabel('Latitude').fill('43.8467');
  await visits.getByLabel('Longitude').fill('6.2217');
  // The four demo seasons come first; a season another spec adds (and deletes) to the shared database is left blank.
  for (const season of ['Hiver', 'Printemps', 'Été', 'Automne']) {
    await form.getByLabel(`Prix Mercedes Classe V, ${season}`).first().fill('690');
  }
  await form.getByLabel('Photo').setInputFiles(pngFile('verdon.png'));
  await form.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expectToast(page, 'Ajouté avec succès');

  const tour = row(page, nameFr);
  await expect(tour).toContainText('8 h');
  await expect(tour).toContainText('Nice, Cannes');
  await expect(tour).toContainText('Moustiers-Sainte-Marie');
  await expect(tour).toContainText('Mercedes Classe V 690,00 €');

  // Anyone reads it, with its Arabic name, until it is hidden.
  const tourId = async () => {
    const tours = (await (await request.get('/api/tour/getAll')).json()).data as { id: number; name: { fr: string; ar: string } }[];
    return tours.find((item) => item.name.fr === nameFr);
  };
  expect((await tourId())?.name.ar).toBe('مضائق فيردون');

  await tour.getByRole('button', { name: 'Modifier' }).click();
  const editForm = page.getByRole('form', { name: 'Modifier l’excursion' });
  await expect(editForm.getByLabel('Nom (anglais)')).toHaveValue('Verdon Gorge');
  await expect(editForm.getByLabel('Prix Mercedes Classe V, Été').first()).toHaveValue('690,00');
  await editForm.getByRole('switch', { name: 'Masquée aux clients' }).check();
  await editForm.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expectToast(page, 'Modifié avec succès');
  await expect(tour).toContainText('Masquée');
  expect(await tourId()).toBeUndefined();

  await deleteRow(page, tour, 'Supprimer l’excursion');
  await expect(row(page, nameFr)).toHaveCount(0);
});
