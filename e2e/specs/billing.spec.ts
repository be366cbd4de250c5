import { expect, test, type Page } from '@playwright/test';
import { waitForReact } from '../support/hydration';
import { createMember, logIn, newPerson } from '../support/people';

// Billing with the local test provider (no STRIPE_SECRET_KEY on the e2e server): its own card
// form, Stripe's test cards, and the same server-side event handling as Stripe's webhooks.

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Subscribe — $129/month' }).click();
}

test.describe('sales partner billing (local test provider)', () => {
  test('signs up as a sales partner, pays with the test card, waits through /activating-now and lands on /home', async ({ page }) => {
    test.setTimeout(90_000);
    const person = newPerson();
    await page.goto('/signup');
    await waitForReact(page); // the plan cards do nothing before hydration
    await page.getByText('Sales Partner', { exact: false }).first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'No' }).or(page.getByRole('radio', { name: 'No' })).first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('First Name').fill(person.firstName);
    await page.getByLabel('Last Name').fill(person.lastName);
    await page.getByLabel('Username').fill(person.userName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Phone Number').fill('5125550100');
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm Password').fill(person.password);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Address Line 1').fill('1 Solar Way');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').fill('TX');
    await page.getByLabel('ZIP').fill('78701');
    await page.getByRole('button', { name: 'Next' }).click();

    // member-app.md 2: after signup anyone but a referral partner goes to /checkout.
    await expect(page).toHaveURL(/\/checkout$/);
    const plan = page.getByRole('region', { name: 'Your plan' });
    await expect(plan.getByText('Sales Partner — $129/month')).toBeVisible();
    await expect(plan.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment' }).getByText('Test mode', { exact: true })).toBeVisible();

    // Unpaid, the member area sends them back here.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/checkout$/);

    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/activating-now$/);
    const startedAt = Date.now();
    await expect(page.getByRole('heading', { name: 'Activating your account…' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your account is active!' })).toBeVisible({ timeout: 20_000 });
    // Shown at least 6 seconds (member-app.md 9).
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(5_000);
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText(`Welcome, ${person.firstName}!`)).toBeVisible();

    // Paid: /checkout now sends them home, and the profile shows the plan and the portal link.
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/profile');
    const billing = page.getByRole('region', { name: 'Billing Information' });
    await expect(billing.getByText('Sales Partner — $129/month')).toBeVisible();
    await expect(billing.getByText('Active', { exact: true })).toBeVisible();
    await expect(billing.getByText('Renews on')).toBeVisible();

    // The local billing portal: cancel at the period end, then reinstate.
    await billing.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(page.getByText('Active (cancels at the end of the period)')).toBeVisible();
    // pending_cancelation still opens the member area.
    await page.goto('/projects');
    await expect(page).toHaveURL(/\/projects$/);
    await page.goto('/billing');
    await page.getByRole('button', { name: 'Reinstate subscription' }).click();
    await expect(page.getByText('Your subscription is active again.')).toBeVisible();
    await expect(page.getByText('Renews on')).toBeVisible();
  });

  test('a declined card keeps the member on /checkout with a message', async ({ page, request }) => {
    const person = await createMember(request, 'sales_partner');
    await page.goto('/login');
    await logIn(page, person.email, person.password);
    // The login lands on /home, which sends an unpaid sales partner to /checkout.
    await expect(page).toHaveURL(/\/checkout$/);

    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'authorization')?.value;
    const profile = await request.get('/api/user/profile', { headers: { authorization: `Bearer ${token}` } });
    expect((await profile.json()).subscription_status).toBeNull();

    // The same checkout then takes the good card.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe — $129/month' }).click();
    await expect(page).toHaveURL(/\/activating-now$/);
  });
});
