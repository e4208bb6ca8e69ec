import { expect, test } from '@playwright/test';
import { waitForApp } from '../support/page-ready';

test('home shows the hero heading, the header links and the footer contacts', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Riviera VTC/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Votre chauffeur privé sur la Côte d'Azur");

  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  for (const name of ['Accueil', 'Trajet fixe', 'Mise à disposition', 'VTC Business', 'Contact']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Trajet fixe' }).click();
  await expect(page).toHaveURL('/trajet-fixe-pour-particuliers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trajets à prix fixe pour particuliers');

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Paiement sécurisé par carte bancaire')).toBeVisible();
  await expect(footer.getByRole('link', { name: /@/ })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Espace professionnel' })).toHaveAttribute('href', '/prof');
});

test('switching to Arabic turns the page right-to-left and survives a reload', async ({ page }) => {
  await page.goto('/');
  // The server's first paint has the language links too; with the app, a choice is saved and the page reloads.
  await waitForApp(page);
  await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'العربية' }).click();

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('سائقك الخاص في الكوت دازور');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('سائقك الخاص في الكوت دازور');
  await waitForApp(page);

  await page.getByRole('navigation', { name: 'اللغة' }).getByRole('link', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Votre chauffeur privé sur la Côte d'Azur");
});

test('an unknown path lands on the home page', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Votre chauffeur privé sur la Côte d'Azur");
});

test('guarded public pages go home without their parameters', async ({ page }) => {
  for (const path of ['/price-list/Nice', '/summary', '/confirmation', '/checkout', '/booking?id=1']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
  }
});
