import { screen, waitFor, within } from '@testing-library/react';
import { LEAD_MESSAGES, type AdminLead } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { buildAdminLead, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth, type FetchCall } from '../../../lib/test-utils';
import { LeadsPage } from './leads-page';

const partnered = buildAdminLead({ id: 11, company_name: 'Harbor Cold Storage' });
const orphan = buildAdminLead({ id: 12, company_name: 'Pier Bakery', source: 'site', partner: null, status: 'contacted', contact_name: 'Lee Baker', email: 'lee@pier.example', has_usage_file: true });
const project = buildAdminLead({ id: 13, company_name: 'Dock Motors', conflict: 'site_is_project' });
const taken = buildAdminLead({ id: 14, company_name: 'Quay Foods', partner: { id: 8, name: 'Rae First', company_name: '' }, conflict: 'site_registered', referred_by: { id: 7, name: 'Pat Partner' } });

/** The admin leads API; `leads` answers every GET, the writes are answered by `onWrite`. */
function stubLeadsApi(leads: AdminLead[], onWrite: (call: FetchCall) => Response = () => jsonResponse({}, { status: 500 })) {
  return stubFetch((call) => {
    const { pathname } = call.url;
    if (pathname === '/api/admin/leads' && call.method === 'GET') return jsonResponse({ leads }, { headers: { 'X-Total-Count': String(leads.length) } });
    if (pathname === '/api/admin/users') {
      return jsonResponse(
        [buildUser({ id: 9, first_name: 'Kim', last_name: 'Seller', account_type: 'sales_partner', email: 'kim@sell.example', company_name: 'Kim Solar' }), buildUser({ id: 1, first_name: 'Ada', last_name: 'Admin', account_type: 'admin' })],
        { headers: { 'X-Total-Count': '2' } },
      );
    }
    return onWrite(call);
  });
}

function renderQueue(path = '/admin/leads') {
  return renderRoutes([{ path: '/admin/leads', element: <LeadsPage /> }, { path: '/admin/projects/:id', element: <h1>Project page</h1> }], { initialEntries: [path] });
}

const row = (name: string) => screen.getByText(name, { selector: 'span.font-semibold' }).closest('tr')!;

describe('/admin/leads (issue 39 item 3)', { timeout: 30_000 }, () => {
  it('keeps the status filter and the search in the address, and asks the server with them', async () => {
    stubScreenWidth(true);
    const calls = stubLeadsApi([partnered]);
    const { user, router } = renderQueue('/admin/leads?status=contacted&q=harbor');
    expect(await screen.findByRole('table', { name: 'Leads' })).toBeInTheDocument();
    const asked = calls.filter((call) => call.url.pathname === '/api/admin/leads').at(-1)!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ page: '1', per_page: '25', status: 'contacted', q: 'harbor' });
    expect(screen.getByLabelText('Status')).toHaveValue('contacted');
    expect(screen.getByLabelText('Search leads')).toHaveValue('harbor');

    await user.selectOptions(screen.getByLabelText('Status'), 'new');
    await waitFor(() => expect(router.state.location.search).toBe('?q=harbor&status=new'));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('status')).toBe('new'));
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows each lead: company, contact, site, partner or "No partner", source, status, received, and the conflict with its meaning', async () => {
    stubScreenWidth(true);
    stubLeadsApi([partnered, orphan, project, taken]);
    renderQueue();
    const table = await screen.findByRole('table', { name: 'Leads' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Company', 'Contact', 'Partner', 'Received', 'Status', 'Actions']);
    const first = row('Harbor Cold Storage');
    expect(first).toHaveTextContent('Dana Owner');
    expect(within(first).getByRole('link', { name: 'dana@harbor.example' })).toHaveAttribute('href', 'mailto:dana@harbor.example');
    expect(within(first).getByRole('link', { name: '(512) 555-0188' })).toHaveAttribute('href', 'tel:5125550188');
    expect(first).toHaveTextContent('500 Dock Rd, Austin, TX 78702');
    expect(first).toHaveTextContent('Austin Energy · $1,250.50 a month');
    expect(within(first).getByRole('link', { name: 'Pat Partner' })).toHaveAttribute('href', '/admin/all-users/7');
    expect(first).toHaveTextContent('Referral link');
    expect(first).toHaveTextContent('New');

    expect(row('Pier Bakery')).toHaveTextContent('No partner');
    expect(row('Pier Bakery')).toHaveTextContent('Public site');
    expect(row('Pier Bakery')).toHaveTextContent('usage file attached');
    expect(row('Dock Motors')).toHaveTextContent('Already a project');
    expect(row('Quay Foods')).toHaveTextContent('Another partner registered this site first');
    expect(row('Quay Foods')).toHaveTextContent('Referred by Pat Partner');
    expect(within(row('Pier Bakery')).queryByRole('button', { name: 'Mark contacted' })).not.toBeInTheDocument();
  });

  it('says when there are no leads, and when the filters match none', async () => {
    stubLeadsApi([]);
    const first = renderQueue();
    expect(await screen.findByText('No Leads Yet')).toBeInTheDocument();
    first.unmount();
    renderQueue('/admin/leads?status=expired');
    expect(await screen.findByText('No leads match your search and filters')).toBeInTheDocument();
  });

  it('marks a new lead contacted', async () => {
    stubScreenWidth(true);
    const calls = stubLeadsApi([partnered], () => jsonResponse({ lead: { ...partnered, status: 'contacted' } }));
    const { user } = renderQueue();
    await screen.findByRole('table', { name: 'Leads' });
    await user.click(within(row('Harbor Cold Storage')).getByRole('button', { name: 'Mark contacted' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')).toBeDefined());
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/admin/leads/11');
    expect(patch.body).toEqual({ lead: { status: 'contacted' } });
  });

  it('rejects only with a reason, asked in a dialog', async () => {
    stubScreenWidth(true);
    const calls = stubLeadsApi([partnered], () => jsonResponse({ lead: { ...partnered, status: 'rejected', rejected_reason: 'Roof too small' } }));
    const { user } = renderQueue();
    await screen.findByRole('table', { name: 'Leads' });
    await user.click(within(row('Harbor Cold Storage')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Harbor Cold Storage' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject lead' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Give the reason.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason'), 'Roof too small');
    await user.click(within(dialog).getByRole('button', { name: 'Reject lead' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/admin/leads/11/reject');
    expect(post.body).toEqual({ reason: 'Roof too small' });
  });

  it("converts a partner's lead after confirming who will own it, then links to the new project", async () => {
    stubScreenWidth(true);
    const calls = stubLeadsApi([partnered], () => jsonResponse({ project_id: 55, lead: { ...partnered, status: 'converted', converted_at: '2026-12-06T12:00:00.000Z' } }, { status: 201 }));
    const { user, router } = renderQueue();
    await screen.findByRole('table', { name: 'Leads' });
    await user.click(within(row('Harbor Cold Storage')).getByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Harbor Cold Storage' });
    expect(dialog).toHaveTextContent('Convert this lead into a project owned by Pat Partner?');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Convert to a project' }));

    const done = await screen.findByRole('dialog', { name: 'Lead converted' });
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/admin/leads/11/convert');
    expect(post.body).toEqual({});
    await user.click(within(done).getByRole('link', { name: 'Open the project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects/55'));
  });

  it('converts a lead of no partner to the partner picked from the members list', async () => {
    stubScreenWidth(false);
    const calls = stubLeadsApi([orphan], (call) => (call.method === 'POST' ? jsonResponse({ project_id: 56, lead: { ...orphan, status: 'converted' } }, { status: 201 }) : jsonResponse({}, { status: 500 })));
    const { user } = renderQueue();
    const cards = await screen.findByRole('list', { name: 'Leads' });
    await user.click(within(cards).getByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Pier Bakery' });
    expect(dialog).toHaveTextContent(LEAD_MESSAGES.convertNeedsPartner);
    expect(within(dialog).getByRole('button', { name: 'Convert to a project' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Search partners'), 'kim');
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/admin/users' && call.url.searchParams.get('q') === 'kim')).toBe(true));
    // Partners only: an administrator does not own projects of leads.
    expect(within(dialog).queryByRole('radio', { name: /Ada Admin/ })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('radio', { name: /Kim Seller/ }));
    expect(dialog).toHaveTextContent('Convert this lead into a project owned by Kim Seller?');
    await user.click(within(dialog).getByRole('button', { name: 'Convert to a project' }));

    expect(await screen.findByRole('dialog', { name: 'Lead converted' })).toHaveTextContent('Pier Bakery is now a project. Kim Seller owns it.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ user_id: 9 });
    expect(screen.getByRole('link', { name: 'Open the project' })).toHaveAttribute('href', '/admin/projects/56');
  });

  it("shows the server's refusal of a conversion in the dialog", async () => {
    stubScreenWidth(true);
    stubLeadsApi([taken], () => jsonResponse({ error: { code: 'conflict', message: LEAD_MESSAGES.notOpen } }, { status: 409 }));
    const { user } = renderQueue();
    await screen.findByRole('table', { name: 'Leads' });
    await user.click(within(row('Quay Foods')).getByRole('button', { name: 'Convert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Quay Foods' });
    expect(dialog).toHaveTextContent('Conflict: Another partner registered this site first.');
    await user.click(within(dialog).getByRole('button', { name: 'Convert to a project' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LEAD_MESSAGES.notOpen);
  });
});
