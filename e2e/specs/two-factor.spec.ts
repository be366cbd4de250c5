import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { waitForReact } from '../support/hydration';
import { createMember, logIn } from '../support/people';

const STEP_MS = 30_000;

/** What an authenticator app shows for `secret` during the 30-second step holding `timestampMs`. */
function codeAt(secret: string, timestampMs: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30, timestamp: timestampMs });
}

/** Waits until the clock is at least 5 s away from a step boundary, so the code typed is the server's current one. */
async function awayFromStepEdge(): Promise<void> {
  const into = Date.now() % STEP_MS;
  if (into < 2_000) await new Promise((resolve) => setTimeout(resolve, 2_000 - into));
  else if (into > STEP_MS - 5_000) await new Promise((resolve) => setTimeout(resolve, STEP_MS - into + 2_000));
}

test.describe('two-factor sign-in (issue 13 item 5)', () => {
  test('a member turns on two-factor with the key shown, logs out, and logs in with a code', async ({ page, request }) => {
    test.setTimeout(120_000);
    const person = await createMember(request);
    await page.goto('/login');
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/profile');
    await waitForReact(page);
    const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(panel.getByText(/Two-factor sign-in is off/)).toBeVisible();
    await panel.getByRole('button', { name: 'Set up' }).click();
    await panel.getByLabel('Current password').fill(person.password);
    await panel.getByRole('button', { name: 'Continue' }).click();

    await expect(panel.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await panel.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await awayFromStepEdge();
    const confirmedAt = Date.now();
    await panel.getByLabel('Code from the app').fill(codeAt(secret, confirmedAt));
    await panel.getByRole('button', { name: 'Turn on' }).click();

    const codes = panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await panel.getByRole('button', { name: 'I saved them' }).click();
    await expect(panel.getByText(/Two-factor sign-in is on/)).toBeVisible();

    await page.getByRole('button', { name: `${person.firstName} ${person.lastName}` }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await waitForReact(page);
    await logIn(page, person.email, person.password);
    const codeField = page.getByLabel('Authentication code');
    await expect(codeField).toBeVisible();
    // The confirm spent its step (a code works once): the app's next code signs in.
    await codeField.fill(codeAt(secret, (Math.floor(confirmedAt / STEP_MS) + 1) * STEP_MS));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});
