import { expect, test } from '@playwright/test';
import { apiToken, auth, createProject, requestProposal } from '../support/api';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 15 item 1: the admin area is live. A member's new proposal request shows in an open
// Proposal Requests page and in the admin's bell, without a reload.
test('a new proposal request appears in the open Proposal Requests and the admin bell without a reload', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/admin/proposal-management');
  const requests = page.getByRole('table', { name: 'Proposal requests' });
  await expect(requests).toBeVisible();
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAttribute('href', '/admin/notifications');
  const unread = async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  const before = await unread();

  const member = await createMember(request);
  const token = await apiToken(request, member.email, member.password);
  const company = `Live Request ${member.userName}`;
  await requestProposal(request, token, await createProject(request, token, company));

  await expect(requests.getByRole('row').filter({ hasText: company })).toBeVisible();
  await expect.poll(unread).toBeGreaterThan(before);
  await bell.click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole('list', { name: 'Notifications' }).getByText(company).first()).toBeVisible();
});

test("one admin's stage change shows on another admin's open project page without a reload", async ({ page, request }) => {
  const member = await createMember(request);
  const memberToken = await apiToken(request, member.email, member.password);
  const projectId = await createProject(request, memberToken, `Live Stage ${member.userName}`);

  await page.goto('/login');
  await logIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/admin/projects/${projectId}`);
  const current = page.getByRole('list', { name: 'Project stages' }).locator('[aria-current="step"]');
  await expect(current).toContainText('Project Initiation');

  // A second administrator (the same account in another session) moves the project on.
  const otherAdmin = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  const res = await request.put(`/api/admin/projects/${projectId}`, { headers: auth(otherAdmin), data: { project: { project_stage: 'Presentation Ready' } } });
  expect(res.status(), await res.text()).toBe(200);

  await expect(current).toContainText('Presentation Ready');
});
