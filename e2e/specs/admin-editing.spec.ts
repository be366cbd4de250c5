import { expect, test, type Page } from '@playwright/test';
import { apiToken, auth, createProject, requestProposal } from '../support/api';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 15 item 5: the admin project detail edits a member's project with the member's own tabs
// and texts, through the admin API, on a phone-width screen; the member then sees every change,
// and is notified only of what concerns them (the proposal), not of each edit.

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const toast = (page: Page, text: string) => page.locator('[data-rht-toaster]').getByText(text).first();

/** Nothing on the page is wider than the screen (360 px, the narrowest supported). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test.describe('admin project editing', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("an admin edits a member's site info, contacts, photos and proposal; the member sees it", async ({ page, request }) => {
    test.setTimeout(150_000);
    const member = await createMember(request);
    const memberToken = await apiToken(request, member.email, member.password);
    const memberHeaders = auth(memberToken);
    const userId = ((await (await request.get('/api/user/profile', { headers: memberHeaders })).json()) as { id: number }).id;
    const projectId = await createProject(request, memberToken, `Edit Co ${member.userName}`);
    const ticketId = await requestProposal(request, memberToken, projectId);
    const newName = `Edited Co ${member.userName}`;
    const notificationTitles = async () =>
      ((await (await request.get(`/api/users/${userId}/notifications`, { headers: memberHeaders })).json()) as Array<{ id: number; title: string }>).map((note) => `${note.id} ${note.title}`);
    const before = await notificationTitles();

    await page.goto('/login');
    await logIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/admin/projects/${projectId}`);

    // --- Site Info: the member's form, saved with PUT /api/admin/projects/:id ------------------
    const site = page.getByRole('form', { name: 'Site Information' });
    await site.getByLabel('Company Name').fill(newName);
    await site.getByLabel('City').fill('San Marcos');
    await expect(page.getByRole('tab', { name: /Site Info.*unsaved changes/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    const put = page.waitForRequest((req) => req.method() === 'PUT' && new URL(req.url()).pathname === `/api/admin/projects/${projectId}`);
    await site.getByRole('button', { name: 'Save Site Information' }).click();
    await put;
    await expect(toast(page, 'Updated site information successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Site Info', exact: true })).toBeVisible();

    // --- Project Contacts: add one ---------------------------------------------------------------
    await page.getByRole('tab', { name: 'Project Contacts' }).click();
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const modal = page.getByRole('dialog', { name: 'New Contact' });
    await modal.getByLabel('First Name').fill('Dana');
    await modal.getByLabel('Last Name').fill('Reyes');
    await modal.getByLabel('Email').fill('dana@example.com');
    await modal.getByRole('button', { name: 'Add Contact' }).click();
    await expect(toast(page, 'Contact added successfully!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Dana Reyes' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // --- Assets: two photos up, one deleted --------------------------------------------------------
    await page.getByRole('tab', { name: 'Assets' }).click();
    await expect(page.getByText('No photos yet')).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    await (await chooser).setFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: PNG },
      { name: 'roof.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(toast(page, 'Photos uploaded!')).toBeVisible();
    // The thumbnail loads from the admin's download address (cookie auth).
    await expect(page.getByRole('button', { name: 'Open front.png' }).locator('img')).toHaveJSProperty('naturalWidth', 1);
    await page.getByRole('button', { name: 'Delete roof.png' }).click();
    await page.getByRole('dialog', { name: 'Delete photo?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: 'Open roof.png' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open front.png' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // --- Proposal: the admin's Manage, not the member's requests -----------------------------------
    await page.getByRole('tab', { name: 'Proposal' }).click();
    await expect(page.getByRole('button', { name: 'Request Proposal' })).toHaveCount(0);
    await page.getByRole('button', { name: `Manage proposal ${ticketId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Proposal' });
    await dialog.getByLabel('New Stage').selectOption('Proposal accepted and assigned to engineer');
    await dialog.getByLabel('Engineer').selectOption('Jordan Lee, PE');
    await dialog.getByLabel('Details/Comments').fill('Assigned today');
    await dialog.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(toast(page, 'Proposal updated successfully!')).toBeVisible();
    await expect(page.getByTestId('proposal-status')).toHaveText('Proposal accepted and assigned to engineer');
    await expectNoSidewaysScroll(page);

    // --- The member sees every change in their own project page --------------------------------------
    const memberContext = await page.context().browser()!.newContext({ viewport: { width: 360, height: 780 } });
    const memberPage = await memberContext.newPage();
    await memberPage.goto('/login');
    await logIn(memberPage, member.email, member.password);
    await expect(memberPage).toHaveURL(/\/home$/);
    await memberPage.goto(`/projects/${projectId}`);
    await expect(memberPage.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    // The header's address (the Timeline below also tells of the change).
    await expect(memberPage.getByText(/San Marcos/).first()).toBeVisible();
    await memberPage.getByRole('tab', { name: 'Project Contacts' }).click();
    await expect(memberPage.getByRole('button', { name: 'View Dana Reyes' })).toBeVisible();
    await memberPage.getByRole('tab', { name: 'Assets' }).click();
    await expect(memberPage.getByRole('button', { name: 'Open front.png' })).toBeVisible();
    await expect(memberPage.getByRole('button', { name: 'Open roof.png' })).toHaveCount(0);
    await memberPage.getByRole('tab', { name: 'Proposal' }).click();
    await expect(memberPage.getByTestId('proposal-status')).toHaveText('Proposal accepted and assigned to engineer');
    await memberContext.close();

    // Notified of the proposal, not of the site, contact and photo edits.
    const added = (await notificationTitles()).filter((note) => !before.includes(note));
    expect(added.map((note) => note.replace(/^\d+ /, ''))).toEqual(['Proposal update']);
  });
});

// Issue 34 item 2: a powerful change of a member (here the email) asks for the admin's own
// password in a dialog, keyboard first; a wrong one is said there and changes nothing; the
// right one saves, tells the old address and signs the member out everywhere.
test.describe("admin's own password for a powerful change", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("changing a member's email asks for the admin's password; a wrong one changes nothing", async ({ page, request }) => {
    test.setTimeout(90_000);
    const member = await createMember(request);
    const memberToken = await apiToken(request, member.email, member.password);
    const profile = (await (await request.get('/api/user/profile', { headers: auth(memberToken) })).json()) as { id: number };
    const newEmail = `moved.${member.userName}@example.com`;

    await page.goto('/login');
    await logIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/admin/all-users/${profile.id}`);
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    // A plain field alongside needs nothing more; the email is what asks.
    await page.getByRole('button', { name: `Update ${member.firstName}'s Information` }).click();

    const dialog = page.getByRole('dialog', { name: `Change ${member.firstName}'s email?` });
    await expect(dialog).toContainText('The old address is told, and they are signed out everywhere.');
    const password = dialog.getByLabel('Your password');
    await expect(password).toBeFocused();
    await page.keyboard.type('not my password');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Current password is incorrect.')).toBeVisible();
    expect(((await (await request.get('/api/user/profile', { headers: auth(memberToken) })).json()) as { email: string }).email).toBe(member.email);

    await password.fill(DEMO.admin.password);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'User updated successfully')).toBeVisible();
    // The member's session ended, and the old address was told.
    expect((await request.get('/api/user/profile', { headers: auth(memberToken) })).status()).toBe(401);
    const mails = (await (await request.get('/dev/mailbox.json')).json()) as Array<{ to: string; subject: string }>;
    expect(mails.find((mail) => mail.to === member.email && mail.subject === 'The email of your SunIn account was changed')).toBeTruthy();
  });
});
