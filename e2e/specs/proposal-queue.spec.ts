import { expect, test } from '@playwright/test';
import { apiToken, auth, createProject, requestProposal } from '../support/api';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 37 item 2: the owned queue. The administrator assigns a request to themselves and finds
// it under "Mine", the view kept in the address; on a phone the same, in cards.
for (const width of [1280, 390]) {
  test(`at ${width} px an admin assigns a request to themselves and sees it under Mine`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const member = await createMember(request);
    const token = await apiToken(request, member.email, member.password);
    const company = `Queue Owner ${member.userName}`;
    const ticketId = await requestProposal(request, token, await createProject(request, token, company));
    const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const me = (await (await request.get('/api/user/profile', { headers: auth(adminToken) })).json()) as { first_name: string; last_name: string };
    const myName = `${me.first_name} ${me.last_name}`;

    await page.goto('/login');
    await logIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/admin/proposal-management?q=${encodeURIComponent(company)}`);
    const rows = width >= 768 ? page.getByRole('table', { name: 'Proposal requests' }).getByRole('row') : page.getByRole('list', { name: 'Proposal requests' }).getByRole('listitem');
    const row = rows.filter({ hasText: company });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`${member.firstName} ${member.lastName}`);

    // Keyboard: the select, an option, then the Assign button.
    const assignee = row.getByRole('combobox', { name: `Assignee of proposal ${ticketId}` });
    await assignee.focus();
    await assignee.selectOption({ label: myName });
    await page.keyboard.press('Tab');
    await expect(row.getByRole('button', { name: `Assign proposal ${ticketId}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-rht-toaster]').getByText(`Assigned to ${myName}.`)).toBeVisible();

    await page.getByRole('group', { name: 'Queue' }).getByRole('button', { name: 'Mine' }).click();
    await expect(page).toHaveURL(/[?&]assignee=me/);
    await expect(row).toBeVisible();
    await expect(row.getByRole('combobox', { name: `Assignee of proposal ${ticketId}` })).toHaveValue(/\d+/);
    await page.getByRole('group', { name: 'Queue' }).getByRole('button', { name: 'Unassigned' }).click();
    await expect(page).toHaveURL(/[?&]assignee=none/);
    await expect(page.getByText('No proposals match your search and filters')).toBeVisible();
    // Back to Mine, from the address.
    await page.goBack();
    await expect(row).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
