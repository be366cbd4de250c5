import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProposalTicket } from '@sunin/contract';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { ProposalManagementPage } from '../routes/proposal-management-page';
import { ProposalHistory } from './proposal-summary';

function buildTicket(overrides: Partial<ProposalTicket> = {}): ProposalTicket {
  return {
    id: 11,
    project_id: 5,
    title: 'Proposal Management Ticket',
    details: 'x',
    company_name: 'Sunny Bakery',
    company_address: '1 Solar Way, Austin, TX 78701',
    status: 1,
    status_label: 'Proposal requested and pending review',
    notification_user_id: 2,
    engineer_name: '',
    admin_notes: '',
    rejection_reason: null,
    rejection_specific: null,
    proposal_links: [],
    proposal_ticket_histories: [],
    clock_started_at: null,
    due_at: null,
    delivered_at: null,
    clock_stopped_at: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

async function openDialog(tickets: ProposalTicket[] = [buildTicket()], onPut?: (body: unknown) => Response) {
  const calls = stubFetch(({ method, body }) => {
    if (method === 'PUT') return onPut ? onPut(body) : jsonResponse(buildTicket({ status: 2 }));
    return jsonResponse(tickets, { headers: { 'X-Total-Count': String(tickets.length) } });
  });
  const { user } = renderRoutes([{ path: '/admin', element: <ProposalManagementPage /> }], { initialEntries: ['/admin'] });
  await user.click(await screen.findByRole('button', { name: 'Manage proposal 11' }));
  const dialog = await screen.findByRole('dialog', { name: 'Manage Proposal' });
  return { calls, user, dialog: within(dialog) };
}

describe('Manage Proposal dialog (public-site-and-admin.md 5)', () => {
  it('requires a new stage', async () => {
    const { calls, user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Update Proposal' }));
    expect(dialog.getByText('Please select a new stage.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('requires the engineer for "Proposal accepted", offers only the fixed engineer, and sends empty unrelated fields', async () => {
    const { calls, user, dialog } = await openDialog();
    await user.selectOptions(dialog.getByLabelText('New Stage'), 'Proposal accepted and assigned to engineer');
    const engineer = dialog.getByLabelText('Engineer');
    expect(within(engineer).getAllByRole('option').map((option) => option.textContent)).toEqual(['Select an engineer', 'Jordan Lee, PE']);
    await user.click(dialog.getByRole('button', { name: 'Update Proposal' }));
    expect(dialog.getByText("Please enter the engineer's name.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.selectOptions(engineer, 'Jordan Lee, PE');
    await user.type(dialog.getByLabelText('Details/Comments'), 'On it');
    await user.click(dialog.getByRole('button', { name: 'Update Proposal' }));
    expect(await screen.findByText('Proposal updated successfully!')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/admin/proposal_tickets/11');
    expect(put.body).toEqual({
      proposal_ticket: { status: 2, admin_notes: 'On it', engineer_name: 'Jordan Lee, PE', rejection_reason: '', rejection_specific: '', proposal_links: [] },
    });
  });

  it('shows the engineer as optional for the revision acceptance', async () => {
    const { user, dialog } = await openDialog();
    await user.selectOptions(dialog.getByLabelText('New Stage'), 'Revision request accepted and assigned to engineer');
    expect(dialog.getByLabelText('Engineer (optional)')).toBeInTheDocument();
  });

  it('shows the rejection specific only for incorrect or missing information', async () => {
    const { user, dialog } = await openDialog();
    expect(dialog.queryByLabelText('Rejection Reason')).not.toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('New Stage'), 'Revision request rejected');
    await user.selectOptions(dialog.getByLabelText('Rejection Reason'), 'not feasible');
    expect(dialog.queryByLabelText('Rejection Specific')).not.toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('Rejection Reason'), 'incorrect information');
    expect(dialog.getByLabelText('Rejection Specific')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Engineer')).not.toBeInTheDocument();
  });

  it('offers rejection reasons and fields as words and sends the stored values (issue 14 item 13)', async () => {
    const { calls, user, dialog } = await openDialog();
    await user.selectOptions(dialog.getByLabelText('New Stage'), 'Proposal request rejected');
    await user.selectOptions(dialog.getByLabelText('Rejection Reason'), 'Missing information');
    const specific = dialog.getByLabelText('Rejection Specific');
    const texts = within(specific).getAllByRole('option').map((option) => option.textContent ?? '');
    expect(texts).toContain('Meter Number');
    expect(texts).toContain('Average Monthly Power Bill Cost');
    expect(texts.filter((text) => text.includes('_'))).toEqual([]);
    await user.selectOptions(specific, 'Meter Number');
    await user.click(dialog.getByRole('button', { name: 'Update Proposal' }));
    await screen.findByText('Proposal updated successfully!');
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ proposal_ticket: { status: 4, rejection_reason: 'missing information', rejection_specific: 'meter_number' } });
  });

  it('shows a rejection in the history as words (issue 14 item 13)', async () => {
    const ticket = buildTicket({
      status: 4,
      proposal_ticket_histories: [
        { id: 9, status: 4, status_label: 'Proposal request rejected', event_date: '2026-01-02T00:00:00Z', action_taken_by: 'Avery Admin', rejection_reason: 'incorrect information', rejection_specific: 'meter_number', notes: '', proposal_link: null },
      ],
    });
    render(<ProposalHistory ticket={ticket} />);
    expect(screen.getByText(/^Reason:/)).toHaveTextContent('Reason: Incorrect information (Meter Number)');
    expect(screen.queryByText(/meter_number/)).not.toBeInTheDocument();
  });

  it('shows the link fields for the attaching statuses and places server field errors inline', async () => {
    const { user, dialog } = await openDialog([buildTicket()], () =>
      jsonResponse(
        { error: { code: 'validation_failed', message: 'Invalid', fields: { proposal_links: 'Please enter the proposal link title and a full URL (http:// or https://).' } } },
        { status: 422 },
      ),
    );
    await user.selectOptions(dialog.getByLabelText('New Stage'), 'Revision completed and attached to project');
    expect(dialog.getByLabelText('Proposal Link URL')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Update Proposal' }));
    expect(await screen.findByText('Failed to update proposal.')).toBeInTheDocument();
    expect(dialog.getByText('Please enter the proposal link title and a full URL (http:// or https://).')).toBeInTheDocument();
    expect(dialog.getByLabelText('Proposal Link Title')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Proposal Requests list', () => {
  it('pages by 8 with "Page X of Y" and shows the empty state', async () => {
    const tickets = Array.from({ length: 9 }, (_, index) => buildTicket({ id: index + 1, company_name: `Company ${index + 1}` }));
    // The server pages (issue 37): 8 a page unless per_page says otherwise, the total in X-Total-Count.
    stubFetch(({ url }) => {
      if (url.pathname !== '/api/admin/proposal_tickets') return jsonResponse([]);
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page'));
      return jsonResponse(tickets.slice((page - 1) * perPage, page * perPage), { headers: { 'X-Total-Count': String(tickets.length) } });
    });
    const { user } = renderRoutes([{ path: '/admin', element: <ProposalManagementPage /> }], { initialEntries: ['/admin'] });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Manage proposal/ })).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Manage proposal/ })).toHaveLength(1);
  });

  it('shows "No Active Proposals" when there are none', async () => {
    stubFetch(() => jsonResponse([]));
    renderRoutes([{ path: '/admin', element: <ProposalManagementPage /> }], { initialEntries: ['/admin'] });
    expect(await screen.findByText('No Active Proposals')).toBeInTheDocument();
    expect(screen.getByText('There are currently no active proposal tickets. Please check back later.')).toBeInTheDocument();
  });
});
