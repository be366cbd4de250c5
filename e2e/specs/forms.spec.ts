import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createMember } from '../support/people';

// Issue 14 items 1 to 5 and part of 12, as a member meets them: a failing profile, drafts that
// survive tab switches, the bill amount, Cancel mid-submit, the contacts step, modal focus.

async function signIn(page: Page, request: APIRequestContext, baseURL: string | undefined, accountType = 'referral_partner'): Promise<string> {
  const person = await createMember(request);
  const res = await request.post('/api/login', { data: { user: { email: person.email, password: person.password } } });
  expect(res.status()).toBe(200);
  const token = (res.headers()['authorization'] ?? '').replace(/^Bearer\s+/i, '');
  const { hostname } = new URL(baseURL ?? 'http://localhost');
  await page.context().addCookies(
    [
      ['authorization', token],
      ['account_type', accountType],
    ].map(([name, value]) => ({ name: name!, value: value!, domain: hostname, path: '/', sameSite: 'Strict' as const })),
  );
  return token;
}

async function createProject(request: APIRequestContext, token: string, companyName: string): Promise<number> {
  const res = await request.post('/api/projects', {
    headers: { authorization: `Bearer ${token}` },
    data: { project: { project_stage: 'Project Initiation', company_name: companyName, power_bill_received_status: 'Yes' } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { projectId: number }).projectId;
}

/** Walks the wizard to its Contacts step with a company name and one named contact. */
async function fillWizard(page: Page, companyName: string) {
  await page.getByRole('button', { name: 'New Project', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'New Project' });
  // Item 12: the modal opens with focus in its first field.
  await expect(modal.getByLabel('Company Name')).toBeFocused();
  await page.keyboard.type(companyName);
  for (let step = 0; step < 3; step += 1) await modal.getByRole('button', { name: 'Next' }).click();
  await modal.getByRole('group', { name: 'Contact 1' }).getByLabel('First Name').fill('Jamie');
  return modal;
}

test.describe('forms and failures (issue 14)', () => {
  test('a failing profile shows an error with Retry, asks a bounded number of times, and Retry recovers', async ({ page, request, baseURL }) => {
    // A sales partner's cookie makes the subscription guard wait for the profile.
    await signIn(page, request, baseURL, 'sales_partner');
    let requests = 0;
    let failing = true;
    await page.route('**/api/user/profile', (route) => {
      requests += 1;
      return failing ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong.' } } }) : route.fallback();
    });
    await page.goto('/home');
    await expect(page.getByText('We could not load your account.')).toBeVisible({ timeout: 15_000 });
    const afterError = requests;
    await page.waitForTimeout(5_000);
    expect(requests).toBe(afterError);
    expect(requests).toBeLessThanOrEqual(3);

    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  });

  test('Site Info and Utility Info edits survive tab switches; leaving asks first', async ({ page, request, baseURL }) => {
    const token = await signIn(page, request, baseURL);
    const id = await createProject(request, token, 'Drafty Foods');
    await page.goto(`/projects/${id}`);
    const company = page.getByLabel('Company Name');
    await expect(company).toHaveValue('Drafty Foods');
    await company.fill('Drafty Foods West');

    await page.getByRole('tab', { name: /^Utility Info/ }).click();
    const meter = page.getByRole('group', { name: 'Meter 1' });
    await meter.getByLabel('Jan 2025, Month 1').fill('420');
    // Item 3: one decimal point, two decimals.
    const bill = page.getByLabel('Average Monthly Power Bill Cost');
    await bill.pressSequentially('1.250.00');
    await expect(bill).toHaveValue('1.25');

    await page.getByRole('tab', { name: /^Site Info/ }).click();
    await expect(page.getByLabel('Company Name')).toHaveValue('Drafty Foods West');
    await expect(page.getByRole('tab', { name: 'Site Info (unsaved changes)' })).toBeVisible();
    await page.getByRole('tab', { name: /^Utility Info/ }).click();
    await expect(meter.getByLabel('Jan 2025, Month 1')).toHaveValue('420');
    await expect(page.getByLabel('Average Monthly Power Bill Cost')).toHaveValue('1.25');

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' }).click();
    const confirm = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(confirm).toContainText('Site Information and Utility Information');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));

    await page.getByRole('button', { name: 'Save Utility Information' }).click();
    await expect(page.getByRole('tab', { name: 'Utility Info', exact: true })).toBeVisible({ timeout: 10_000 });
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' }).click();
    await expect(confirm).toContainText('unsaved changes in Site Information.');
    await confirm.getByRole('button', { name: 'Discard and leave' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    // Item 12: the table header does not square off the card's rounded corners.
    const card = page.getByRole('region', { name: 'Your projects' });
    await expect(card.getByRole('table')).toBeVisible();
    expect(await card.evaluate((element) => getComputedStyle(element).overflow)).toBe('hidden');

    await page.goto(`/projects/${id}`);
    await page.getByRole('tab', { name: /^Site Info/ }).click();
    await expect(page.getByLabel('Company Name')).toHaveValue('Drafty Foods');
  });

  test('Cancel while the project is being sent says the project exists, with a link', async ({ page, request, baseURL }) => {
    await signIn(page, request, baseURL);
    let contactPosts = 0;
    await page.route('**/api/projects', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return route.fallback();
    });
    await page.route('**/api/projects/*/contacts', (route) => {
      if (route.request().method() === 'POST') contactPosts += 1;
      return route.fallback();
    });
    await page.goto('/home');
    const modal = await fillWizard(page, 'Cancelled Foods');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(modal.getByText('Uploading project info...')).toBeVisible();
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await expect(modal.getByText('Submission cancelled')).toBeVisible({ timeout: 10_000 });
    await expect(modal).toContainText('“Cancelled Foods” had already been created when you cancelled, with 0 of 1 contacts');
    expect(contactPosts).toBe(0);
    await modal.getByRole('link', { name: 'Open the project' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cancelled Foods' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Project Contacts' })).toHaveAttribute('aria-selected', 'true');
  });

  test('Cancel too late to stop the project offers to delete it, and the project is gone (issue 34 item 7)', async ({ page, request, baseURL }) => {
    await signIn(page, request, baseURL);
    await page.route('**/api/projects', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return route.fallback();
    });
    await page.goto('/projects');
    const modal = await fillWizard(page, 'Regretted Foods');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal.getByText('Submission cancelled')).toBeVisible({ timeout: 10_000 });
    await modal.getByRole('button', { name: 'Delete the project' }).click();
    await expect(modal).toContainText('The project “Regretted Foods” and its contacts were deleted.');
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('region', { name: 'Your projects' })).not.toContainText('Regretted Foods');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByText('Regretted Foods')).toHaveCount(0);
  });

  test("the 60 % 'Uploading contacts...' step shows while contacts are sent", async ({ page, request, baseURL }) => {
    await signIn(page, request, baseURL);
    await page.route('**/api/projects/*/contacts', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1_500));
      return route.fallback();
    });
    await page.goto('/home');
    const modal = await fillWizard(page, 'Contacts Step Foods');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(modal.getByText('Uploading contacts...', { exact: true })).toBeVisible();
    await expect(modal.getByText('Uploading contacts 1/1...')).toBeVisible();
    await expect(modal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 15_000 });
  });
});
