import { expect, type Page } from '@playwright/test';
import { text, type Language } from './locales';

/**
 * How long the app may take to take over a page: download, run and hydrate, after the page's
 * first paint. Seen at 7-10 s when a second suite shared the two cores; the default 7 s of an
 * assertion is meant for one screen's answer, not the app's start.
 */
export const APP_START_MS = 20_000;

/**
 * An assertion's budget for what crosses more than one screen on a loaded machine: a payment
 * provider's redirect through its stub, a capture, a lazy page, a mail on its way.
 */
export const SLOW = { timeout: 20_000 };

/** Waits until the app has taken over the server's first paint (docs/decisions/0069) and shows its page heading. */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('html')).not.toHaveAttribute('data-prerender', { timeout: APP_START_MS });
  await expect(page.locator('#root h1')).toBeVisible();
}

/**
 * The home's sections below the first screen load as the visitor scrolls near them
 * (docs/decisions/0163): scrolls to where they go and waits for the last one, the closing call.
 */
export async function showHomeSections(page: Page, language: Language = 'fr'): Promise<void> {
  await page.evaluate(() => document.querySelector('.sections-placeholder')?.scrollIntoView());
  await expect(page.getByRole('heading', { level: 2, name: text(language, 'home:closing.title') })).toBeVisible();
}

/**
 * Opens `path` with the app's entry script held: the page is the server's first paint alone, as on
 * a phone still downloading the scripts (docs/decisions/0170). Resolves once that paint is shown,
 * with the function that lets the entry through. Not until "load": the held script, once the page
 * has asked for it, holds that event too.
 */
export async function openWithAppHeld(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-prerender', '');
  return release;
}
