import { expect, test } from '@playwright/test';
import { newUser } from '../support/accounts';
import { text } from '../support/locales';
import { showHomeSections, waitForApp } from '../support/page-ready';

const HOME_TITLE_FR = text('fr', 'home:hero.title');

test('a price list without its origin and an unknown path both land on the home page', async ({ page }) => {
  await page.goto('/price-list/x');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_TITLE_FR);

  await page.goto('/nowhere/at-all');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_TITLE_FR);
});

test('the language chosen survives a reload; Arabic turns the page and its arrows right to left', async ({ page }) => {
  await page.goto('/contact');
  await waitForApp(page);
  await page.getByRole('navigation', { name: text('fr', 'nav.language') }).getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'contact:title'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'contact:title'));

  await page.getByRole('navigation', { name: text('en', 'nav.language') }).getByRole('link', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ar', 'contact:title'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ar', 'home:hero.title'));
  // The sections' links carry the arrows; they load as the visitor nears them.
  await showHomeSections(page, 'ar');
  const arrow = page.locator('.icon-directional').first();
  await arrow.waitFor({ state: 'attached' });
  expect(await arrow.evaluate((element) => getComputedStyle(element).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
});

test('a ?lang= link opens the page in that language and keeps the choice; the switcher still wins', async ({ page }) => {
  await page.goto('/service-vtc-business?lang=ar');
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ar', 'marketing:business.title'));

  await page.getByRole('navigation', { name: text('ar', 'nav.label') }).getByRole('link', { name: text('ar', 'nav.contact'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ar', 'contact:title'));

  await page.goto('/service-vtc-business?lang=ar');
  await waitForApp(page);
  await page.getByRole('navigation', { name: text('ar', 'nav.language') }).getByRole('link', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'marketing:business.title'));
  await expect(page).toHaveURL('/service-vtc-business');
});

test('the header links to every offer, has a "more" menu, log in and log out; the footer gives the contacts', async ({ page, request }) => {
  await page.goto('/');
  await waitForApp(page);
  const nav = page.getByRole('navigation', { name: text('fr', 'nav.label') });
  const links: [string, string][] = [
    ['nav.home', '/'],
    ['nav.fixedPrice', '/trajet-fixe-pour-particuliers'],
    ['nav.privateHire', '/mise-a-disposition-pour-particuliers'],
    ['nav.business', '/service-vtc-business'],
    ['nav.contact', '/contact'],
    ['nav.book', '/system'],
  ];
  for (const [key, href] of links) {
    await expect(nav.getByRole('link', { name: text('fr', key), exact: true })).toHaveAttribute('href', href);
  }
  await nav.getByRole('button', { name: text('fr', 'nav.more') }).click();
  await expect(nav.getByRole('link', { name: text('fr', 'nav.pro') })).toHaveAttribute('href', '/prof');
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: text('fr', 'nav.pro') })).toBeHidden();

  const config = (await (await request.get('/api/config/public')).json()) as { companyPhone: string; companyEmail: string; whatsappUrl: string };
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(text('fr', 'footer.securePayment'))).toBeVisible();
  await expect(footer.getByRole('link', { name: config.companyPhone })).toHaveAttribute('href', `tel:${config.companyPhone.replace(/\s/g, '')}`);
  await expect(footer.getByRole('link', { name: text('fr', 'footer.whatsapp') })).toHaveAttribute('href', config.whatsappUrl);
  await expect(footer.getByRole('link', { name: config.companyEmail })).toHaveAttribute('href', `mailto:${config.companyEmail}`);
  await expect(footer.getByRole('link', { name: text('fr', 'footer.pro') })).toHaveAttribute('href', '/prof');

  // Log in, then log out from the header.
  const user = newUser();
  const created = await request.post('/api/auth/register', { data: { ...user, phone: `+33${user.phone}`, confirmPassword: user.password, acceptTerms: true } });
  expect(created.status()).toBe(201);
  await page.getByRole('link', { name: text('fr', 'nav.login') }).click();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('button', { name: text('fr', 'nav.logout') }).click();
  await expect(page.getByRole('link', { name: text('fr', 'nav.login') })).toBeVisible();
});

test('on a phone the menu opens from its button and the skip link reaches the content', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contact');
  await waitForApp(page);
  const toggle = page.getByRole('button', { name: text('fr', 'nav.openMenu') });
  await expect(page.getByRole('navigation', { name: text('fr', 'nav.label') })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('navigation', { name: text('fr', 'nav.label') }).getByRole('link', { name: text('fr', 'nav.business') }).click();
  await expect(page).toHaveURL('/service-vtc-business');

  await page.reload();
  await waitForApp(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: text('fr', 'skipToContent') });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('the scroll-to-top button appears after 1000 px and takes the visitor back up', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await waitForApp(page);
  await showHomeSections(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const button = page.getByRole('button', { name: text('fr', 'scrollTop') });
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 1400));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});
