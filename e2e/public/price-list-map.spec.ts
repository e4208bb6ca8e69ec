import { expect, test } from '@playwright/test';
import { waitForApp } from '../support/page-ready';

/** The price list's destinations on a map with clustering (grid 60, minimum cluster 2; issue 13 item 3). */

const NICE_DESTINATIONS = ['Monaco', 'Cannes', 'Antibes', 'Menton', 'Saint-Tropez', 'Grasse'];

test('on a phone, nearby destinations merge into clusters that open when pressed', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/price-list/vtc-nice?originId=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Tarifs au départ de Nice' })).toBeVisible({ timeout: 20_000 });
  await waitForApp(page);
  const map = page.getByRole('region', { name: 'Carte des destinations au départ de Nice' });
  await expect(map).toBeVisible({ timeout: 20_000 });

  const clusters = map.locator('.map-marker-cluster');
  const places = map.locator('.map-marker-place');
  await expect(clusters.first()).toBeVisible();
  // Every destination is on the map once: in a cluster's count or as its own marker.
  const counted = async () => {
    const counts = await clusters.locator('.map-marker-badge').allTextContents();
    return counts.reduce((sum, count) => sum + Number(count), 0) + (await places.count());
  };
  await expect.poll(counted).toBe(NICE_DESTINATIONS.length);
  for (const count of await clusters.locator('.map-marker-badge').allTextContents()) expect(Number(count)).toBeGreaterThanOrEqual(2);

  // Pressing a cluster zooms in until it falls apart: its destinations get markers of their own.
  const clustersBefore = await clusters.count();
  const firstCount = Number(await clusters.first().locator('.map-marker-badge').textContent());
  await expect(map.getByRole('button', { name: `${firstCount} destinations, zoomer pour les voir` }).first()).toBeVisible();
  await clusters.first().click();
  await expect.poll(() => clusters.count()).toBeLessThan(clustersBefore);
  await expect.poll(() => places.count()).toBeGreaterThanOrEqual(firstCount);

  // No sideways scroll on a phone: the map fits the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a destination marker shows its name and lowest price, and opens its prices', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/price-list/vtc-nice?originId=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Tarifs au départ de Nice' })).toBeVisible({ timeout: 20_000 });
  await waitForApp(page);
  const map = page.getByRole('region', { name: 'Carte des destinations au départ de Nice' });
  await expect(map).toBeVisible({ timeout: 20_000 });
  // Saint-Tropez, far from the others, has a marker of its own; the Ford's 270 € is its lowest price.
  const saintTropez = map.getByRole('button', { name: /^Saint-Tropez · dès 270/ });
  await expect(saintTropez).toBeVisible();
  await expect(saintTropez).toContainText('Saint-Tropez');
  // Leaflet drops a click that lands while the map still fits itself to its markers (a zoom
  // animation, longer on a loaded machine): pressed again until the tab follows, as a person would.
  const tab = page.getByRole('tab', { name: 'Saint-Tropez' });
  await expect(async () => {
    await saintTropez.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('rowheader', { name: /Nice → Saint-Tropez/ })).toBeVisible();
});
