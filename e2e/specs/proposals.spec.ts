import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createMember, DEMO, logIn, type Person } from '../support/people';

async function login(request: APIRequestContext, email: string, password: string): Promise<{ token: string; userId: number }> {
  const res = await request.post('/api/login', { data: { user: { email, password } } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { id?: number; user?: { id: number } };
  return { token: (res.headers()['authorization'] ?? '').replace(/^Bearer\s+/i, ''), userId: body.user?.id ?? body.id ?? 0 };
}

/** A fresh referral partner signed in in `page` as the login page would leave it. */
async function signedInMember(page: Page, request: APIRequestContext, baseURL: string | undefined): Promise<{ person: Person; token: string; userId: number }> {
  const person = await createMember(request);
  const { token, userId } = await login(request, person.email, person.password);
  const url = new URL(baseURL ?? 'http://localhost');
  await page.context().addCookies(
    [
      ['authorization', token],
      ['account_type', 'referral_partner'],
      ['id', String(userId)],
    ].map(([name, value]) => ({ name: name!, value: value!, domain: url.hostname, path: '/', sameSite: 'Strict' as const })),
  );
  return { person, token, userId };
}

/** The member's notification counts as the API reports them. */
async function counts(request: APIRequestContext, token: string, userId: number): Promise<{ unread: number; total: number }> {
  const res = await request.get(`/api/users/${userId}/notifications`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return { unread: Number(res.headers()['x-unread-count']), total: Number(res.headers()['x-total-count']) };
}

const bellName = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

async function adminUpdate(request: APIRequestContext, token: string, ticketId: number, proposalTicket: Record<string, unknown>): Promise<void> {
  const res = await request.put(`/api/admin/proposal_tickets/${ticketId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { proposal_ticket: proposalTicket },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const toast = (page: Page, text: string) => page.locator('[data-rht-toaster]').getByText(text).first();
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

test.describe('proposals and live notifications', () => {
  test('a member requests a proposal; the design team accepts it and attaches a link; the open page updates live', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const { token, userId } = await signedInMember(page, request, baseURL);
    expect(userId).toBeGreaterThan(0);
    const created = await request.post('/api/projects', {
      headers: { authorization: `Bearer ${token}` },
      data: { project: { project_stage: 'Project Initiation', company_name: 'Proposal Foods E2E', address_1: '9 Sun Rd', city: 'Austin', state: 'TX', zip: '78701' } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const projectId = ((await created.json()) as { projectId: number }).projectId;
    const { unread: unreadAtStart } = await counts(request, token, userId);

    // The member requests a proposal on the project's Proposal tab.
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Proposal' }).click();
    await page.getByRole('button', { name: 'Request Proposal' }).click();
    const modal = page.getByRole('dialog', { name: 'Request Proposal' });
    await modal.getByRole('button', { name: 'Submit Request' }).click();
    await expect(modal.getByText('Details are required.')).toBeVisible();
    await modal.getByLabel('Details').fill('Rooftop array for the main warehouse.');
    await modal.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toast(page, 'Proposal ticket submitted successfully!')).toBeVisible();
    await expect(modal).toBeHidden();
    const ticket = page.getByRole('article', { name: 'Proposal Management Ticket' });
    await expect(ticket.getByTestId('proposal-status')).toHaveText('Proposal requested and pending review');
    await expect(page.getByRole('button', { name: 'Request Proposal' })).toHaveCount(0);
    await expect(ticket.getByRole('form', { name: 'Request Revision' })).toHaveCount(0);

    const tickets = await request.get(`/api/projects/${projectId}/proposal_tickets`, { headers: { authorization: `Bearer ${token}` } });
    const ticketId = ((await tickets.json()) as Array<{ id: number }>)[0]!.id;

    // The design team (an admin, through the API) accepts it: the open page follows without a reload.
    const admin = await login(request, DEMO.admin.email, DEMO.admin.password);
    await adminUpdate(request, admin.token, ticketId, { status: 2, engineer_name: 'Jamie Volt' });
    await expect(ticket.getByTestId('proposal-status')).toHaveText('Proposal accepted and assigned to engineer');
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${unreadAtStart + 1} unread`);

    // ...then attaches the proposal: status, link and the Request Revision form appear live.
    await adminUpdate(request, admin.token, ticketId, { status: 3, proposal_links: [{ title: 'Proposal v1', url: 'https://docs.example/p1' }] });
    await expect(ticket.getByTestId('proposal-status')).toHaveText('Proposal created and attached to project');
    const link = ticket.getByRole('link', { name: /Proposal v1/ });
    await expect(link).toHaveAttribute('href', 'https://docs.example/p1');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(ticket.getByRole('form', { name: 'Request Revision' })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${unreadAtStart + 2} unread`);
    await expect(page.getByTestId('notification-badge')).toHaveText(String(unreadAtStart + 2));

    // A revision request from the terminal status.
    const revision = ticket.getByRole('form', { name: 'Request Revision' });
    await revision.getByRole('button', { name: 'Request Revision' }).click();
    await expect(revision.getByText('Please provide details and select a revision type.')).toBeVisible();
    await revision.getByRole('radio', { name: 'Request a revision to the original proposal' }).check();
    await revision.getByLabel('Revision details').fill('Move the inverter to the north wall.');
    await revision.getByRole('button', { name: 'Request Revision' }).click();
    await expect(toast(page, 'Revision requested successfully!')).toBeVisible();
    await expect(ticket.getByTestId('proposal-status')).toHaveText('Revision requested and pending review');

    // Home (client-side navigation, the same page): the new notifications are in the card;
    // opening one marks it read and the bell follows.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const now = await counts(request, token, userId);
    await expect(bell(page)).toHaveAccessibleName(bellName(now.unread));
    const card = page.getByRole('region', { name: 'Recent Notifications' });
    const rows = card.getByRole('listitem');
    await expect(rows).toHaveCount(Math.min(now.total, 10));
    await expect(rows.first()).toContainText('(unread)');
    await rows.first().getByRole('button').click();
    const opened = page.getByRole('dialog');
    await expect(opened.getByText('Viewed', { exact: true })).toBeVisible();
    // Opening marks it read: the server's viewed date replaces 'Not yet viewed'.
    await expect(opened.getByText('Not yet viewed')).toHaveCount(0);
    await expect(opened.getByRole('button', { name: 'Archive' })).toBeEnabled();
    await opened.getByRole('button', { name: 'Close' }).first().click();
    await expect(bell(page)).toHaveAccessibleName(bellName(now.unread - 1));
    await expect(rows.first()).not.toContainText('(unread)');

    // /notifications lists them with the page text.
    await bell(page).click();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByText(`Showing 1 to ${now.total} of ${now.total} results`)).toBeVisible();
  });

  test('the 48-hour clock: waits for the bill, counts down, leads the admin queue, and shows the delivery time (issue 18)', async ({ page, request, baseURL, browser }) => {
    test.setTimeout(120_000);
    const { token } = await signedInMember(page, request, baseURL);
    const company = `Clock Foods ${Date.now()}`;
    const created = await request.post('/api/projects', {
      headers: { authorization: `Bearer ${token}` },
      data: { project: { company_name: company, power_bill_received_status: 'No' } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const projectId = ((await created.json()) as { projectId: number }).projectId;

    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Proposal' }).click();
    await page.getByRole('button', { name: 'Request Proposal' }).click();
    const modal = page.getByRole('dialog', { name: 'Request Proposal' });
    await modal.getByLabel('Details').fill('Rooftop array; the bill follows.');
    await modal.getByRole('button', { name: 'Submit Request' }).click();
    const clock = page.getByRole('article', { name: 'Proposal Management Ticket' }).getByTestId('proposal-clock');
    await expect(clock).toHaveText('The 48-hour clock starts when the utility bill is received');

    // The bill arrives: the clock starts.
    const billed = await request.patch(`/api/projects/${projectId}`, { headers: { authorization: `Bearer ${token}` }, data: { project: { power_bill_received_status: 'Yes' } } });
    expect(billed.status(), await billed.text()).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: 'Proposal' }).click();
    await expect(clock).toContainText(/^Proposal due in (47|48) hours \(due /);

    // The admin queue: the soonest due first (the demo's overdue revision leads), the time left in each row.
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/login');
    await logIn(adminPage, DEMO.admin.email, DEMO.admin.password);
    await expect(adminPage).not.toHaveURL(/\/login/);
    await adminPage.goto('/admin/proposal-management');
    const queue = adminPage.getByRole('table', { name: 'Proposal requests' });
    await expect(queue.getByRole('columnheader', { name: /Due/ })).toHaveAttribute('aria-sort', 'ascending');
    const firstRow = queue.getByRole('row').nth(1);
    await expect(firstRow).toHaveAttribute('data-overdue', 'true');
    await expect(firstRow).toContainText(/Overdue by \d+ (hours?|minutes?|days)/);
    await adminPage.getByLabel('48-hour clock').selectOption({ label: 'Overdue only' });
    await expect(adminPage).toHaveURL(/[?&]overdue=true/);
    await expect(queue.locator('tbody tr:not([data-overdue])')).toHaveCount(0);
    await adminPage.getByRole('searchbox', { name: 'Search proposals' }).fill(company);
    await expect(adminPage.getByText('No proposals match')).toBeVisible();
    await adminPage.getByLabel('48-hour clock').selectOption({ label: 'All' });
    await expect(queue.getByRole('row', { name: new RegExp(company) })).toContainText(/(47|48) hours left/);
    await adminContext.close();

    // The design team delivers: the member's open page says how long it took, live.
    const admin = await login(request, DEMO.admin.email, DEMO.admin.password);
    const tickets = await request.get(`/api/projects/${projectId}/proposal_tickets`, { headers: { authorization: `Bearer ${token}` } });
    const ticketId = ((await tickets.json()) as Array<{ id: number }>)[0]!.id;
    await adminUpdate(request, admin.token, ticketId, { status: 3, proposal_links: [{ title: 'Proposal v1', url: 'https://docs.example/p1' }] });
    await expect(clock).toHaveText(/^Delivered in \d+ minutes?$/);
  });
});
