import { expect, type Page } from '@playwright/test';

/** Nothing widens the page past the screen (a phone must never scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'the page is no wider than the screen').toBeLessThanOrEqual(innerWidth);
}
