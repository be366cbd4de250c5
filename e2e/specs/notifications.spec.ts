import { expect, test } from '@playwright/test';
import { apiToken, auth, createProject } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalOverflow } from '../support/layout';
import { DEMO, createMember, logIn } from '../support/people';

// Issue 37 item 3: /notifications groups the unread notifications by type, and "Mark all as
// read" reads them all at once: the bell's badge goes to zero and stays there after a reload.
// A member of its own (the welcome note, and two stage changes the administrator makes), so the
// demo's unread notifications, which other specs count, are not touched.

test.describe('notifications that do not drown', () => {
  test('a member sees the unread grouped by type and marks them all read; the badge goes to zero', async ({ page, request }) => {
    const member = await createMember(request);
    const token = await apiToken(request, member.email, member.password);
    const admin = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const projectId = await createProject(request, token, 'Read All Roasters');
    for (const stage of ['Presentation Ready', 'Financing and Documentation']) {
      const res = await request.put(`/api/admin/projects/${projectId}`, { headers: auth(admin), data: { project: { project_stage: stage } } });
      expect(res.status(), await res.text()).toBe(200);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await logIn(page, member.email, member.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/notifications');

    const bell = page.getByRole('link', { name: 'Notifications, 3 unread' });
    await expect(bell).toBeVisible();
    const groups = page.getByRole('region', { name: 'Unread by type' });
    await expect(groups.getByRole('region', { name: /Stage changes/ })).toContainText('2 unread');
    await expect(groups.getByRole('region', { name: /Welcome/ })).toContainText('1 unread');
    await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(3);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, '/notifications');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(groups).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    // The server kept it: after a reload, still nothing unread.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
