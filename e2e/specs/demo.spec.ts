import { expect, test } from '@playwright/test';
import { DEMO, logIn } from '../support/people';

// Issue 14 item 21: `npm start` on an empty database shows what the product does. The server of
// this suite starts empty with SEED_DEMO=true, like `npm start`. Read only: other specs share it.
test.describe('the demo', () => {
  test('the sales partner finds projects with their photo, PDF and proposal; the admin finds open proposal requests', async ({ browser }) => {
    test.setTimeout(90_000);
    const sales = await browser.newPage();
    await sales.goto('/login');
    await logIn(sales, DEMO.sales.email, DEMO.sales.password);
    await expect(sales).toHaveURL(/\/home/);
    await expect(sales.getByRole('region', { name: 'Recent Projects' }).getByText('Harbor Point Cold Storage')).toBeVisible();

    await sales.goto('/projects');
    await sales.getByRole('table').getByRole('row').filter({ hasText: 'Bayside Brewing Company' }).getByRole('link', { name: /View project/ }).click();
    await expect(sales.getByRole('heading', { level: 1, name: 'Bayside Brewing Company' })).toBeVisible();
    await expect(sales.getByRole('list', { name: 'Project stages' }).locator('[aria-current="step"]')).toContainText('Financing and Documentation');

    await sales.getByRole('tab', { name: 'Assets' }).click();
    const photo = sales.getByRole('button', { name: 'Open Bayside Brewing Company - roof.png' }).locator('img');
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(sales.getByRole('link', { name: 'Bayside Brewing Company - energy profile.pdf', exact: true })).toBeVisible();

    await sales.getByRole('tab', { name: 'Proposal' }).click();
    const ticket = sales.getByRole('article', { name: 'Proposal Management Ticket' });
    await expect(ticket.getByTestId('proposal-status')).toHaveText('Revision completed and attached to project');
    await expect(ticket.getByRole('link', { name: /Proposal P-2026-0118-R1/ })).toBeVisible();

    const admin = await browser.newPage();
    await admin.goto('/login');
    await logIn(admin, DEMO.admin.email, DEMO.admin.password);
    await expect(admin).not.toHaveURL(/\/login/);
    await admin.goto('/admin/proposal-management');
    const requests = admin.getByRole('table', { name: 'Proposal requests' });
    // Searched by company: other specs' requests, newer, may fill the first page.
    for (const company of ['Harbor Point Cold Storage', 'Lone Star Tool & Die', 'Hill Country Auto Body', 'Charter Oak Montessori School']) {
      await admin.goto(`/admin/proposal-management?q=${encodeURIComponent(company)}`);
      await expect(requests.getByRole('row').filter({ hasText: company }).getByRole('button', { name: /^Manage proposal/ })).toBeVisible();
    }
  });

  test('the home page is as tall as its content: the scrolled lists keep their hidden texts inside', async ({ page }) => {
    // A screen-reader text (absolutely positioned) in a scrolled list escaped the list when the
    // list was not a positioned box, and stretched the page below the last card.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/login');
    await logIn(page, DEMO.referral.email, DEMO.referral.password);
    await expect(page.getByRole('region', { name: 'Recent Notifications' }).getByRole('link').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(900);
  });
});
