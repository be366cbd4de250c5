import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow } from '../support/layout';
import { DEMO, logIn } from '../support/people';

// Issue 18 item 3: the demo's Silver State Self Storage sat at Presentation Ready past its 21-day
// threshold, so the lists mark it Stalled and the start-up stall check told its owner once.
// Read only, like demo.spec.ts: the demo data is shared with other specs.

test.describe('days in stage and stall alerts', () => {
  test('the partner sees the days and the Stalled mark in the list, on the project and in the notifications, on a desktop and a phone', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/login');
    await logIn(page, DEMO.sales.email, DEMO.sales.password);
    await expect(page).toHaveURL(/\/home/);

    await page.goto('/projects');
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Silver State Self Storage' });
    await expect(row.getByRole('cell').filter({ hasText: /^\d+ days/ })).toContainText('Stalled');
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Harbor Point Cold Storage' })).not.toContainText('Stalled');
    await page.screenshot({ path: 'test-results/stalls-projects-1280.png', fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row.getByText(/\d+ days at this stage/)).toBeVisible();
    await expect(row.getByRole('cell').filter({ hasText: /^\d+ days/ })).toBeHidden();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: 'test-results/stalls-projects-390.png', fullPage: true });

    await row.getByRole('link', { name: /View project/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Silver State Self Storage' })).toBeVisible();
    await expect(page.getByText(/^⚠\s?Stalled$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Project stages' }).locator('[aria-current="step"]')).toContainText(/Presentation Ready.*for \d+ days/);

    await page.goto('/notifications');
    // Once in the list of all notifications (and, while unread, in its type's group above it).
    const all = page.getByRole('region', { name: 'Your notifications' });
    await expect(all.getByText(/Silver State Self Storage has been at Presentation Ready for \d+ days, past the 21-day stall threshold\./)).toHaveCount(1);
  });

  test('the admin sees the column, the cards on a phone and the stall settings', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/login');
    await logIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).not.toHaveURL(/\/login/);

    // Searched: other specs' projects, newer, may fill the first page.
    await page.goto(`/admin/all-projects?q=${encodeURIComponent('Silver State')}`);
    const table = page.getByRole('table', { name: 'All projects' });
    await expect(table.getByRole('columnheader', { name: 'Days in Stage' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Silver State Self Storage' })).toContainText('Stalled');
    await page.screenshot({ path: 'test-results/stalls-admin-projects-1280.png', fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole('list', { name: 'All projects' }).getByRole('listitem').filter({ hasText: 'Silver State Self Storage' });
    await expect(card).toContainText(/\d+ days at this stage/);
    await expect(card.getByText('Stalled')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: 'test-results/stalls-admin-projects-390.png', fullPage: true });

    await page.getByRole('link', { name: 'Stall settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stall Settings' })).toBeVisible();
    await expect(page.getByLabel('Presentation Ready (days)')).toHaveValue('21');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: 'test-results/stalls-settings-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'test-results/stalls-settings-1280.png', fullPage: true });
  });
});
