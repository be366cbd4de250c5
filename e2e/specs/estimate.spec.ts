import { expect, test } from '@playwright/test';
import { apiToken, createProject } from '../support/api';
import { createMember, logIn } from '../support/people';

// Issue 16: a member fills Utility Info by importing a utility's usage file, the Savings
// estimate below the tabs updates, and the print view shows it as a preliminary estimate.

/** A utility's monthly export: 12 months of 10,000 kWh, 120,000 kWh a year. */
const USAGE_CSV = ['Account,1234', '', 'Month,Usage (kWh)', ...Array.from({ length: 12 }, (_, index) => `2025-${String(index + 1).padStart(2, '0')},"10,000"`)].join('\n');

test.describe('savings estimate', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('import usage into Utility Info, see the estimate update, open the print view', async ({ page, request }) => {
    test.setTimeout(120_000);
    const member = await createMember(request);
    const token = await apiToken(request, member.email, member.password);
    const projectId = await createProject(request, token, `Estimate Co ${member.userName}`);

    await page.goto('/login');
    await logIn(page, member.email, member.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/projects/${projectId}`);

    const panel = page.getByRole('region', { name: 'Savings estimate' });
    await expect(panel.getByText(/cannot size a system/)).toBeVisible();
    await panel.getByRole('link', { name: 'Open Utility Info' }).first().click();

    const form = page.getByRole('form', { name: 'Utility Information' });
    await form.getByLabel('Power Bill Received?').selectOption('Yes');
    await form.getByLabel('Average Monthly Power Bill Cost').fill('1500');
    await form.getByRole('button', { name: 'Import usage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import usage' });
    await dialog.getByLabel('Green Button file').setInputFiles({ name: 'usage.csv', mimeType: 'text/csv', buffer: Buffer.from(USAGE_CSV) });
    await expect(dialog.getByText(/One meter, January 1, 2025 to December 31, 2025 \(CSV\)/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Use these months' }).click();
    await expect(form.getByRole('group', { name: 'Meter 1' }).getByLabel('Month 12')).toHaveValue('10000');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await form.getByRole('button', { name: 'Save Utility Information' }).click();
    await expect(page.locator('[data-rht-toaster]').getByText('Updated utility information successfully!').first()).toBeVisible();

    // 120,000 kWh x 0.9 / 1,450 kWh per kW in Texas; $1,500 x 12 / 120,000 = $0.15 per kWh.
    await expect(panel.getByText('74.48 kW DC')).toBeVisible();
    await expect(panel.getByText(/\$0\.1500 per kWh: your average bill/)).toBeVisible();
    await expect(panel.getByText(/Current monthly bill: \$1,500\.00/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await panel.getByRole('link', { name: 'Print view' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/estimate$`));
    await expect(page.getByText('Preliminary estimate · not a proposal')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Savings estimate' })).toBeVisible();
    await expect(page.getByText('74.48 kW DC')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  });
});
