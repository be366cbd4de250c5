import { expect, test } from '@playwright/test';
import { apiToken, auth, createProject } from '../support/api';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 18 item 2: the project's timeline, as the member reads it on the project detail, and
// as it follows an administrator's stage change live, without a reload.

test.describe('project timeline', () => {
  test("the member's own edits and an admin's stage change appear on the open project's timeline", async ({ page, request }) => {
    test.setTimeout(120_000);
    const member = await createMember(request);
    const token = await apiToken(request, member.email, member.password);
    const company = `Timeline Foods ${member.userName}`;
    const projectId = await createProject(request, token, company);

    await page.goto('/login');
    await logIn(page, member.email, member.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/projects/${projectId}`);
    const timeline = page.getByRole('list', { name: 'Project timeline' });
    await expect(timeline.getByRole('listitem')).toHaveCount(1);
    await expect(timeline.getByRole('listitem').first()).toContainText(`${member.firstName} ${member.lastName} created the project ${company}`);
    await expect(timeline.getByRole('listitem').first()).toContainText('just now');

    // The member adds a contact on the Contacts tab: the timeline follows the save.
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Contact' });
    await dialog.getByLabel('First Name').fill('Dana');
    await dialog.getByLabel('Last Name').fill('Reyes');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await expect(dialog).toBeHidden();
    await expect(timeline.getByRole('listitem').first()).toContainText('added contact Dana Reyes');

    // An administrator moves the stage (through the API): the open page shows it live.
    const admin = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const moved = await request.put(`/api/admin/projects/${projectId}`, { headers: auth(admin), data: { project: { project_stage: 'Presentation Ready' } } });
    expect(moved.status(), await moved.text()).toBe(200);
    await expect(timeline.getByRole('listitem').first()).toContainText(`${DEMO.admin.name} moved the project from Project Initiation to Presentation Ready`);
    await expect(timeline.getByRole('listitem')).toHaveCount(3);
  });
});
