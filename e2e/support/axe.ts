import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core on the page as it is now: no violation, each named with the elements it found. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    `axe on ${what}`,
  ).toEqual([]);
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
