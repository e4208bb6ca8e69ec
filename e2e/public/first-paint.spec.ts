import { expect, test, type Page } from '@playwright/test';
import { text } from '../support/locales';
import { waitForApp } from '../support/page-ready';

/** The head carries one set of the page's tags, in its language (PageMeta, docs/decisions/0069). */
async function expectOneSetOfTags(page: Page, language: 'fr' | 'en' | 'ar') {
  await expect(page).toHaveTitle(text(language, 'common:meta.home.title'));
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', text(language, 'common:meta.home.description'));
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="alternate"][hreflang="ar"]')).toHaveCount(1);
}

test('without script, the language links of the first paint open the page in that language', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expectOneSetOfTags(page, 'fr');
  const languages = page.getByRole('navigation', { name: text('fr', 'common:nav.language') });
  await expect(languages.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'true');
  await languages.getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL('/?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ar', 'home:hero.title'));
  await expectOneSetOfTags(page, 'ar');

  await page.getByRole('navigation', { name: text('ar', 'common:nav.language') }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL('/?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'home:hero.title'));
  await context.close();
});

test('the home in French and Arabic: the app takes over with no console error and keeps one set of head tags', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') messages.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`${page.url()}: ${error.message}`));
  await page.goto('/');
  await waitForApp(page);
  await expectOneSetOfTags(page, 'fr');
  await page.goto('/?lang=ar');
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectOneSetOfTags(page, 'ar');
  // Stored Arabic, an address without `?lang=`: the server wrote French tags, the app its own.
  await page.goto('/');
  await waitForApp(page);
  await expectOneSetOfTags(page, 'ar');
  expect(messages).toEqual([]);
});

test('the home is painted before any of the app’s scripts is asked for, then the app takes over (decision 0115)', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  const timings = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => entry.startTime),
  }));
  expect(timings.scripts.length).toBeGreaterThan(0);
  expect(timings.scripts.filter((start) => !(start >= timings.firstPaint))).toEqual([]);
});
