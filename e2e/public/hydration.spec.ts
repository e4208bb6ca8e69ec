import { expect, test, type Page } from '@playwright/test';
import { newUser } from '../support/accounts';
import { logIn, registerThroughApi } from '../support/auth-steps';
import { addToCounter } from '../booking/booking-steps';
import { localized, text, type Language } from '../support/locales';
import { APP_START_MS, openWithAppHeld, waitForApp } from '../support/page-ready';

/**
 * The app hydrates the prerendered markup of the indexed pages (docs/decisions/0069): the
 * elements the browser painted before any script ran are the ones the app then runs on.
 */

declare global {
  interface Window {
    /** Elements of the server's markup, taken before the app's scripts ran. */
    prerendered?: { heading: Element | null; header: Element | null; root: number };
  }
}

/** Keeps the first paint's heading and header as the parser left them, before the scripts run. */
async function keepFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      // "interactive": the markup is parsed and the module scripts have not run yet.
      if (document.readyState !== 'interactive' || window.prerendered) return;
      window.prerendered = {
        heading: document.querySelector('#root h1'),
        header: document.querySelector('#root .site-header'),
        root: document.getElementById('root')?.childElementCount ?? 0,
      };
    });
  });
}

/** Console errors and warnings and uncaught errors (React reports a failed hydration so). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

/** The heading and the header shown now are the very elements of the first paint. */
async function expectSameElementsAsFirstPaint(page: Page): Promise<void> {
  const kept = await page.evaluate(() => ({
    root: window.prerendered?.root ?? 0,
    sameHeading: window.prerendered?.heading != null && window.prerendered.heading === document.querySelector('#root h1'),
    sameHeader: window.prerendered?.header != null && window.prerendered.header === document.querySelector('#root .site-header'),
  }));
  expect(kept).toEqual({ root: 1, sameHeading: true, sameHeader: true });
}

const PAGES = [
  { path: '/', heading: 'home:hero.title' },
  { path: '/trajet-fixe-pour-particuliers', heading: 'marketing:fixedPrice.title' },
] as const;

for (const language of ['fr', 'ar'] satisfies Language[]) {
  for (const { path, heading } of PAGES) {
    test(`${path} in ${language}: the app hydrates the first paint, with no error or warning`, async ({ page }) => {
      test.setTimeout(90_000);
      const problems = collectProblems(page);
      await keepFirstPaint(page);
      await page.goto(localized(path, language));
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, heading));
      await expectSameElementsAsFirstPaint(page);
      // The app runs on those elements: its header's menu answers, its links stay in the language.
      await expect(page.getByRole('link', { name: text(language, 'nav.login') })).toHaveAttribute(
        'href',
        localized('/auth/sign', language),
      );
      await page.getByRole('navigation', { name: text(language, 'nav.label') }).getByRole('link', { name: text(language, 'nav.contact') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'contact:title'));
      expect(problems).toEqual([]);
    });
  }
}

test('the home form works once the page has hydrated', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = collectProblems(page);
  await keepFirstPaint(page);
  await page.goto('/');
  await waitForApp(page);
  await addToCounter(page, 'Adultes', 1);
  await expect(page.getByRole('button', { name: /Passagers et bagages/ })).toContainText('2 adultes');
  await expectSameElementsAsFirstPaint(page);
  expect(problems).toEqual([]);
});

test('a tap on the menu of the first paint, before the app has started, opens it once the page has hydrated', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // The app's entry is held until the visitor has tapped.
  const release = await openWithAppHeld(page, '/');
  const menu = page.getByRole('button', { name: text('fr', 'nav.openMenu') });
  await menu.click();
  // Nothing listens yet.
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  release();
  await waitForApp(page);
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: text('fr', 'nav.label') }).getByRole('link', { name: text('fr', 'nav.contact') })).toBeVisible();
});

test('a signed-in customer sees their header once the signed-out first paint has hydrated', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = newUser();
  await registerThroughApi(request, user);
  await logIn(page, user.email, user.password);

  const problems = collectProblems(page);
  await keepFirstPaint(page);
  for (const language of ['fr', 'ar'] satisfies Language[]) {
    await page.goto(localized('/', language));
    await waitForApp(page);
    // The server's markup is the signed-out header; the app shows the session right after.
    await expect(page.getByRole('button', { name: text(language, 'nav.logout') })).toBeVisible();
    await expect(page.getByRole('link', { name: text(language, 'nav.login') })).toHaveCount(0);
    await expectSameElementsAsFirstPaint(page);
  }
  expect(problems).toEqual([]);
});

test('a first paint that differs from the app is caught: React reports it and shows its own page', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = collectProblems(page);
  // A stale build's markup, as a cache could serve it: another heading than the app renders.
  await page.route('/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(text('fr', 'home:hero.title').replace(/'/g, '&#x27;'), 'Un autre titre');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'home:hero.title'), { timeout: APP_START_MS });
  await expect.poll(() => problems.join('\n')).toMatch(/418|hydrat/i);
});
