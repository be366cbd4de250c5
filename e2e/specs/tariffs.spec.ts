import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { dialogSettled, expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalOverflow } from '../support/layout';
import { DEMO, logIn } from '../support/people';

// Issue 35 item 4: an administrator keeps the commercial tariffs the estimate prices meters on.
// The demo's example tariffs are read only here; the spec's own tariff has a name of its own.

/** axe-core finds nothing on the page (as accessibility.spec.ts checks the other admin screens). */
/** The text of a grid cell (the period's code and, for screen readers, its name). */
const cell = (page: Page, kind: 'Weekdays' | 'Weekends', month: number, hour: number) =>
  page.getByRole('table', { name: new RegExp(`^${kind}`) }).getByRole('row').nth(month).getByRole('cell').nth(hour);

test.describe('tariffs', () => {
  test('an admin creates a two-period tariff, sees it in the grid, saves it, finds it in the list and deletes it', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `E2E TOU ${randomBytes(3).toString('hex')}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/login');
    await logIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).not.toHaveURL(/\/login/);

    // Reached from Estimate Settings (the admin sidebar keeps the spec's items).
    await page.goto('/admin/estimate-settings');
    await page.getByRole('link', { name: 'Tariffs', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tariffs' })).toBeVisible();
    await page.getByLabel('State').selectOption('CA');
    const examples = page.getByRole('table', { name: 'Tariffs' });
    await expect(examples.getByRole('row').filter({ hasText: 'Example: PG&E B-19-like TOU' })).toContainText("Example: check against the utility's tariff sheet");
    await page.screenshot({ path: 'test-results/tariff-list-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: 'test-results/tariff-list-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('link', { name: 'New tariff' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New tariff' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Utility').fill('E2E Power');
    await page.getByLabel('State').selectOption('NV');
    await page.getByLabel('Effective date').fill('2025-06-01');
    await page.getByLabel('Customer charge (US$ per month)').fill('120');
    await page.getByLabel('Export credit').selectOption('net_metering');
    await page.getByLabel('Export rate (US$ per kWh)').fill('0.03');

    await page.getByRole('button', { name: 'Add period' }).click();
    await page.getByLabel('Period name').first().fill('On-peak');
    for (const month of ['January', 'February', 'March', 'April', 'May', 'October', 'November', 'December']) await page.getByLabel(`${month}, On-peak`).uncheck();
    await page.getByLabel('From').first().selectOption('13');
    await page.getByLabel('Until').first().selectOption('19');
    await expect(cell(page, 'Weekdays', 7, 14)).toHaveText('OOn-peak');
    await expect(cell(page, 'Weekends', 7, 14)).toHaveText('·Base rate');

    await page.getByRole('button', { name: 'Add period' }).click();
    await page.getByLabel('Period name').nth(1).fill('Night');
    await page.getByLabel('Days').nth(1).selectOption('all');
    await page.getByLabel('From').nth(1).selectOption('0');
    await page.getByLabel('Until').nth(1).selectOption('6');
    await expect(cell(page, 'Weekends', 1, 2)).toHaveText('NNight');
    await expect(cell(page, 'Weekdays', 12, 5)).toHaveText('NNight');
    await expect(cell(page, 'Weekdays', 12, 6)).toHaveText('·Base rate');

    await page.getByLabel('Base energy rate (US$ per kWh)').fill('0.07');
    await page.getByLabel('Energy rate, On-peak (US$ per kWh)').fill('0.13');
    await page.getByLabel('Energy rate, Night (US$ per kWh)').fill('0.05');
    await page.getByLabel('Facility demand charge (US$ per kW)').fill('9');
    await page.getByLabel('Demand charge, On-peak (US$ per kW)').fill('14');
    await page.screenshot({ path: 'test-results/tariff-editor-1280.png', fullPage: true });
    await expectNoAxeViolations(page, 'the tariff editor', { soft: true });

    // At a phone's width the grids scroll inside their boxes, never the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'the tariff editor at 390 px', { soft: true });
    await page.screenshot({ path: 'test-results/tariff-editor-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Save tariff' }).click();
    await expect(page).toHaveURL(/\/admin\/tariffs$/);
    await page.getByLabel('State').selectOption('NV');
    const row = page.getByRole('table', { name: 'Tariffs' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('E2E Power');
    await expect(row).not.toContainText('Example: check');
    await expectNoAxeViolations(page, 'the tariff list', { soft: true });

    // Open again: the grid reads what was saved.
    await row.getByRole('link', { name: `Edit tariff ${name}` }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(cell(page, 'Weekdays', 8, 16)).toHaveText('OOn-peak');
    await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
    await expect(page.getByText(`Avery Admin created the tariff ${name}`)).toBeVisible();

    // Delete asks first; the tariff is gone from the list after.
    await page.getByRole('button', { name: 'Delete tariff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this tariff?' });
    await dialogSettled(page);
    await expectNoAxeViolations(page, 'the delete confirmation', { soft: true });
    await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page).toHaveURL(/\/admin\/tariffs$/);
    await expect(page.getByRole('table', { name: 'Tariffs' }).getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});
