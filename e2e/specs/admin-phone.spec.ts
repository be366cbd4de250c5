import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, createProject, requestProposal } from '../support/api';
import { expectNoHorizontalOverflow } from '../support/layout';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 14 item 17: on a phone the admin lists are cards, nothing widens the page, and the
// Manage Proposal dialog fits the screen, its buttons reachable.

async function expectInsideViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test.describe('admin area on a phone', () => {
  let company = '';

  test.beforeAll(async ({ request }) => {
    const member = await createMember(request);
    const token = await apiToken(request, member.email, member.password);
    company = `Phone Width Bakery and Solar Company ${member.userName}`;
    await requestProposal(request, token, await createProject(request, token, company));
  });

  for (const width of [360, 390]) {
    test(`at ${width} px the lists fit the screen and Manage Proposal fits too`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/login');
      await logIn(page, DEMO.admin.email, DEMO.admin.password);
      await expect(page).not.toHaveURL(/\/login/);

      await page.goto('/admin/proposal-management');
      await expect(page.getByRole('heading', { name: 'Proposal Requests' })).toBeVisible();
      const cards = page.getByRole('list', { name: 'Proposal requests' });
      await expect(cards).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expectNoHorizontalOverflow(page);

      const card = cards.getByRole('listitem').filter({ hasText: company });
      const manage = card.getByRole('button', { name: /^Manage proposal/ });
      await manage.scrollIntoViewIfNeeded();
      await expectInsideViewport(page, manage);
      await manage.click();

      const dialog = page.getByRole('dialog', { name: 'Manage Proposal' });
      // The dialog element itself has no box (its panel is fixed); the panel is what is seen.
      const panel = dialog.locator('[id^="headlessui-dialog-panel"]');
      await expect(panel).toBeVisible();
      // The longest stage name widens a select the most; every field and button must stay inside.
      await dialog.getByLabel('New Stage').selectOption('Revision request accepted and assigned to engineer');
      await expectNoHorizontalOverflow(page);
      await expectInsideViewport(page, panel);
      for (const control of [dialog.getByLabel('New Stage'), dialog.getByLabel('Details/Comments'), dialog.getByRole('button', { name: 'Update Proposal' }), dialog.getByRole('button', { name: 'Cancel' })]) {
        await control.scrollIntoViewIfNeeded();
        await expectInsideViewport(page, control);
      }
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(panel).toBeHidden();

      for (const [path, heading] of [
        ['/admin/all-users', 'All Users'],
        ['/admin/all-projects', 'All Projects'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await expect(page.getByRole('link', { name: /^View / }).first()).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await expectInsideViewport(page, page.getByRole('link', { name: /^View / }).first());
      }
    });
  }
});
