import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { expectFits } from '../support/fits-screen';
import { text, type Language } from '../support/locales';
import { createCar, createPendingBooking, registerCustomer, row, unique } from './back-office-steps';

// Every admin page in two sizes: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const screens = path.resolve(import.meta.dirname, '../../test-results/admin-layout');

/**
 * Signs in (the French login page, at the default size: the header's sign-out button is checked),
 * then loads the back office in the language and at the size.
 */
async function adminIn(page: Page, language: Language, size: { width: number; height: number }): Promise<void> {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
  await page.setViewportSize(size);
  await page.goto('/pricing');
  await expect(page.locator('#main h1')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** The back-office pages, as the sidebar lists them (new pages are checked without editing this file). */
async function adminPages(page: Page): Promise<string[]> {
  // The sidebar is closed on a phone: its links are there, hidden.
  await expect(page.locator('#admin-sidebar nav a').first()).toBeAttached({ timeout: 20_000 });
  const paths = await page.locator('#admin-sidebar nav a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).pathname));
  expect(paths.length).toBeGreaterThan(8);
  return paths;
}

/**
 * Opens a page and waits until its heading is shown and its lists have loaded. Within the back
 * office it moves as the sidebar's links do (client-side), which spares reloading the app.
 */
async function openPage(page: Page, pathname: string): Promise<void> {
  if (await page.locator('#main').count()) {
    await page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, pathname);
  } else {
    await page.goto(pathname);
  }
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === pathname);
  // A lazy screen's first load can be slow on a busy machine.
  await expect(page.locator('#main h1')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#main [role="status"]')).toHaveCount(0, { timeout: 20_000 });
}

for (const language of ['fr', 'ar'] as const) {
  const t = (key: string, values?: Record<string, string>) => text(language, `admin:${key}`, values);

  test(`every back-office page fits 1366 px; the bookings table shows all its columns (${language})`, async ({ page, request }) => {
    const customer = await registerCustomer(request);
    const bookingId = await createPendingBooking(request, customer, language === 'fr' ? 11 : 12);
    // Enough cars for the price list's one column per car to be wider than the screen.
    for (let made = 0; made < 5; made += 1) await createCar(request, unique('Mercedes Classe E Executive long wheelbase'));
    await adminIn(page, language, DESKTOP);
    const pages = await adminPages(page);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

    for (const pathname of pages) {
      await openPage(page, pathname);
      await expectFits(page, `${pathname} at 1366 px`);
    }
    // The bookings table shows all its columns: its frame does not scroll. Searched for this
    // booking, which other workers' newer bookings would otherwise push below the fold.
    await openPage(page, `/bookings?q=${encodeURIComponent(`#${bookingId}`)}`);
    const frame = page.locator('.table-wrap').first();
    expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expect(row(page, `#${bookingId}`).getByRole('button', { name: t('actions.details') })).toBeInViewport();
    await page.screenshot({ path: `${screens}/bookings-1366-${language}.png`, fullPage: true });
    await row(page, `#${bookingId}`).getByRole('button', { name: t('actions.details') }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');
    await page.screenshot({ path: `${screens}/drawer-1366-${language}.png` });
    await page.keyboard.press('Escape');
    for (const pathname of ['/pricing-list', '/cars']) {
      await openPage(page, pathname);
      await page.screenshot({ path: `${screens}${pathname}-1366-${language}.png`, fullPage: true });
    }

    // The price list's matrix scrolls in its own frame, its first column staying in view.
    await openPage(page, '/pricing-list');
    const matrix = page.locator('.table-wrap').first();
    await expect(row(page, 'Nice → Monaco')).toBeVisible();
    expect(await matrix.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const origin = row(page, 'Nice → Monaco').getByRole('cell').first();
    const before = await origin.boundingBox();
    await matrix.evaluate((element) => element.scrollBy({ left: document.dir === 'rtl' ? -400 : 400 }));
    expect(await origin.boundingBox()).toEqual(before);
    await matrix.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screens}/pricing-list-scrolled-1366-${language}.png` });
  });

  test(`every back-office page fits a 390 px phone; bookings are cards, the drawer fills the screen with call and mail links (${language})`, async ({ page, request }) => {
    const customer = await registerCustomer(request);
    const bookingId = await createPendingBooking(request, customer, language === 'fr' ? 13 : 14);
    await adminIn(page, language, PHONE);
    const pages = await adminPages(page);
    for (const pathname of pages) {
      await openPage(page, pathname);
      await expectFits(page, `${pathname} at 390 px`);
    }

    // Bookings: one card per booking, every line of it on the screen.
    await openPage(page, '/bookings');
    const card = row(page, `#${bookingId}`);
    const cardBox = await card.boundingBox();
    expect(cardBox?.x).toBeGreaterThanOrEqual(0);
    expect((cardBox?.x ?? 0) + (cardBox?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);
    // Each value is named beside it, as the table's header did.
    const route = card.getByRole('cell', { name: 'Cannes → Nice' });
    // The label comes with the page's stylesheet, which may be applied a moment after the rows appear.
    await expect.poll(() => route.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(JSON.stringify(t('pages.bookings.route')));
    const details = await card.getByRole('button', { name: t('actions.details') }).boundingBox();
    expect(details?.x).toBeGreaterThanOrEqual(0);
    expect((details?.x ?? 0) + (details?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${screens}/bookings-390-${language}.png`, fullPage: true });

    // The drawer takes the whole screen and scrolls only downwards; phone and e-mail are links.
    await card.getByRole('button', { name: t('actions.details') }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const drawerBox = await drawer.boundingBox();
    expect(drawerBox).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    expect(await drawer.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const call = drawer.getByRole('link', { name: '06 12 34 56 78' });
    await expect(call).toHaveAttribute('href', 'tel:+33612345678');
    await expect(drawer.getByRole('link', { name: customer.email }).first()).toHaveAttribute('href', `mailto:${customer.email}`);
    await page.screenshot({ path: `${screens}/drawer-390-${language}.png` });
    await call.scrollIntoViewIfNeeded();
    await expect(call).toBeInViewport();
    await page.screenshot({ path: `${screens}/drawer-390-contact-${language}.png` });
    await page.keyboard.press('Escape');

    // Accounts too are cards: the e-mail named beside it, nothing scrolled sideways.
    await openPage(page, `/users?q=${encodeURIComponent(customer.email)}`);
    const account = row(page, customer.email);
    const email = account.getByRole('cell', { name: customer.email });
    await expect.poll(() => email.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(JSON.stringify(t('pages.users.email')));
    const accountBox = await account.boundingBox();
    expect((accountBox?.x ?? 0) + (accountBox?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);

    for (const pathname of ['/pricing-list', '/cars', '/users']) {
      await openPage(page, pathname);
      await page.screenshot({ path: `${screens}${pathname}-390-${language}.png`, fullPage: true });
    }
  });

  test(`delete confirmations name the item (${language})`, async ({ page, request }) => {
    const carName = unique('Mercedes Classe E');
    await createCar(request, carName);
    await adminIn(page, language, DESKTOP);

    await openPage(page, '/cars');
    await row(page, carName).getByRole('button', { name: t('actions.delete') }).click();
    const question = t('actions.deleteNamed', { title: t('delete.cars'), name: carName });
    const dialog = page.getByRole('dialog', { name: question });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText(question);
    await dialog.getByRole('button', { name: t('actions.cancel') }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, carName)).toBeVisible();

    // The price list asks with its own modal: the route is named too.
    await openPage(page, '/pricing-list');
    await row(page, 'Nice → Monaco').getByRole('button', { name: t('actions.delete') }).click();
    const routeQuestion = page.getByRole('dialog', { name: t('actions.deleteNamed', { title: t('delete.pricingList'), name: 'Nice → Monaco' }) });
    await expect(routeQuestion).toBeVisible();
    await routeQuestion.getByRole('button', { name: t('actions.cancel') }).click();
    await expect(routeQuestion).toBeHidden();
  });
}
