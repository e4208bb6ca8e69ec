import { expect, test } from '@playwright/test';

const origins = Array.from({ length: 8 }, (_, index) => {
  const name = index === 0 ? 'Nice' : `Ville ${index + 1}`;
  return { id: index + 1, name, title: index === 0 ? 'vtc-nice' : null, names: { fr: name, en: name, ar: index === 0 ? 'نيس' : name } };
});

test('the Destinations menu lists six origins and puts the rest under "more"', async ({ page }) => {
  // The origins API belongs to a later issue; the menu is checked against its documented answer.
  await page.route('**/api/origin/getAll', (route) => route.fulfill({ json: { data: origins } }));
  await page.goto('/contact');

  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('button', { name: 'Destinations' }).click();
  // The city's name, not the page's slug (decision 0074).
  await expect(nav.getByRole('link', { name: 'Nice' })).toHaveAttribute('href', '/price-list/vtc-nice?originId=1');
  await expect(nav.getByRole('link', { name: 'vtc-nice' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Ville 6' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Ville 7' })).toBeHidden();

  await nav.getByRole('button', { name: 'Plus de destinations' }).click();
  await nav.getByRole('link', { name: 'Ville 8' }).click();
  await expect(page).toHaveURL('/price-list/Ville%208?originId=8');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarifs au départ de Ville 8');
});

test('the price list and the menu name the city in the reader’s language, never by its slug', async ({ page }) => {
  await page.route('**/api/origin/getAll', (route) => route.fulfill({ json: { data: origins } }));
  await page.goto('/price-list/vtc-nice?originId=1&lang=ar');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('نيس', { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('vtc-nice');
});

test('the Destinations menu stays out of the way when origins cannot load', async ({ page }) => {
  await page.route('**/api/origin/getAll', (route) => route.fulfill({ status: 500, json: { message: 'x', code: 'internal_error' } }));
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contactez-nous');
  await expect(page.getByRole('button', { name: 'Destinations' })).toHaveCount(0);
});
