import { expect, test } from '@playwright/test';
import { apiToken, auth } from '../support/api';
import { createMember, DEMO, logIn } from '../support/people';

/**
 * Issue 37 items 5 and 6: a partner searches and filters their own projects, with the list in
 * the address, and is warned before creating the same site twice; the admin lands on the queue.
 */
test.describe('the partner’s own list', () => {
  test('searches, filters and sorts in the address, and is warned when creating the same site twice', async ({ page, request }) => {
    test.setTimeout(120_000);
    const person = await createMember(request);
    const token = await apiToken(request, person.email, person.password);
    const create = async (company: string, address_1: string, city: string, state: string) => {
      const res = await request.post('/api/projects', { headers: auth(token), data: { project: { project_stage: 'Project Initiation', company_name: company, address_1, city, state, zip: '' } } });
      expect(res.status(), await res.text()).toBe(201);
    };
    await create('Pacific Fastener Supply', '4100 Industrial Pkwy', 'Austin', 'TX');
    await create('Harbor Point Cold Storage', '1200 Harbor Dr', 'San Diego', 'CA');
    await create('Mesa Verde Veterinary', '55 Mesa Rd', 'Chula Vista', 'CA');

    await page.goto('/login');
    await logIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/projects');
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: 'Pacific Fastener Supply' })).toBeVisible();

    await page.getByLabel('Search projects').fill('harbor');
    await page.getByLabel('Search projects').press('Enter');
    await expect(page).toHaveURL(/q=harbor/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('link', { name: 'Harbor Point Cold Storage' })).toBeVisible();

    await page.getByLabel('Search projects').fill('');
    await page.getByLabel('Search projects').press('Enter');
    await page.getByLabel('State').selectOption('CA');
    await page.getByLabel('Sort by').selectOption({ label: 'Company (Z to A)' });
    await expect(page).toHaveURL(/state=CA/);
    await expect(page).toHaveURL(/sort=-company_name/);
    const companies = () => table.locator('tbody tr td:nth-child(2) a').allInnerTexts();
    await expect.poll(companies).toEqual(['Mesa Verde Veterinary', 'Harbor Point Cold Storage']);
    // A reload keeps the list as it was.
    await page.reload();
    await expect(page.getByLabel('State')).toHaveValue('CA');
    await expect.poll(companies).toEqual(['Mesa Verde Veterinary', 'Harbor Point Cold Storage']);

    await page.getByLabel('Search projects').fill('no such company');
    await page.getByLabel('Search projects').press('Enter');
    await expect(page.getByText('No projects match')).toBeVisible();
    await page.goBack();
    await expect(table.getByRole('link', { name: 'Mesa Verde Veterinary' })).toBeVisible();

    // The same site again, typed another way: the wizard asks first.
    await page.goto('/home');
    await page.getByRole('button', { name: 'New Project', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Project' });
    await dialog.getByLabel('Company Name').fill('Pacific Fasteners Inc');
    await dialog.getByLabel('Address Line 1').fill('4100 industrial parkway');
    await dialog.getByLabel('City').fill('austin');
    await dialog.getByLabel('State').fill('TX');
    for (let step = 0; step < 3; step++) await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const warning = dialog.getByRole('alert');
    await expect(warning).toContainText('You already have Pacific Fastener Supply at 4100 Industrial Pkwy. Create it anyway?');
    await warning.getByRole('button', { name: 'Create anyway' }).click();
    await expect(page).toHaveURL(/\/projects\/\d+$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Pacific Fasteners Inc' })).toBeVisible();
  });

  test('the admin lands on the proposal queue, with its sidebar item current', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/proposal-management$/);
    await expect(page.getByRole('navigation', { name: 'Admin' }).first().getByRole('link', { name: 'Proposal Management' })).toHaveAttribute('aria-current', 'page');
  });
});
