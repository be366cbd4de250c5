import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, auth, createProject, requestProposal } from '../support/api';
import { expectNoAxeViolations as axe } from '../support/axe';
import { expectNoHorizontalOverflow } from '../support/layout';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 36: one link carries the business owner from the proposal to the signature to the
// project's progress. The partner shares, the customer opens it on a phone in another browser,
// the partner sees the open live, the customer signs with an emailed code, and the partner and
// an administrator see Signed without a reload.

/** The six-digit code of the newest message to `to` in the dev mailbox. */
async function mailedCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mail = ((await (await request.get('/dev/mailbox.json')).json()) as Array<{ to: string; subject: string; text: string }>).find(
          (message) => message.to === to && message.subject.startsWith('Your code to sign'),
        );
        code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { message: 'the signing code arrives in the dev mailbox', timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

test('a partner shares the proposal; the customer opens it on a phone and signs; the partner and the admin see it live', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(150_000);
  const member = await createMember(request);
  const token = await apiToken(request, member.email, member.password);
  const company = `Signed Cider Works ${member.userName}`;
  const projectId = await createProject(request, token, company);
  const ticketId = await requestProposal(request, token, projectId);
  const admin = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  const delivered = await request.put(`/api/admin/proposal_tickets/${ticketId}`, {
    headers: auth(admin),
    data: { proposal_ticket: { status: 3, proposal_links: [{ title: 'Proposal P-1', url: 'https://docs.example/p-1' }] } },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);

  // The partner makes a link on the project page and copies its address (shown once).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logIn(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'New customer link' }).click();
  const form = page.getByRole('dialog', { name: 'New customer link' });
  await form.getByLabel('Recipient name').fill('Casey Owner');
  await form.getByLabel('Recipient email').fill('casey.owner@cider.example');
  await form.getByRole('button', { name: 'Create link' }).click();
  const created = page.getByRole('dialog', { name: 'Link created' });
  const url = await created.getByLabel('Customer link').inputValue();
  expect(url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
  await created.getByRole('button', { name: 'Done' }).click();
  const links = page.getByRole('list', { name: 'Customer links' });
  await expect(links.getByText('Not opened yet')).toBeVisible();

  // An administrator keeps the project open in the admin area.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/login');
  await logIn(adminPage, DEMO.admin.email, DEMO.admin.password);
  await expect(adminPage).not.toHaveURL(/\/login/);
  await adminPage.goto(`/admin/projects/${projectId}`);
  await expect(adminPage.getByRole('heading', { name: company })).toBeVisible();

  // The business owner opens the link on a phone, in a browser of their own.
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const customer = await customerContext.newPage();
  const elsewhere: string[] = [];
  customer.on('request', (sent) => {
    if (!sent.url().startsWith(baseURL ?? 'http://localhost')) elsewhere.push(sent.url());
  });
  const opened = await customer.goto(new URL(url).pathname);
  expect(opened?.headers()['x-robots-tag']).toContain('noindex');
  await expect(customer.getByRole('heading', { name: `Proposal for ${company}` })).toBeVisible();
  await expect(customer.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(customer.getByText('Version 1, delivered', { exact: false })).toBeVisible();
  await expect(customer.getByRole('link', { name: /Proposal P-1/ })).toHaveAttribute('rel', /noreferrer/);
  await expectNoHorizontalOverflow(customer);
  await axe(customer, 'the proposal page at 390 px');

  // The partner sees the open without a reload.
  await expect(links.getByText(/Opened once, last today \d\d:\d\d/)).toBeVisible();

  // The customer asks for a code, confirms it and signs by typing.
  await customer.getByLabel('Full name', { exact: true }).fill('Casey Owner');
  await customer.getByLabel('Title', { exact: true }).fill('Owner');
  await customer.getByLabel('Email', { exact: true }).fill('casey.owner@cider.example');
  await customer.getByRole('button', { name: 'Email me a code' }).click();
  const code = await mailedCode(request, 'casey.owner@cider.example');
  await customer.getByLabel('6-digit code').fill(code);
  await customer.getByRole('checkbox', { name: /I agree to use electronic records/ }).check();
  await customer.getByLabel('Type your full name as your signature').fill('Casey Owner');
  await customer.getByRole('button', { name: 'Sign proposal' }).click();
  await expect(customer.getByText(/Signed on .+ by Casey Owner/)).toBeVisible();
  await expect(customer.getByRole('link', { name: /Download the signed proposal/ })).toBeVisible();
  // The page is now the project's status page.
  await expect(customer.getByText('Getting started')).toBeVisible();
  await expectNoHorizontalOverflow(customer);
  await axe(customer, 'the status page at 390 px');
  expect(elsewhere, 'the customer page loads nothing from another origin').toEqual([]);

  // Partner and administrator see Signed without a reload.
  await expect(page.getByText(/^Signed [A-Z][a-z]{2} \d{1,2}, \d{4}$/).first()).toBeVisible();
  await expect(links.getByRole('link', { name: 'Signed proposal (PDF)' })).toBeVisible();
  await expect(adminPage.getByText(/^Signed [A-Z][a-z]{2} \d{1,2}, \d{4}$/).first()).toBeVisible();

  // The same link signs once.
  const again = await request.post(`/api/public/shares/${new URL(url).pathname.slice(3)}/signature/code`, { data: { signature: { email: 'casey.owner@cider.example' } } });
  expect(again.status()).toBe(409);
  await customerContext.close();
  await adminContext.close();
});

test('a revoked link shows who to ask for a new one, and is never indexed', async ({ page, request }) => {
  const member = await createMember(request);
  const token = await apiToken(request, member.email, member.password);
  const projectId = await createProject(request, token, `Revoked Link Bakery ${member.userName}`);
  const res = await request.post(`/api/projects/${projectId}/shares`, { headers: auth(token), data: { share: { recipient_name: 'Robin Buyer', recipient_email: 'robin@bakery.example' } } });
  expect(res.status(), await res.text()).toBe(201);
  const share = (await res.json()) as { id: number; url: string };
  expect((await request.delete(`/api/projects/${projectId}/shares/${share.id}`, { headers: auth(token) })).status()).toBe(204);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(share.url).pathname);
  await expect(page.getByRole('heading', { name: 'This link was withdrawn' })).toBeVisible();
  await expect(page.getByText(`${member.firstName} ${member.lastName}`).first()).toBeVisible();
  expect((await request.get(`/api/public/shares/${new URL(share.url).pathname.slice(3)}`)).status()).toBe(410);
  await axe(page, 'the withdrawn link page at 390 px');
});
