import { expect, test } from '@playwright/test';
import { waitForApp } from '../support/page-ready';

test('a visitor finds the tours, opens one and sees its places, map and price per vehicle', async ({ page }) => {
  await page.goto('/');
  // A click while the app takes over the prerendered page can be lost (noted in session 12's and 13's notes).
  await waitForApp(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Excursions' }).click();
  await expect(page).toHaveURL('/excursions');
  await expect(page.getByRole('heading', { level: 1, name: 'Excursions sur la Côte d’Azur' })).toBeVisible();
  const cards = page.locator('.tour-card');
  await expect(cards).toHaveCount(3);
  const monaco = cards.filter({ hasText: 'Monaco et Èze' });
  await expect(monaco).toContainText('Durée : 4 h');
  await expect(monaco).toContainText(/À partir de \d+\s€/);
  await expect(monaco.getByRole('link', { name: 'Réserver l’excursion Monaco et Èze' })).toHaveAttribute('href', /\/system\?service=tour&tourId=\d+$/);

  await monaco.getByRole('link', { name: 'Voir l’excursion Monaco et Èze' }).click();
  await expect(page).toHaveURL(/\/excursions\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Monaco et Èze' })).toBeVisible();
  await expect(page.getByRole('list').filter({ hasText: 'Villefranche-sur-Mer' })).toContainText('Monaco');
  const prices = page.getByRole('table', { name: 'Prix de l’excursion Monaco et Èze par véhicule' });
  await expect(prices.getByRole('row')).toHaveCount(3);
  await expect(prices).toContainText('Mercedes Classe V');
  await expect(page.locator('.tour-page-map .leaflet-container')).toBeVisible();

  // An unknown tour says so and leads back to the list.
  await page.goto('/excursions/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Excursion introuvable' })).toBeVisible();
  await page.getByRole('link', { name: 'Toutes les excursions' }).click();
  await expect(page).toHaveURL('/excursions');
});

test('the tours read in Arabic, right to left', async ({ page }) => {
  await page.goto('/excursions?lang=ar');
  await expect(page.getByRole('heading', { level: 1, name: 'رحلات سياحية في الريفييرا الفرنسية' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.tour-card').filter({ hasText: 'موناكو وإز' })).toContainText('المدة: 4 س');
});
