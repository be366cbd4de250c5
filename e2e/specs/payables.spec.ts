import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Download } from '@playwright/test';
import { dialogSettled, expectNoAxeViolations } from '../support/axe';
import { apiToken, auth, makePayoutReady } from '../support/api';
import { expectNoHorizontalOverflow } from '../support/layout';
import { createMember, DEMO, logIn, type Person } from '../support/people';

// Issue 37 item 1: an administrator pays three partners in one payout run on /admin/payables,
// then downloads both accounting CSVs and reads them; the screen is looked at on a phone too.
// A run pays only the amounts confirmed: a balance changed meanwhile is refused, not paid.

/**
 * A partner with one approved deal: an admin creates the partner's project (a sales partner
 * without a subscription cannot), records the deal and completes it.
 */
async function owedPartner(request: APIRequestContext, adminToken: string, accountType: 'referral_partner' | 'sales_partner', netProfit: number): Promise<Person & { company: string; id: number }> {
  const partner = await createMember(request, accountType);
  const company = `Payables ${partner.userName}`;
  const partnerToken = await apiToken(request, partner.email, partner.password);
  // Issue 38: the partner's W-9 and payout account, without which nothing is paid.
  await makePayoutReady(request, partnerToken);
  const profile = await request.get('/api/user/profile', { headers: auth(partnerToken) });
  const { id } = (await profile.json()) as { id: number };
  const created = await request.post('/api/admin/projects', { headers: auth(adminToken), data: { project: { user_id: id, company_name: company, project_stage: 'Project Initiation' } } });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  const deal = await request.put(`/api/admin/projects/${projectId}/deal`, { headers: auth(adminToken), data: { contract_value_usd: netProfit * 6, net_profit_usd: netProfit } });
  expect(deal.status(), await deal.text()).toBe(200);
  const completed = await request.put(`/api/admin/projects/${projectId}`, { headers: auth(adminToken), data: { project: { project_stage: 'Project Completion' } } });
  expect(completed.status(), await completed.text()).toBe(200);
  return { ...partner, company, id };
}

/** A downloaded CSV's rows (no quoted line breaks in these files), without the byte order mark. */
async function csvLines(download: Download): Promise<string[]> {
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).split('\r\n').filter(Boolean);
}

test('an admin pays three partners in one run and downloads both accounting CSVs', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  // Sales partners have no minimum; the referral partner's $3,000 is past its $2,500.
  const partners = [await owedPartner(request, adminToken, 'sales_partner', 1_000), await owedPartner(request, adminToken, 'referral_partner', 15_000), await owedPartner(request, adminToken, 'sales_partner', 2_500.5)];
  const amounts = ['$600.00', '$3,000.00', '$1,500.30'];
  const reference = `ACH-RUN-${partners[0]!.userName}`;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).first().getByRole('link', { name: 'Payables' }).click();
  await expect(page).toHaveURL(/\/admin\/payables$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payables' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Partners owed, the oldest debt first' });
  const rowOf = (partner: Person) => table.getByRole('row').filter({ hasText: partner.email });
  for (const [index, partner] of partners.entries()) {
    await expect(rowOf(partner)).toContainText(amounts[index]!);
    await expect(rowOf(partner)).toContainText('today');
  }
  await expect(rowOf(partners[1]!)).toContainText('Referral Partner');
  await rowOf(partners[1]!).getByRole('button', { name: `Show entries of ${partners[1]!.firstName} ${partners[1]!.lastName}` }).click();
  await expect(page.getByRole('list', { name: /payable entries/ })).toContainText(partners[1]!.company);
  await expectNoAxeViolations(page, '/admin/payables');

  for (const partner of partners) await rowOf(partner).getByRole('checkbox').check();
  await expect(page.getByText('3 partners ticked, $5,100.30')).toBeVisible();
  await page.getByLabel('Payment reference').fill(reference);
  await page.getByRole('button', { name: 'Record payout run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payouts to 3 partners?' });
  await expect(dialog).toContainText('3 payouts, $5,100.30 in total');
  await dialogSettled(page);
  await expectNoAxeViolations(page, 'the payout run confirmation');
  await dialog.getByRole('button', { name: 'Pay $5,100.30' }).click();

  const result = page.getByRole('region', { name: `Payout run ${reference}` });
  await expect(result).toContainText('Paid 3 partners, $5,100.30 in total. Each was notified.');
  await expect(result.getByRole('list', { name: 'Paid' }).getByRole('listitem')).toHaveCount(3);
  for (const partner of partners) await expect(rowOf(partner)).toHaveCount(0);
  const history = page.getByRole('table', { name: 'Payouts, newest first' });
  await expect(history.getByRole('row').filter({ hasText: reference })).toHaveCount(3);

  // The accounting exports, as downloaded files.
  const [payoutsFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download payouts CSV' }).click()]);
  expect(payoutsFile.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.csv$/);
  const payoutLines = await csvLines(payoutsFile);
  expect(payoutLines[0]).toBe('Payout ID,Partner,Partner Email,Amount,Reference,Paid By,Paid Date,Status,Settled Date,Failure Reason,Entry IDs');
  const paid = payoutLines.filter((line) => line.includes(reference));
  expect(paid).toHaveLength(3);
  for (const [index, partner] of partners.entries()) {
    const line = paid.find((row) => row.includes(partner.email));
    expect(line).toMatch(new RegExp(`^\\d+,${partner.firstName} ${partner.lastName},${partner.email.replace(/\./g, '\\.')},${['600', '3000', '1500.3'][index]},${reference},Avery Admin,\\d{4}-\\d{2}-\\d{2},(On its way,,|Paid,\\d{4}-\\d{2}-\\d{2},),\\d+$`));
  }

  const [earningsFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download earnings CSV' }).click()]);
  expect(earningsFile.suggestedFilename()).toMatch(/^earnings-\d{4}-\d{2}-\d{2}\.csv$/);
  const entryLines = await csvLines(earningsFile);
  expect(entryLines[0]).toBe('Entry ID,Partner Name,Partner Email,Project ID,Company,Kind,Deal Contract Value,Net Profit,Share %,Amount,Status,Reason,Created,Approved,Paid,Voided,Payout ID');
  const referralLine = entryLines.find((line) => line.includes(partners[1]!.email))!;
  expect(referralLine).toContain(`,${partners[1]!.company},Deal,90000,15000,20,3000,Paid,,`);
  expect(referralLine).toMatch(/,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},,\d+$/);
  expect(entryLines.find((line) => line.includes(partners[2]!.email))).toContain(',Deal,15003,2500.5,60,1500.3,Paid,,');

  // On a phone: cards, nothing wider than the screen.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await context.storageState() });
  const small = await phone.newPage();
  await small.goto('/admin/payables');
  await expect(small.getByRole('heading', { level: 1, name: 'Payables' })).toBeVisible();
  await expect(small.getByRole('table', { name: 'Payouts, newest first' }).or(small.getByRole('list', { name: 'Payouts, newest first' }))).toContainText(reference);
  await expect(small.getByRole('list', { name: 'Partners owed' }).or(small.getByText('Nobody is owed a payout now'))).toBeVisible();
  await expectNoHorizontalOverflow(small);
  await expectNoAxeViolations(small, '/admin/payables at 390 px');

  await phone.close();
  await context.close();
});

test('a partner whose balance changed after the confirmation opened is not paid; the other partner is', async ({ page, request }) => {
  test.setTimeout(90_000);
  const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  const [changed, steady] = [await owedPartner(request, adminToken, 'sales_partner', 1_000), await owedPartner(request, adminToken, 'sales_partner', 500)];
  const reference = `ACH-CHANGED-${changed.userName}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/admin/payables');
  const table = page.getByRole('table', { name: 'Partners owed, the oldest debt first' });
  const rowOf = (partner: Person) => table.getByRole('row').filter({ hasText: partner.email });
  await expect(rowOf(changed)).toContainText('$600.00');
  await expect(rowOf(steady)).toContainText('$300.00');
  await rowOf(changed).getByRole('checkbox').check();
  await rowOf(steady).getByRole('checkbox').check();
  await page.getByLabel('Payment reference').fill(reference);
  await page.getByRole('button', { name: 'Record payout run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payouts to 2 partners?' });
  await expect(dialog).toContainText(`${changed.firstName} ${changed.lastName}: $600.00`);

  // Another administrator adjusts the first partner's balance before this one confirms.
  const adjusted = await request.post('/api/admin/earnings/adjustments', { headers: auth(adminToken), data: { user_id: changed.id, amount_usd: 25.5, reason: 'Bonus' } });
  expect(adjusted.status(), await adjusted.text()).toBe(201);
  await dialog.getByRole('button', { name: 'Pay $900.00' }).click();

  const result = page.getByRole('region', { name: `Payout run ${reference}` });
  await expect(result).toContainText('Paid 1 partner, $300.00 in total.');
  await expect(result.getByRole('list', { name: 'Paid', exact: true })).toContainText(`${steady.firstName} ${steady.lastName}: $300.00`);
  await expect(result.getByRole('list', { name: 'Not paid' })).toContainText(
    `${changed.firstName} ${changed.lastName}: ${changed.firstName} ${changed.lastName}'s payable balance is now $625.50, not $600.00: reload Payables and confirm again.`,
  );
  // The refused partner is still owed, at the new balance, and can be paid in a new run.
  await expect(rowOf(changed)).toContainText('$625.50');
  await expect(rowOf(steady)).toHaveCount(0);
});
