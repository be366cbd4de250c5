import { expect, test } from '@playwright/test';
import { DEMO, logIn } from '../support/people';

// Issue 35 item 8: a partner opens a demo project's estimate and reads the returns a business
// buyer asks for (NPV) and the monthly bills before and after solar, as a chart and as a table.
// Read only: other specs share the demo.
test.describe('the estimate’s bills and returns', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a member sees NPV and the monthly bills, switches to the table view, and finds them on the print view with their contact', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/login');
    await logIn(page, DEMO.sales.email, DEMO.sales.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/projects');
    await page.getByRole('table').getByRole('row').filter({ hasText: 'Harbor Point Cold Storage' }).getByRole('link', { name: /View project/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Harbor Point Cold Storage' })).toBeVisible();

    const panel = page.getByRole('region', { name: 'Savings estimate' });
    const npv = panel.locator('dt', { hasText: 'Net present value' }).locator('..');
    await expect(npv).toBeVisible();
    await expect(npv.locator('dd').first()).toHaveText(/^-?\$[\d,]+$/);
    await expect(panel.locator('dt', { hasText: 'Internal rate of return' })).toBeVisible();
    await expect(panel.getByText(/a year before solar/)).toBeVisible();

    await panel.getByRole('button', { name: 'Show as a table' }).click();
    const table = panel.getByRole('table', { name: /^Monthly bills before and after solar/ });
    await expect(table).toBeVisible();
    // Two header rows, twelve calendar months, the year.
    await expect(table.getByRole('row')).toHaveCount(15);
    await expect(table.getByRole('rowheader', { name: 'Jan 2025' })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Dec 2025' })).toBeVisible();
    // The wide table scrolls inside its box; the page does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await panel.getByRole('button', { name: 'Show as a chart' }).click();
    await expect(table).toBeHidden();

    await panel.getByRole('link', { name: 'Print view' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Savings estimate' })).toBeVisible();
    await expect(page.getByLabel('Your partner')).toContainText(`Prepared by ${DEMO.sales.name}`);
    await expect(page.getByLabel('Your partner')).toContainText(DEMO.sales.email);
    await expect(page.getByRole('table', { name: 'Monthly bills before and after solar, whole project' }).getByRole('row')).toHaveCount(15);
    await expect(page.getByRole('region', { name: 'Assumptions used' })).toBeVisible();
  });
});
