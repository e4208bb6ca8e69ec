import { expect, type Page } from '@playwright/test';

/**
 * What sticks out of the screen: the page's scroll width, and the elements of the main area that
 * reach past the viewport without being inside a frame that scrolls them (a wide matrix may scroll
 * in its own frame; the frame itself must fit).
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const main = document.getElementById('main');
    const scrolled = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== main; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside = Array.from(main?.querySelectorAll('*') ?? [])
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1) && !scrolled(element);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${String((element as HTMLElement).className)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, outside };
  });
}

/** Nothing of the main area past the screen's edges, and no sideways scrolling of the page. */
export async function expectFits(page: Page, where: string): Promise<void> {
  const seen = await overflow(page);
  expect(seen.outside, `${where}: elements past the screen`).toEqual([]);
  expect(seen.scrollWidth, `${where}: page scroll width`).toBeLessThanOrEqual(seen.width);
}
