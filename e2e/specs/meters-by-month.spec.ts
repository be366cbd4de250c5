import { expect, test } from '@playwright/test';
import { DEMO, logIn } from '../support/people';

// Issue 35 item 1: a meter's 12 values are read against calendar months. A sales partner moves
// a demo meter's first month (an import may start in any month), picks its load profile, saves,
// and after a reload reads the months the values belong to. The demo project edited here is one
// no other spec reads.
test.describe('meters by calendar month', () => {
  test("a sales partner sets a meter's start month and load profile in Utility Info; the months stay after a reload", async ({ page }) => {
    await page.goto('/login');
    await logIn(page, DEMO.sales.email, DEMO.sales.password);
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/projects');
    await page.getByRole('table').getByRole('row').filter({ hasText: 'Pacific Crest Medical Offices' }).getByRole('link', { name: /View project/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pacific Crest Medical Offices' })).toBeVisible();
    await page.getByRole('tab', { name: 'Utility Info' }).click();

    const form = page.getByRole('form', { name: 'Utility Information' });
    const meter = form.getByRole('group', { name: 'Meter 1' });
    // An existing project's meter reads January to December of the reference year.
    const january = meter.getByLabel('Jan 2025, Month 1');
    await expect(january).toBeVisible();
    await expect(meter.getByText('Jan 2025', { exact: true })).toBeVisible();
    const firstValue = await january.inputValue();
    const lastValue = await meter.getByLabel('Dec 2025, Month 12').inputValue();
    expect(Number(firstValue)).toBeGreaterThan(0);

    await meter.getByLabel('Starts').selectOption({ label: 'July 2024' });
    await expect(meter.getByLabel('Jul 2024, Month 1')).toHaveValue(firstValue);
    await expect(meter.getByLabel('Jun 2025, Month 12')).toHaveValue(lastValue);
    await meter.getByLabel('Load profile').selectOption({ label: 'Constant (same every hour)' });
    await meter.getByLabel('Meter name').fill('Clinic building');
    await form.getByRole('button', { name: 'Save Utility Information' }).click();
    await expect(page.locator('[data-rht-toaster]').getByText('Updated utility information successfully!').first()).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Utility Info' })).toHaveAttribute('aria-selected', 'true');
    await expect(meter.getByLabel('Meter name')).toHaveValue('Clinic building');
    await expect(meter.getByLabel('Jul 2024, Month 1')).toHaveValue(firstValue);
    await expect(meter.getByLabel('Dec 2024, Month 6')).toBeVisible();
    await expect(meter.getByLabel('Jan 2025, Month 7')).toBeVisible();
    await expect(meter.getByLabel('Jun 2025, Month 12')).toHaveValue(lastValue);
    await expect(meter.getByText('Jul 2024', { exact: true })).toBeVisible();
    await expect(meter.getByLabel('Starts')).toHaveValue('2024-07');
    await expect(meter.getByLabel('Load profile')).toHaveValue('constant');
    await expect(meter.getByLabel('Tariff').locator('option').first()).toHaveText('No tariff (use the average rate)');

    // The meter's fields fit a phone's width.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(meter.getByLabel('Starts')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
