import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES, PUBLIC_PAGES, localized, text, type Language } from '../support/locales';
import { showHomeSections, waitForApp } from '../support/page-ready';

/** Axe on the page as shown; serious and critical problems fail the test, with their details. */
async function expectNoSeriousAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

async function metaContent(page: Page, selector: string) {
  return page.locator(selector).first().getAttribute('content');
}

for (const language of LANGUAGES) {
  test.describe(`public pages in ${language}`, () => {
    for (const publicPage of PUBLIC_PAGES) {
      test(`${publicPage.path} shows its heading, its tags for search engines and passes axe`, async ({ page, baseURL }) => {
        await page.goto(localized(publicPage.path, language));
        await waitForApp(page);

        const html = page.locator('html');
        await expect(html).toHaveAttribute('lang', language);
        await expect(html).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, publicPage.heading));
        await expect(page.getByRole('main')).toBeVisible();
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();

        // Title, description, canonical address, language alternates, Open Graph.
        const title = text(language, `common:meta.${publicPage.meta}.title`);
        await expect(page).toHaveTitle(title);
        expect(await metaContent(page, 'meta[name="description"]')).toBe(text(language, `common:meta.${publicPage.meta}.description`));
        const canonical = new URL(localized(publicPage.path, language), baseURL).toString();
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
        for (const alternate of LANGUAGES) {
          await expect(page.locator(`link[rel="alternate"][hreflang="${alternate}"]`)).toHaveAttribute(
            'href',
            new URL(localized(publicPage.path, alternate), baseURL).toString(),
          );
        }
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveCount(1);
        expect(await metaContent(page, 'meta[property="og:title"]')).toBe(title);
        expect(await metaContent(page, 'meta[property="og:url"]')).toBe(canonical);
        expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(/^https?:\/\/.+\/images\/og-riviera-vtc\.jpg$/);
        await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

        // The home's sections load as the visitor nears them: their pictures and texts are checked too.
        if (publicPage.path === '/') await showHomeSections(page, language);
        // Images: modern format, their size known before they load, lazily below the fold.
        const images = await page.locator('main img').evaluateAll((elements) =>
          elements.map((element) => {
            const image = element as HTMLImageElement;
            return {
              src: image.currentSrc || image.src,
              width: image.getAttribute('width'),
              height: image.getAttribute('height'),
              loading: image.loading,
              priority: image.getAttribute('fetchpriority'),
              hero: image.classList.contains('hero-image'),
            };
          }),
        );
        for (const image of images.filter((item) => item.src.includes('/images/'))) {
          expect(image.src, JSON.stringify(image)).toMatch(/\.webp$/);
          expect(Number(image.width), JSON.stringify(image)).toBeGreaterThan(0);
          expect(Number(image.height), JSON.stringify(image)).toBeGreaterThan(0);
          // The hero, or the first picture of an offer page, loads first; the others lazily.
          if (image.hero) expect(image.priority).toBe('high');
          else if (image.priority !== 'high') expect(image.loading, JSON.stringify(image)).toBe('lazy');
        }

        await expectNoSeriousAxeViolations(page, `${publicPage.path} (${language})`);
      });
    }
  });
}

const HOME_SECTIONS: [Language, string][] = [
  ['fr', 'home:slider.title'],
  ['fr', 'home:taxi.title'],
  ['fr', 'home:car.title'],
  ['fr', 'home:grid.title'],
  ['fr', 'home:approach.title'],
  ['fr', 'home:closing.title'],
];

test('the home page has the booking form slot, the marketing sections and a closing call to action', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await showHomeSections(page);
  for (const [language, key] of HOME_SECTIONS) {
    await expect(page.getByRole('heading', { level: 2, name: text(language, key) })).toBeVisible();
  }
  // The booking form (booking feature) renders in the hero.
  await expect(page.locator('.hero .booking-slot form, .hero .booking-slot .booking-form-placeholder').first()).toBeVisible();
  await expect(page.locator('.image-grid > li')).toHaveCount(4);
  const closing = page.getByRole('region', { name: text('fr', 'home:closing.title') });
  await expect(closing.getByRole('link', { name: text('fr', 'home:closing.book') })).toHaveAttribute('href', '/system');
  await expect(closing.getByRole('link', { name: text('fr', 'home:closing.contact') })).toHaveAttribute('href', '/contact');
});

test('on a phone the home’s sections load as the visitor scrolls near them, not with the first screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const sectionsAsked: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/home-sections-[\w-]+\.js$/.test(request.url())) sectionsAsked.push(request.url());
  });
  await page.goto('/');
  await waitForApp(page);
  const form = page.locator('.hero .booking-slot form');
  await expect(form).toBeVisible();
  // The first screen and the form are up; the sections are not there yet.
  await expect(page.locator('.sections-placeholder')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: text('fr', 'home:slider.title') })).toHaveCount(0);
  expect(sectionsAsked).toEqual([]);
  // Scrolling down to the end of the first screen brings them, and the footer stays below them.
  await page.mouse.wheel(0, 900);
  await expect(page.getByRole('heading', { level: 2, name: text('fr', 'home:slider.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: text('fr', 'home:closing.title') })).toBeVisible();
  expect(sectionsAsked).toHaveLength(1);
  const closingBottom = await page.locator('#home-closing').evaluate((element) => element.getBoundingClientRect().bottom);
  const footerTop = await page.locator('footer.site-footer').evaluate((element) => element.getBoundingClientRect().top);
  expect(footerTop).toBeGreaterThanOrEqual(closingBottom);
});

test('the offer pages close with a booking link and a contact link, and state the terms for the language', async ({ page }) => {
  // The hire page's button opens the form on the hire by the hour (issue 22).
  for (const [path, book] of [
    ['/trajet-fixe-pour-particuliers', '/system'],
    ['/mise-a-disposition-pour-particuliers', '/system?service=hourly'],
    ['/service-vtc-business', '/system'],
  ] as const) {
    await page.goto(path);
    await waitForApp(page);
    const actions = page.getByRole('region', { name: text('fr', 'marketing:actions.title') });
    await expect(actions.getByRole('link', { name: text('fr', 'marketing:actions.book') })).toHaveAttribute('href', book);
    await expect(actions.getByRole('link', { name: text('fr', 'marketing:actions.contact') })).toHaveAttribute('href', '/contact');
  }
  await page.goto('/trajet-fixe-pour-particuliers');
  await waitForApp(page);
  await expect(page.locator('.media-section')).toHaveCount(4);

  // Night surcharge hours as each reader writes them (decision 0102): the 12-hour clock in English,
  // 24-hour with Western digits in Arabic; percentages and hours in the page language.
  await page.goto('/mise-a-disposition-pour-particuliers?lang=en');
  await waitForApp(page);
  // The night of the price calculation (19:00-05:00), no night surcharge on fixed prices (decision 0123).
  await expect(page.getByText('+20% on public holidays. From 7:00 pm to 5:00 am, the night rate applies to trips priced by the kilometre')).toBeVisible();
  await expect(page.getByText('Free cancellation up to 48 hours before pickup.')).toBeVisible();
  await page.goto('/mise-a-disposition-pour-particuliers?lang=ar');
  await waitForApp(page);
  await expect(page.getByText(/من 19:00 إلى 05:00/)).toBeVisible();
});

test('crawlers that run no script get the title, description and heading of the page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/service-vtc-business?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveTitle(text('ar', 'common:meta.business.title'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ar', 'marketing:business.title'));
  await expect(page.getByRole('link', { name: text('ar', 'common:nav.contact') }).first()).toHaveAttribute('href', '/contact?lang=ar');

  await page.goto('/summary');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await context.close();
});

test('without script the prerendered page is whole: header, every section of the page and footer', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/trajet-fixe-pour-particuliers?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'marketing:fixedPrice.title'));
  await expect(page.locator('#root .media-section')).toHaveCount(4);
  await expect(page.locator('#root .site-header')).toBeVisible();
  await expect(page.locator('#root footer')).toBeVisible();
  await context.close();
});

test('the app takes over the prerendered pages without a console error or warning', async ({ page }) => {
  // 21 page loads: slow on a busy machine.
  test.setTimeout(120_000);
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`${page.url()}: ${error.message}`));
  for (const language of LANGUAGES) {
    for (const publicPage of PUBLIC_PAGES) {
      await page.goto(localized(publicPage.path, language));
      await waitForApp(page);
    }
  }
  expect(messages).toEqual([]);
});

test('robots.txt and sitemap.xml are served at the site root', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.ok()).toBe(true);
  expect(await robots.text()).toMatch(/Sitemap: .+\/sitemap\.xml/);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  for (const publicPage of PUBLIC_PAGES) expect(xml).toContain(`${publicPage.path}?lang=ar</loc>`);
});
