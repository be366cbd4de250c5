import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Project, ProposalTicket, User } from '@sunin/contract';
import { saveSession } from '../../../../lib/session';
import { buildProject, buildUser } from '../../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../../lib/test-utils';
import { ProposalTab } from './proposal-tab';
import { revisionDraftKey } from './revision-draft';

function buildTicket(overrides: Partial<ProposalTicket> = {}): ProposalTicket {
  return {
    id: 40,
    project_id: 7,
    title: 'Proposal Management Ticket',
    details: 'Warehouse roof',
    company_name: 'Sunny Foods',
    company_address: '100 Main St, Suite 4, Austin, TX 78701',
    status: 3,
    status_label: 'Proposal created and attached to project',
    notification_user_id: 3,
    engineer_name: 'Jamie Volt',
    admin_notes: '',
    rejection_reason: null,
    rejection_specific: null,
    proposal_links: [{ id: 1, title: 'Proposal v1', url: 'https://docs.example/p1' }],
    proposal_ticket_histories: [
      { id: 1, status: 1, status_label: '', event_date: '2025-03-05T10:04:09.000Z', action_taken_by: 'Ana Lopez', rejection_reason: null, rejection_specific: null, notes: '', proposal_link: null },
      { id: 2, status: 3, status_label: '', event_date: '2025-03-06T15:30:00.000Z', action_taken_by: 'Avery Admin', rejection_reason: null, rejection_specific: null, notes: 'Done', proposal_link: 'https://docs.example/p1' },
    ],
    clock_started_at: '2025-03-05T10:04:09.000Z',
    due_at: '2025-03-07T10:04:09.000Z',
    delivered_at: '2025-03-06T15:30:00.000Z',
    clock_stopped_at: '2025-03-06T15:30:00.000Z',
    created_at: '2025-03-05T10:04:09.000Z',
    updated_at: '2025-03-06T15:30:00.000Z',
    ...overrides,
  };
}

function stubApi({ tickets = [] as ProposalTicket[], user = buildUser() as User, patch = (ticket: ProposalTicket) => jsonResponse({ ...ticket, status: 5 }) } = {}) {
  let current = [...tickets];
  return stubFetch((call: FetchCall) => {
    const path = call.url.pathname;
    if (path === '/api/user/profile') return jsonResponse(user);
    if (path === '/api/projects/7/proposal_tickets' && call.method === 'GET') return jsonResponse(current);
    if (path === '/api/projects/7/proposal_tickets' && call.method === 'POST') {
      const created = buildTicket({ id: 41, status: 1, proposal_links: [], proposal_ticket_histories: [] });
      current = [created];
      return jsonResponse(created, { status: 201 });
    }
    if (path === '/api/projects/7/proposal_tickets/40' && call.method === 'PATCH') {
      const response = patch(current[0]!);
      if (response.ok) current = [{ ...current[0]!, status: 5 }];
      return response;
    }
    if (path === '/api/projects/7') return jsonResponse(buildProject());
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
}

function renderTab(project: Project = buildProject()) {
  saveSession('jwt', buildUser());
  return renderRoutes([{ path: '/', element: <ProposalTab project={project} /> }]);
}

beforeEach(() => window.localStorage.clear());

describe('Proposal tab (member-app.md 2)', () => {
  it('requests a proposal: details required, then the status 1 ticket with the fixed title', async () => {
    const calls = stubApi();
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Request Proposal' }));
    const modal = await screen.findByRole('dialog', { name: 'Request Proposal' });
    await user.click(within(modal).getByRole('button', { name: 'Submit Request' }));
    expect(within(modal).getByText('Details are required.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(modal).getByLabelText('Details'), 'Warehouse roof');
    await user.click(within(modal).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Proposal ticket submitted successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      proposal_ticket: {
        project_id: 7,
        title: 'Proposal Management Ticket',
        details: 'Warehouse roof',
        company_name: 'Sunny Foods',
        company_address: '100 Main St, Suite 4, Austin, TX 78701',
        status: 1,
        notification_user_id: 3,
      },
    });
    expect(await screen.findByText('Proposal requested and pending review')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Request Proposal' })).not.toBeInTheDocument());
  });

  it("opens 'Missing Required Fields' instead when the member's name is missing", async () => {
    stubApi({ user: buildUser({ last_name: ' ' }) });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Request Proposal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Missing Required Fields' });
    expect(screen.queryByRole('dialog', { name: 'Request Proposal' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('hides Request Proposal once the project has a proposal_url', async () => {
    stubApi();
    renderTab(buildProject({ proposal_url: 'https://docs.example/p0' }));
    expect(await screen.findByText('No proposal requested yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Proposal' })).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch proposal tickets.' when the list fails", async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/user/profile' ? jsonResponse(buildUser()) : jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 }),
    );
    renderTab();
    expect(await screen.findAllByText('Failed to fetch proposal tickets.')).not.toHaveLength(0);
  });

  it('shows the ticket: status, progress, links in a new tab and the timeline oldest first with full dates', async () => {
    stubApi({ tickets: [buildTicket()] });
    renderTab();
    const card = await screen.findByRole('article', { name: 'Proposal Management Ticket' });
    expect(within(card).getByTestId('proposal-status')).toHaveTextContent('Proposal created and attached to project');
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(card).getByTestId('proposal-progress-fill')).toHaveClass('bg-blue-600');
    const link = within(card).getByRole('link', { name: /Proposal v1/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const entries = within(within(card).getByRole('list', { name: 'Ticket history' })).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('Proposal requested and pending review');
    expect(entries[1]).toHaveTextContent('Proposal created and attached to project');
    const expected = new Intl.DateTimeFormat('en-US', { month: 'long', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true }).format(
      new Date('2025-03-05T10:04:09.000Z'),
    );
    expect(entries[0]).toHaveTextContent(expected);
    expect(expected).toMatch(/^March 0?5, 2025.*\d{1,2}:\d{2}:\d{2}\s[AP]M$/);
  });

  it('requires a revision type and details, keeps the draft, and clears it on success', async () => {
    const calls = stubApi({ tickets: [buildTicket()] });
    const { user } = renderTab();
    const form = await screen.findByRole('form', { name: 'Request Revision' });
    await user.click(within(form).getByRole('button', { name: 'Request Revision' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please provide details and select a revision type.');

    await user.type(within(form).getByLabelText('Revision details'), 'Move the inverter');
    await user.click(within(form).getByRole('button', { name: 'Request Revision' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please provide details and select a revision type.');
    await user.click(within(form).getByRole('radio', { name: 'Request a separate proposal design' }));
    expect(JSON.parse(window.localStorage.getItem(revisionDraftKey(40)) ?? '{}')).toEqual({
      revision_type: 'Request a separate proposal design',
      details: 'Move the inverter',
    });

    await user.click(within(form).getByRole('button', { name: 'Request Revision' }));
    expect(await screen.findByText('Revision requested successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      proposal_ticket: { status: 5, details: 'Move the inverter', revision_type: 'Request a separate proposal design' },
    });
    expect(window.localStorage.getItem(revisionDraftKey(40))).toBeNull();
  });

  it('restores a saved draft and keeps it when the request fails', async () => {
    window.localStorage.setItem(revisionDraftKey(40), JSON.stringify({ revision_type: 'Request a revision to the original proposal', details: 'Bigger array' }));
    stubApi({ tickets: [buildTicket({ status: 8 })], patch: () => jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 }) });
    const { user } = renderTab();
    const form = await screen.findByRole('form', { name: 'Request Revision' });
    expect(within(form).getByRole('radio', { name: 'Request a revision to the original proposal' })).toBeChecked();
    expect(within(form).getByLabelText('Revision details')).toHaveValue('Bigger array');
    await user.click(within(form).getByRole('button', { name: 'Request Revision' }));
    expect(await screen.findByText('Failed to request revision.')).toBeInTheDocument();
    expect(window.localStorage.getItem(revisionDraftKey(40))).not.toBeNull();
  });

  it('shows a rejection in the history as words, never as stored keys (issue 14 item 13)', async () => {
    const rejected = buildTicket({
      status: 4,
      proposal_links: [],
      proposal_ticket_histories: [
        { id: 3, status: 4, status_label: '', event_date: '2025-03-06T15:30:00.000Z', action_taken_by: 'Avery Admin', rejection_reason: 'missing information', rejection_specific: 'average_monthly_power_bill_cost', notes: '', proposal_link: null },
      ],
    });
    stubApi({ tickets: [rejected] });
    renderTab();
    expect(await screen.findByText(/Rejection reason: Missing information/)).toHaveTextContent('Rejection reason: Missing information (Average Monthly Power Bill Cost)');
    expect(screen.queryByText(/average_monthly_power_bill_cost/)).not.toBeInTheDocument();
  });

  it('offers no revision form while the ticket is in progress', async () => {
    stubApi({ tickets: [buildTicket({ status: 2, proposal_links: [] })] });
    renderTab();
    const card = await screen.findByRole('article', { name: 'Proposal Management Ticket' });
    expect(within(card).getByTestId('proposal-progress-fill')).toHaveClass('bg-ink-700');
    expect(within(card).queryByRole('form', { name: 'Request Revision' })).not.toBeInTheDocument();
  });
});

describe('the 48-hour clock on the ticket (issue 18 item 1)', () => {
  const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const open = { status: 2, proposal_links: [], delivered_at: null, clock_stopped_at: null };

  it('says how long delivery took', async () => {
    stubApi({ tickets: [buildTicket()] });
    renderTab();
    expect(await screen.findByTestId('proposal-clock')).toHaveTextContent('Delivered in 29 hours');
  });

  it('reads a late delivery as late, in its own colour (issue 34 item 7)', async () => {
    stubApi({ tickets: [buildTicket({ clock_started_at: '2026-11-02T09:00:00.000Z', due_at: '2026-11-04T09:00:00.000Z', delivered_at: '2026-11-04T17:00:00.000Z', clock_stopped_at: '2026-11-04T17:00:00.000Z' })] });
    renderTab();
    const clock = await screen.findByTestId('proposal-clock');
    expect(clock).toHaveTextContent('Delivered in 56 hours (8 hours late)');
    expect(clock).toHaveAttribute('data-clock', 'late');
    expect(clock).toHaveClass('text-late-800');
    expect(clock).not.toHaveClass('text-brand-800');
  });

  it('says the time left, with the due time', async () => {
    stubApi({ tickets: [buildTicket({ ...open, clock_started_at: hoursFromNow(-17), due_at: hoursFromNow(31) })] });
    renderTab();
    const clock = await screen.findByTestId('proposal-clock');
    expect(clock).toHaveTextContent(/^Proposal due in 31 hours \(due .+\)$/);
    expect(within(clock).getByText(/^[A-Z][a-z]+ \d{2}, \d{4}/).tagName).toBe('TIME');
  });

  it('says how late it is', async () => {
    stubApi({ tickets: [buildTicket({ ...open, clock_started_at: hoursFromNow(-51), due_at: hoursFromNow(-3) })] });
    renderTab();
    const clock = await screen.findByTestId('proposal-clock');
    expect(clock).toHaveTextContent(/^Overdue by 3 hours/);
    expect(clock).toHaveClass('text-danger-700');
  });

  it('says the clock waits for the utility bill', async () => {
    stubApi({ tickets: [buildTicket({ ...open, status: 1, clock_started_at: null, due_at: null })] });
    renderTab();
    expect(await screen.findByTestId('proposal-clock')).toHaveTextContent('The 48-hour clock starts when the utility bill is received');
  });

  it('shows no clock once a rejection stopped it', async () => {
    stubApi({ tickets: [buildTicket({ status: 4, proposal_links: [], delivered_at: null, rejection_reason: 'out of scope' })] });
    renderTab();
    await screen.findByRole('article', { name: 'Proposal Management Ticket' });
    expect(screen.queryByTestId('proposal-clock')).not.toBeInTheDocument();
  });
});
