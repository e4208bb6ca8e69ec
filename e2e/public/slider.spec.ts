import { expect, test, type Page } from '@playwright/test';
import { text, type Language } from '../support/locales';
import { showHomeSections, waitForApp } from '../support/page-ready';

const SLIDES = ['airport', 'tours', 'events'] as const;

function slideTitle(language: Language, index: number) {
  return text(language, `home:slider.slides.${SLIDES[index]}.title`);
}

function carousel(page: Page, language: Language) {
  return page.getByRole('region', { name: text(language, 'home:slider.title') });
}

/** The slide shown: its heading is visible and its indicator is marked current. */
async function expectSlide(page: Page, language: Language, index: number) {
  const region = carousel(page, language);
  await expect(region.getByRole('heading', { level: 3, name: slideTitle(language, index) })).toBeVisible();
  await expect(region.locator('[aria-current="true"]')).toHaveAccessibleName(
    text(language, 'carousel.goTo', { index: String(index + 1), title: slideTitle(language, index) }),
  );
  for (const other of [0, 1, 2].filter((item) => item !== index)) {
    await expect(region.getByRole('heading', { level: 3, name: slideTitle(language, other) })).toBeHidden();
  }
}

async function swipe(page: Page, from: { x: number; y: number }, dx: number) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 6;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= steps; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + (dx * step) / steps, y: from.y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function openHome(page: Page, language: Language) {
  await page.goto(language === 'fr' ? '/' : `/?lang=${language}`);
  await waitForApp(page);
  await showHomeSections(page, language);
  await carousel(page, language).scrollIntoViewIfNeeded();
}

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce', hasTouch: true });

  test('three slides, three labelled indicators, buttons, arrow keys and swipes; it never turns by itself', async ({ page }) => {
    await page.clock.install();
    await openHome(page, 'fr');
    const region = carousel(page, 'fr');
    await expect(region).toHaveAttribute('aria-roledescription', text('fr', 'carousel.roleDescription'));
    await expect(region.locator('.carousel-dot')).toHaveCount(3);
    await expectSlide(page, 'fr', 0);

    await page.clock.runFor(20_000);
    await expectSlide(page, 'fr', 0);
    await expect(region.getByRole('button', { name: text('fr', 'carousel.play') })).toBeVisible();

    await region.getByRole('button', { name: text('fr', 'carousel.next') }).click();
    await expectSlide(page, 'fr', 1);
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'fr', 2);
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'fr', 0);
    await page.keyboard.press('ArrowLeft');
    await expectSlide(page, 'fr', 2);
    await region.getByRole('button', { name: text('fr', 'carousel.previous') }).click();
    await expectSlide(page, 'fr', 1);
    await region.getByRole('button', { name: text('fr', 'carousel.goTo', { index: '1', title: slideTitle('fr', 0) }) }).click();
    await expectSlide(page, 'fr', 0);

    const box = await region.locator('.carousel-slides').boundingBox();
    if (!box) throw new Error('the slides have no box');
    const middle = { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 120) };
    await swipe(page, middle, -160);
    await expectSlide(page, 'fr', 1);
    await swipe(page, middle, 160);
    await expectSlide(page, 'fr', 0);
  });

  test('in Arabic the arrow keys and swipes follow the right-to-left order', async ({ page }) => {
    await openHome(page, 'ar');
    const region = carousel(page, 'ar');
    await expectSlide(page, 'ar', 0);
    await region.getByRole('button', { name: text('ar', 'carousel.next') }).focus();
    await page.keyboard.press('ArrowLeft');
    await expectSlide(page, 'ar', 1);
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'ar', 0);
    const box = await region.locator('.carousel-slides').boundingBox();
    if (!box) throw new Error('the slides have no box');
    await swipe(page, { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 120) }, 160);
    await expectSlide(page, 'ar', 1);
  });
});

test('it turns by itself, holds while hovered or focused, and stops with its pause button', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.clock.install();
  await openHome(page, 'fr');
  const region = carousel(page, 'fr');
  await page.mouse.move(0, 0);
  await expectSlide(page, 'fr', 0);
  await page.clock.runFor(7_500);
  await expectSlide(page, 'fr', 1);

  await region.locator('.carousel-slides').hover();
  await page.clock.runFor(15_000);
  await expectSlide(page, 'fr', 1);
  await page.mouse.move(0, 0);
  await page.clock.runFor(7_500);
  await expectSlide(page, 'fr', 2);

  // Keyboard focus inside holds it too.
  await region.getByRole('button', { name: text('fr', 'carousel.next') }).focus();
  await page.clock.runFor(15_000);
  await expectSlide(page, 'fr', 2);

  await region.getByRole('button', { name: text('fr', 'carousel.pause') }).click();
  await page.mouse.move(0, 0);
  await page.locator('body').focus();
  await page.clock.runFor(20_000);
  await expectSlide(page, 'fr', 2);
  await expect(region.getByRole('button', { name: text('fr', 'carousel.play') })).toBeVisible();
});
