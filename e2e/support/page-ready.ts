import { expect, type Page } from '@playwright/test';

/** Waits until the app has taken over the server's first paint (docs/decisions/0069) and shows its page heading. */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('html')).not.toHaveAttribute('data-prerender');
  await expect(page.locator('#root h1')).toBeVisible();
}
