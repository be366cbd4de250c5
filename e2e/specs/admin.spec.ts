import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, auth, createProject, requestProposal } from '../support/api';
import { createMember, DEMO, logIn, type Person } from '../support/people';

// The admin area (issue 5, public-site-and-admin.md 2.10): the seeded full access admin works on
// members, proposals and projects a fresh member made through the API; the member then sees
// the results through the member API.

const ENGINEER = 'Jordan Lee, PE';

interface MemberTicket {
  id: number;
  status: number;
  engineer_name: string;
  rejection_reason: string | null;
  rejection_specific: string | null;
  proposal_links: Array<{ title: string; url: string }>;
}

async function memberTicket(request: APIRequestContext, token: string, projectId: number, ticketId: number): Promise<MemberTicket> {
  const res = await request.get(`/api/projects/${projectId}/proposal_tickets`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  const ticket = ((await res.json()) as MemberTicket[]).find((t) => t.id === ticketId);
  expect(ticket, `ticket ${ticketId}`).toBeTruthy();
  return ticket!;
}

const toast = (page: Page, text: string) => page.locator('[data-rht-toaster]').getByText(text).first();

test.describe('admin area', () => {
  test('an admin filters and edits members, processes proposals and sets a project stage; the member sees it', async ({ page, request }) => {
    test.setTimeout(150_000);

    // A member with two projects, each with a proposal request, all through the API.
    const member: Person = await createMember(request);
    const memberToken = await apiToken(request, member.email, member.password);
    const profile = (await (await request.get('/api/user/profile', { headers: auth(memberToken) })).json()) as { id: number };
    const acceptedProject = await createProject(request, memberToken, `Accepted Co ${member.userName}`);
    const rejectedProject = await createProject(request, memberToken, `Rejected Co ${member.userName}`);
    const acceptedTicket = await requestProposal(request, memberToken, acceptedProject);
    const rejectedTicket = await requestProposal(request, memberToken, rejectedProject);

    await page.goto('/login');
    await logIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).not.toHaveURL(/\/login/);

    // --- Members: filter by role ------------------------------------------------------------
    await page.goto('/admin/all-users');
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    await expect(page.getByText(/Showing 1 to \d+ of \d+ results/)).toBeVisible();
    await page.getByLabel('Company Role').selectOption('full_access_admin');
    await expect(page.getByRole('cell', { name: DEMO.admin.email })).toBeVisible();
    await expect(page.getByRole('cell', { name: member.email })).toHaveCount(0);

    // --- Edit the member -------------------------------------------------------------------
    await page.goto(`/admin/all-users/${profile.id}`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
    await page.getByLabel('City').fill('Houston');
    await page.getByLabel('Company Role').selectOption('project_manager');
    await page.getByLabel('Referred By').fill('Avery Admin');
    await page.getByRole('button', { name: `Update ${member.firstName}'s Information` }).click();
    // A role change is confirmed first (issue 14 item 18).
    const access = page.getByRole('dialog', { name: `Change ${member.firstName}'s access?` });
    await expect(access).toContainText('Company role: None → Project Manager');
    await access.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'User updated successfully')).toBeVisible();
    await expect(page.getByText(`${member.firstName}'s information was saved. Company role is now Project Manager.`)).toBeVisible();
    // The member's own profile shows the change.
    const updated = (await (await request.get('/api/user/profile', { headers: auth(memberToken) })).json()) as { city: string; company_role: string; referrer_name: string };
    expect(updated).toMatchObject({ city: 'Houston', company_role: 'project_manager', referrer_name: 'Avery Admin' });
    // The role filter now finds them.
    await page.getByRole('link', { name: 'Members' }).first().click();
    // The edit page has a Company Role field too, and stays on screen a moment after the URL
    // changes: choose the filter once the list's own heading is there.
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    await page.getByLabel('Company Role').selectOption('project_manager');
    await expect(page.getByRole('cell', { name: member.email })).toBeVisible();

    // --- Proposal: requested -> accepted (engineer required) -> created with a link ----------
    await page.getByRole('link', { name: 'Proposal Management' }).first().click();
    await expect(page.getByRole('heading', { name: 'Proposal Requests' })).toBeVisible();
    await page.getByRole('button', { name: `Manage proposal ${acceptedTicket}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Proposal' });
    await dialog.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(dialog.getByText('Please select a new stage.')).toBeVisible();
    await dialog.getByLabel('New Stage').selectOption('Proposal accepted and assigned to engineer');
    await dialog.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(dialog.getByText("Please enter the engineer's name.")).toBeVisible();
    await dialog.getByLabel('Engineer').selectOption(ENGINEER);
    await dialog.getByLabel('Details/Comments').fill('Assigned for design.');
    await dialog.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(toast(page, 'Proposal updated successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await memberTicket(request, memberToken, acceptedProject, acceptedTicket)).toMatchObject({ status: 2, engineer_name: ENGINEER });

    await page.getByRole('button', { name: `Manage proposal ${acceptedTicket}` }).click();
    await dialog.getByLabel('New Stage').selectOption('Proposal created and attached to project');
    await dialog.getByLabel('Proposal Link Title').fill('Solar proposal v1');
    await dialog.getByLabel('Proposal Link URL').fill('https://example.com/proposal-v1.pdf');
    await dialog.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(toast(page, 'Proposal updated successfully!')).toBeVisible();
    // Terminal tickets leave the Manage list; the summary keeps showing the one just updated.
    await expect(page.getByRole('button', { name: `Manage proposal ${acceptedTicket}` })).toHaveCount(0);
    // (By its number: the demo's own tickets are on the page too.)
    await expect(page.locator('section', { hasText: new RegExp(`Proposal #${acceptedTicket}(?!\\d)`) })).toContainText('Proposal created and attached to project');
    const created = await memberTicket(request, memberToken, acceptedProject, acceptedTicket);
    expect(created.status).toBe(3);
    expect(created.proposal_links.map((link) => link.url)).toContain('https://example.com/proposal-v1.pdf');

    // --- Another proposal: rejected with a reason and a specific field ------------------------
    await page.getByRole('button', { name: `Manage proposal ${rejectedTicket}` }).click();
    await dialog.getByLabel('New Stage').selectOption('Proposal request rejected');
    await expect(dialog.getByLabel('Rejection Specific')).toHaveCount(0);
    await dialog.getByLabel('Rejection Reason').selectOption('missing information');
    await dialog.getByLabel('Rejection Specific').selectOption('utility_company');
    await dialog.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(toast(page, 'Proposal updated successfully!')).toBeVisible();
    expect(await memberTicket(request, memberToken, rejectedProject, rejectedTicket)).toMatchObject({
      status: 4,
      rejection_reason: 'missing information',
      rejection_specific: 'utility_company',
    });

    // --- Project Stages: any stage can be made current --------------------------------------
    await page.getByRole('link', { name: 'All Projects' }).first().click();
    await page.getByRole('link', { name: `View project ${acceptedProject}` }).click();
    await page.getByRole('tab', { name: 'Project Stages' }).click();
    await page.getByRole('button', { name: 'Set Site Survey and Finalization as current stage' }).click();
    await expect(toast(page, 'Project stage updated successfully!')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Choose the current stage' }).locator('[aria-current="step"]')).toContainText('Site Survey and Finalization');
    const project = (await (await request.get(`/api/projects/${acceptedProject}`, { headers: auth(memberToken) })).json()) as { project_stage: string };
    expect(project.project_stage).toBe('Site Survey and Finalization');

    // Archiving is confirmed first, naming what happens (issue 14 item 18).
    await page.getByRole('button', { name: 'Set Archived as current stage' }).click();
    const archive = page.getByRole('dialog', { name: 'Archive this project?' });
    await expect(archive).toContainText(`leaves ${member.firstName} ${member.lastName}'s working projects`);
    await archive.getByRole('button', { name: 'Archive project' }).click();
    await expect(page.getByRole('list', { name: 'Choose the current stage' }).locator('[aria-current="step"]')).toContainText('Archived');
    const archived = (await (await request.get(`/api/projects/${acceptedProject}`, { headers: auth(memberToken) })).json()) as { project_stage: string };
    expect(archived.project_stage).toBe('Archived');

    // --- Any other admin path is Coming Soon, inside the shell --------------------------------
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Proposal Management' }).first()).toBeVisible();
  });
});
