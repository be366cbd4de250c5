import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, auth } from '../support/api';
import { expectNoHorizontalOverflow } from '../support/layout';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 38: a partner gives their W-9 and a bank account on /earnings; an administrator pays
// them through the local payout provider from Payables; the bank account is closed, so the
// payout fails and the money is payable again; the partner gives another account, the
// administrator pays again and it arrives; the partner downloads the month's statement.

async function payFromPayables(page: Page, email: string, reference: string, amount: string) {
  await page.goto('/admin/payables');
  const table = page.getByRole('table', { name: 'Partners owed, the oldest debt first' });
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(amount);
  await row.getByRole('checkbox').check();
  await page.getByLabel('Payment reference').fill(reference);
  await page.getByRole('button', { name: 'Record payout run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payouts to 1 partner?' });
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('region', { name: `Payout run ${reference}` })).toContainText(`Paid 1 partner, ${amount} in total.`);
}

test('a partner fills the W-9, a payout fails once and succeeds on retry, and the partner downloads the statement', async ({ browser, request }) => {
  test.setTimeout(150_000);
  // A referral partner: free, so /earnings opens without a subscription; 20 % share, $2,500 minimum.
  const partner = await createMember(request, 'referral_partner');
  const partnerToken = await apiToken(request, partner.email, partner.password);
  const { id: partnerId } = (await (await request.get('/api/user/profile', { headers: auth(partnerToken) })).json()) as { id: number };
  const suffix = partner.userName;

  const partnerContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const member = await partnerContext.newPage();
  await member.goto('/login');
  await logIn(member, partner.email, partner.password);
  await expect(member).not.toHaveURL(/\/login/);
  await member.goto('/earnings');

  // The W-9, with the certification signed; afterwards only the last four digits show.
  const taxForm = member.getByRole('region', { name: 'Tax information (W-9)' });
  await expect(taxForm).toContainText('No payout can be made until you give your W-9.');
  await taxForm.getByLabel('Legal name').fill(`Harbor Partner ${suffix} LLC`);
  await taxForm.getByLabel('Federal tax classification').selectOption('llc_p');
  await taxForm.getByLabel('Employer identification number (EIN)').check();
  await taxForm.getByLabel('Taxpayer identification number', { exact: true }).fill('12-111111');
  await taxForm.getByLabel('Street address').fill('500 Harbor Way');
  await taxForm.getByLabel('City', { exact: true }).fill('Oakland');
  await taxForm.getByLabel('State', { exact: true }).selectOption('CA');
  await taxForm.getByLabel('ZIP code').fill('94607');
  await taxForm.getByRole('checkbox', { name: /I certify under penalties of perjury/ }).check();
  await taxForm.getByRole('button', { name: 'Sign and save W-9' }).click();
  // A TIN that is not nine digits is refused on the field, and nothing is saved.
  await expect(taxForm.getByText('The EIN must be nine digits (12-3456789).')).toBeVisible();
  await taxForm.getByLabel('Taxpayer identification number', { exact: true }).fill('12-3456789');
  await taxForm.getByRole('button', { name: 'Sign and save W-9' }).click();
  await expect(taxForm).toContainText('**-***6789');
  await expect(member.getByText('12-3456789')).toHaveCount(0);

  // The bank account: Stripe's closed-account test number, so the first transfer fails.
  const account = member.getByRole('region', { name: 'Payout account' });
  await account.getByRole('button', { name: 'Set up payouts' }).click();
  await expect(member).toHaveURL(/\/earnings\/payout-account$/);
  const bank = member.getByRole('form', { name: 'Bank account' });
  await bank.getByLabel('Account holder name').fill(`Harbor Partner ${suffix} LLC`);
  await bank.getByLabel('Routing number').fill('110000000');
  await bank.getByLabel('Account number').fill('000111111113');
  await bank.getByRole('button', { name: 'Save bank account' }).click();
  await expect(member).toHaveURL(/\/earnings#payout-account$/);
  await expect(account).toContainText('Ready for payouts');
  await expect(account).toContainText('ending 1113');

  // A completed deal: $20,000 net profit at the referral partner's 20 % share, past the minimum.
  const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  const created = await request.post('/api/admin/projects', { headers: auth(adminToken), data: { project: { user_id: partnerId, company_name: `Pay Trust ${suffix}`, project_stage: 'Project Initiation' } } });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  expect((await request.put(`/api/admin/projects/${projectId}/deal`, { headers: auth(adminToken), data: { contract_value_usd: 120_000, net_profit_usd: 20_000 } })).status()).toBe(200);
  expect((await request.put(`/api/admin/projects/${projectId}`, { headers: auth(adminToken), data: { project: { project_stage: 'Project Completion' } } })).status()).toBe(200);

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await logIn(admin, DEMO.admin.email, DEMO.admin.password);
  await expect(admin).not.toHaveURL(/\/login/);

  // The first payout goes out, and the bank refuses it: the partner is told why, live.
  await payFromPayables(admin, partner.email, `ACH-FAIL-${suffix}`, '$4,000.00');
  const payouts = member.getByRole('table', { name: 'Payouts' });
  const first = payouts.getByRole('row').filter({ hasText: `ACH-FAIL-${suffix}` });
  await expect(first).toContainText('Failed');
  await expect(first).toContainText('The bank account is closed');

  // The partner gives another bank account.
  await account.getByRole('button', { name: 'Update bank account' }).click();
  await bank.getByLabel('Account holder name').fill(`Harbor Partner ${suffix} LLC`);
  await bank.getByLabel('Routing number').fill('110000000');
  await bank.getByLabel('Account number').fill('000123456789');
  await bank.getByRole('button', { name: 'Save bank account' }).click();
  await expect(account).toContainText('ending 6789');

  // The money is payable again, with why the last payout failed; the retry arrives.
  await admin.goto('/admin/payables');
  const again = admin.getByRole('table', { name: 'Partners owed, the oldest debt first' }).getByRole('row').filter({ hasText: partner.email });
  await expect(again).toContainText('Last payout failed: The bank account is closed');
  await payFromPayables(admin, partner.email, `ACH-RETRY-${suffix}`, '$4,000.00');
  const second = payouts.getByRole('row').filter({ hasText: `ACH-RETRY-${suffix}` });
  await expect(second).toContainText('Paid');
  await expect(first).toContainText('Failed');

  // This month's statement: a PDF named for the month.
  const statements = member.getByRole('region', { name: 'Statements' });
  const [download] = await Promise.all([member.waitForEvent('download'), statements.getByRole('link', { name: /^Download .+ PDF$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sunin-statement-\d{4}-\d{2}\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1_000);

  // The page on a phone.
  await member.setViewportSize({ width: 390, height: 844 });
  await member.reload();
  await expect(member.getByRole('region', { name: 'Tax information (W-9)' })).toContainText('**-***6789');
  await expectNoHorizontalOverflow(member);

  await partnerContext.close();
  await adminContext.close();
});
