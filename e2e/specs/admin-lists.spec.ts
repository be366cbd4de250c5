import { expect, test } from '@playwright/test';
import { apiToken, createProject, requestProposal } from '../support/api';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 15 items 2 and 3 on the screens: search, filters and sort live in the URL, so Back,
// reload and a shared link restore the list; Export downloads the filtered list as CSV.

test.describe('admin lists', () => {
  test('a search, a filter and Back restore the list; reload and a shared link restore it too', async ({ page, request }) => {
    test.setTimeout(120_000);
    const member = await createMember(request);
    const token = await apiToken(request, member.email, member.password);
    const alpha = `Alpha ${member.userName}`;
    const beta = `Beta ${member.userName}`;
    await createProject(request, token, alpha);
    const betaId = await createProject(request, token, beta);
    await requestProposal(request, token, betaId);

    await page.goto('/login');
    await logIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).not.toHaveURL(/\/login/);

    // --- All Projects: search, then a filter ----------------------------------------------
    await page.goto('/admin/all-projects');
    await expect(page.getByRole('heading', { name: 'All Projects' })).toBeVisible();
    const table = page.getByRole('table', { name: 'All projects' });
    await expect(table).toBeVisible();
    // `/` jumps to the search box.
    await page.locator('body').press('/');
    const search = page.getByRole('searchbox', { name: 'Search projects' });
    await expect(search).toBeFocused();
    await search.pressSequentially(member.userName);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${member.userName}`));
    await expect(table.getByRole('cell', { name: alpha, exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: beta, exact: true })).toBeVisible();
    await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible();

    await page.locator('summary', { hasText: 'Stage' }).click();
    // The box follows the address, which the click changes a moment later.
    await page.getByRole('checkbox', { name: 'Archived' }).click();
    await expect(page.getByRole('checkbox', { name: 'Archived' })).toBeChecked();
    await expect(page.getByText('No projects match your search and filters')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Active filters' }).getByRole('button', { name: 'Remove Stage: Archived' })).toBeVisible();

    // Back: the search without the filter, both rows again.
    await page.goBack();
    await expect(table.getByRole('cell', { name: alpha, exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Archived' })).not.toBeChecked();
    await expect(search).toHaveValue(member.userName);

    // Sort by company, descending: Beta before Alpha.
    await table.getByRole('button', { name: 'Company' }).click();
    await expect(table.getByRole('columnheader', { name: 'Company' })).toHaveAttribute('aria-sort', 'ascending');
    await table.getByRole('button', { name: 'Company' }).click();
    await expect(table.getByRole('columnheader', { name: 'Company' })).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByRole('row').nth(1)).toContainText(beta);

    // Reload keeps all of it.
    await page.reload();
    await expect(search).toHaveValue(member.userName);
    await expect(table.getByRole('columnheader', { name: 'Company' })).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByRole('row').nth(1)).toContainText(beta);
    await expect(table.getByRole('row')).toHaveCount(3);

    // --- All Users: a shared link with a search and a filter --------------------------------
    await page.goto(`/admin/all-users?q=${member.userName}&account_type=referral_partner`);
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(member.userName);
    await expect(page.getByLabel('Account Type')).toHaveValue('referral_partner');
    await expect(page.getByRole('cell', { name: member.email })).toBeVisible();
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
    await page.getByLabel('Account Type').selectOption('sales_partner');
    await expect(page.getByText('No users match your search and filters')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('cell', { name: member.email })).toBeVisible();
    // Escape clears the search.
    await page.getByRole('searchbox', { name: 'Search users' }).press('Escape');
    await expect(page).not.toHaveURL(/[?&]q=/);

    // --- Proposal Requests: search and status ----------------------------------------------
    await page.goto('/admin/proposal-management');
    await page.getByRole('searchbox', { name: 'Search proposals' }).fill(beta);
    const proposals = page.getByRole('table', { name: 'Proposal requests' });
    await expect(proposals.getByRole('row')).toHaveCount(2);
    await expect(proposals.getByRole('button', { name: beta })).toBeVisible();
    await page.locator('summary', { hasText: 'Status' }).click();
    await page.getByRole('checkbox', { name: 'Proposal request rejected' }).click();
    await expect(page.getByRole('checkbox', { name: 'Proposal request rejected' })).toBeChecked();
    await expect(page.getByText('No proposals match your search and filters')).toBeVisible();
    await page.goBack();
    await expect(proposals.getByRole('button', { name: beta })).toBeVisible();
  });

  test('Export downloads the filtered list as CSV', async ({ page, request }) => {
    const member = await createMember(request);
    const token = await apiToken(request, member.email, member.password);
    const company = `Export ${member.userName}`;
    await createProject(request, token, company);

    await page.goto('/login');
    await logIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto(`/admin/all-projects?q=${member.userName}`);
    await expect(page.getByRole('cell', { name: company, exact: true })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = await (await download.createReadStream()).toArray();
    const csv = Buffer.concat(text).toString('utf8');
    expect(csv).toContain(company);
    // Only the filtered list: the header row and one project.
    expect(csv.trim().split(/\r?\n/)).toHaveLength(2);

    await page.goto(`/admin/all-users?q=${member.userName}`);
    await expect(page.getByRole('cell', { name: member.email })).toBeVisible();
    const [users] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(users.suggestedFilename()).toMatch(/\.csv$/);
    expect(Buffer.concat(await (await users.createReadStream()).toArray()).toString('utf8')).toContain(member.email);
  });
});
