import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, logIn } from '../support/people';

/**
 * Sessions you can see and end (issue 13 item 4, ASVS 7.5.2): the same member signed in twice,
 * the first browser signs the second out from the list on /profile, and the second's next
 * action lands on the login page.
 */
// A user agent only this spec uses, so the row to end is the second browser's and no other spec's.
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_ROW = /^Sign out Safari on iPad/;

async function signedIn(browser: Browser, userAgent?: string): Promise<Page> {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, DEMO.referral.email, DEMO.referral.password);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

test('a member signs another browser out from the session list', async ({ browser }) => {
  const first = await signedIn(browser);
  const second = await signedIn(browser, IPAD);

  await first.goto('/profile');
  const sessions = first.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByText('This device')).toBeVisible();
  await expect(first.getByRole('button', { name: IPAD_ROW }).first()).toBeVisible();

  // Every iPad row is this spec's (a retried run may leave one): end them all.
  const ipadRows = first.getByRole('button', { name: IPAD_ROW });
  for (let left = await ipadRows.count(); left > 0; left -= 1) {
    await ipadRows.first().click();
    const dialog = first.getByRole('dialog', { name: 'Sign out this session?' });
    await dialog.getByLabel('Current password').fill(DEMO.referral.password);
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(dialog).toBeHidden();
    await expect(ipadRows).toHaveCount(left - 1); // the list has refreshed before the next click
  }
  await expect(first.getByText('That session was signed out.')).toBeVisible();

  // The second browser still holds its cookie, but the server refuses the ended session.
  await second.goto('/profile');
  await expect(second).toHaveURL(/\/login$/);

  // The first one is still signed in.
  await first.reload();
  await expect(first.getByRole('list', { name: 'Active sessions' }).getByText('This device')).toBeVisible();

  await first.context().close();
  await second.context().close();
});
