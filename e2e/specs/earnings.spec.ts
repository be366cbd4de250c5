import { expect, test } from '@playwright/test';
import { apiToken, createProject, makePayoutReady } from '../support/api';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 17 item 2: an administrator records a deal and completes the project, then pays; the
// partner's open /earnings page (on a phone) follows each step live, without a reload.
test('the partner sees a recorded deal move to approved and then paid, live', async ({ browser, request }) => {
  const partner = await createMember(request, 'referral_partner');
  const token = await apiToken(request, partner.email, partner.password);
  const company = `Earnings Live ${partner.userName}`;
  const projectId = await createProject(request, token, company);
  // Issue 38: the partner's W-9 and payout account, without which nothing is paid.
  await makePayoutReady(request, token);

  const partnerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = await partnerContext.newPage();
  await member.goto('/login');
  await logIn(member, partner.email, partner.password);
  await expect(member).not.toHaveURL(/\/login/);
  await member.goto('/earnings');
  await expect(member.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  await expect(member.getByText('No earnings yet')).toBeVisible();
  // On a phone the entries are a list of cards (the table shows from the sm breakpoint).
  const row = member.getByRole('list', { name: 'Your earnings entries' }).getByRole('listitem').filter({ hasText: company });

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await logIn(admin, DEMO.admin.email, DEMO.admin.password);
  await expect(admin).not.toHaveURL(/\/login/);
  await admin.goto(`/admin/projects/${projectId}`);
  const deal = admin.getByRole('region', { name: 'Deal' });
  await expect(deal.getByText(/The owner will earn 20 %/)).toBeVisible();
  await deal.getByLabel('Contract value').fill('180000');
  await deal.getByLabel('Net profit').fill('20000');
  await deal.getByRole('button', { name: 'Record deal' }).click();
  await expect(admin.getByText("Deal saved. The owner's entry: $4,000.00, expected.")).toBeVisible();

  await expect(row).toContainText('Expected');
  await expect(row).toContainText('$4,000.00');

  await admin.getByRole('tab', { name: 'Project Stages' }).click();
  await admin.getByRole('button', { name: 'Set Project Completion as current stage' }).click();
  await expect(row).toContainText('Approved');
  await expect(member.getByText(/has reached the \$2,500.00 minimum payout/)).toBeVisible();

  const ownerId = Number(/all-users\/(\d+)/.exec((await admin.getByRole('link', { name: `${partner.firstName} ${partner.lastName}` }).getAttribute('href')) ?? '')?.[1]);
  await admin.goto(`/admin/all-users/${ownerId}`);
  const earnings = admin.getByRole('region', { name: 'Earnings' });
  await earnings.getByRole('button', { name: 'Record payout' }).click();
  const dialog = admin.getByRole('dialog', { name: /Record a payout/ });
  await dialog.getByLabel('Payment reference').fill('ACH-E2E-1');
  await dialog.getByRole('button', { name: 'Record $4,000.00 payout' }).click();
  await expect(admin.getByText(/Payout of \$4,000.00 recorded/)).toBeVisible();

  await expect(row).toContainText('Paid');
  await expect(member.getByRole('list', { name: 'Payouts' })).toContainText('ACH-E2E-1');

  await partnerContext.close();
  await adminContext.close();
});
