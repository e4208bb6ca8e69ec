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
