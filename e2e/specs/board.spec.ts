import { expect, test } from '@playwright/test';
import { apiToken, auth, createProject } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalOverflow } from '../support/layout';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 37 item 4: the pipeline board. An admin drags a card to another column and confirms;
// the partner, with the project's page open in another browser, sees the stage follow live (the
// stage change notifies them, and a live notification reads their project queries again).
test('an admin drags a card to another column, confirms, and the partner’s open project page follows', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const member = await createMember(request);
  const memberToken = await apiToken(request, member.email, member.password);
  const company = `Bayside Brewing ${member.userName}`;
  const projectId = await createProject(request, memberToken, company);
  const ownerId = ((await (await request.get(`/api/projects/${projectId}`, { headers: auth(memberToken) })).json()) as { user_id: number }).user_id;
  const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  const setUp = await request.put(`/api/admin/projects/${projectId}`, { headers: auth(adminToken), data: { project: { project_stage: 'Presentation Ready' } } });
  expect(setUp.status(), await setUp.text()).toBe(200);

  // The partner, signed in in a second browser, has the project open.
  const partnerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const partner = await partnerContext.newPage();
  await partner.goto('/login');
  await logIn(partner, member.email, member.password);
  await expect(partner).not.toHaveURL(/\/login/);
  await partner.goto(`/projects/${projectId}`);
  const partnerStage = partner.getByRole('list', { name: 'Project stages' }).locator('[aria-current="step"]');
  await expect(partnerStage).toContainText('Presentation Ready');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/admin/all-projects');
  await page.getByRole('navigation', { name: 'Admin' }).first().getByRole('link', { name: 'Pipeline Board' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline Board' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Project Initiation' })).toBeVisible();
  // The partner's own board (the filter in the address), where the card is the only one.
  await page.goto(`/admin/board?owner_id=${ownerId}`);
  const from = page.getByRole('region', { name: 'Presentation Ready' });
  const to = page.getByRole('region', { name: 'Financing and Documentation' });
  await expect(from).toContainText('1 project');
  const card = from.getByRole('listitem').filter({ hasText: company });
  await expect(card).toContainText('Jordan Rivera');
  await expect(card.getByRole('link', { name: company })).toHaveAttribute('href', `/admin/projects/${projectId}`);

  await expectNoAxeViolations(page, 'the pipeline board');
  await page.screenshot({ path: 'test-results/board-1280.png', fullPage: true });

  await card.dragTo(to);
  const dialog = page.getByRole('dialog', { name: `Move ${company} from Presentation Ready to Financing and Documentation?` });
  await expect(dialog).toContainText('The partner is notified');
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeVisible();
  await page.screenshot({ path: 'test-results/board-confirm-1280.png' });
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(to.getByRole('listitem').filter({ hasText: company })).toBeVisible();
  await expect(from).toContainText('0 projects');

  // The partner's open page follows without a reload.
  await expect(partnerStage).toContainText('Financing and Documentation');
  await partnerContext.close();

  // At 390 px: one list of stage sections, the same cards and their Move to… menu, no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(to.getByRole('button', { name: `Move ${company} to…` })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const [first, second] = [await from.boundingBox(), await to.boundingBox()];
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  await page.screenshot({ path: 'test-results/board-390.png', fullPage: true });

  // The keyboard way: the card's menu, then the same confirmation.
  await to.getByRole('button', { name: `Move ${company} to…` }).click();
  await page.getByRole('menuitem', { name: 'Site Survey and Finalization' }).click();
  const again = page.getByRole('dialog', { name: `Move ${company} from Financing and Documentation to Site Survey and Finalization?` });
  await again.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByRole('region', { name: 'Site Survey and Finalization' }).getByRole('listitem').filter({ hasText: company })).toBeVisible();
});
