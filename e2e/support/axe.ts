import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core as every spec runs it. Legacy mode runs axe in the page itself: the default opens a
 * blank page for every check to combine the frames' results, which was half of each check's time
 * (the accessibility spec's admin screens at phone width: 36 s of checks, 17 s in legacy mode).
 * Its cost is testing no cross-origin frame, and the portal's pages have none. Only violations
 * are gathered with their elements; the passes' are not needed.
 */
export const axeBuilder = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });

/**
 * axe-core on the page as it is now (or on `scope`, a selector, only): no violation, each named
 * with its impact and the elements it found. `soft` lets the test go on, so one run lists every
 * screen that has a problem.
 */
export async function expectNoAxeViolations(page: Page, what: string, { scope, soft = false }: { scope?: string; soft?: boolean } = {}): Promise<void> {
  await animationsSettled(page);
  let builder = axeBuilder(page);
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  const found = violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  (soft ? expect.soft : expect)(found, `axe on ${what}`).toEqual([]);
}

/**
 * Waits until no CSS animation or transition that ends is running (a spinner's, which never
 * ends, does not count). A toast, an alert or a closing dialog fading measures half faded: the
 * Webhooks page once failed its contrast on a fading alert and button.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity));
}

/**
 * Waits until the open dialog has finished coming in. While a Headless UI panel and its backdrop
 * fade in they carry `data-transition` (and `data-closed` at first), and axe measures the
 * colours half faded. The tariffs spec once saw a danger button fail its contrast that way.
 */
export async function dialogSettled(page: Page): Promise<void> {
  // The element with the dialog role has no box of its own: its panel is what shows.
  await expect(page.getByRole('dialog').locator('[id^="headlessui-dialog-panel"]').last()).toBeVisible();
  await expect(page.locator('[role="dialog"] [data-transition], [role="dialog"] [data-closed], [role="dialog"][data-transition]')).toHaveCount(0);
}
