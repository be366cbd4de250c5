import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROPOSAL_STATUSES, PROPOSAL_STATUS_NUMBERS, type AdminProposalTicket, type ProposalTicket } from '@sunin/contract';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth, type FetchCall } from '../../../lib/test-utils';
import { proposalStatusStyle } from '../components/proposal-tone';
import { ProposalManagementPage } from './proposal-management-page';

const ticket = (id: number, status: number, clock: Partial<AdminProposalTicket> = {}): AdminProposalTicket =>
  ({
    id,
    project_id: id,
    title: `Ticket ${id}`,
    company_name: `Company ${id}`,
    company_address: '',
    status,
    proposal_ticket_histories: [],
    clock_started_at: null,
    due_at: null,
    delivered_at: null,
    clock_stopped_at: null,
    partner_id: 100 + id,
    partner_name: `Partner ${id}`,
    requested_at: '2026-03-02T15:00:00.000Z',
    assignee_id: null,
    assignee_name: null,
    ...clock,
  }) as unknown as AdminProposalTicket;

const OPEN = [ticket(1, 1), ticket(2, 2), ticket(5, 5), ticket(6, 6)];
const ADMINS = [
  { id: 7, first_name: 'Avery', last_name: 'Admin', email: 'avery@example.com' },
  { id: 9, first_name: 'Blake', last_name: 'Boss', email: 'blake@example.com' },
];

/** The queue answers `tickets` (any function of the call), the admin list ADMINS. */
function stubQueue(tickets: ProposalTicket[] | ((call: FetchCall) => Response)) {
  return stubFetch((call) => {
    if (call.url.pathname.endsWith('/admin/users')) return jsonResponse(ADMINS, { headers: { 'X-Total-Count': '2' } });
    return typeof tickets === 'function' ? tickets(call) : jsonResponse(tickets);
  });
}
const queueCalls = (calls: FetchCall[]) => calls.filter((call) => call.url.pathname.endsWith('/admin/proposal_tickets') && call.method === 'GET');

function renderPage(tickets: ProposalTicket[] = OPEN, initialEntries = ['/']) {
  const calls = stubQueue(tickets);
  return { calls, ...renderRoutes([{ path: '/', element: <ProposalManagementPage /> }], { initialEntries }) };
}

/** The hue of a Tailwind class such as 'bg-amber-100' (amber). */
const hue = (classes: string) => /bg-([a-z]+)-\d+/.exec(classes)?.[1];

describe('proposal status tints (issue 14 item 16)', () => {
  it('gives every status its own hue, row tint, stripe and chip', () => {
    const styles = PROPOSAL_STATUS_NUMBERS.map(proposalStatusStyle);
    expect(new Set(styles.map((style) => hue(style.row))).size).toBe(8);
    expect(new Set(styles.map((style) => style.stripe)).size).toBe(8);
    expect(new Set(styles.map((style) => style.chip)).size).toBe(8);
    // Neither the near-white greys of before nor plain white: a tint one can see.
    for (const style of styles) expect(style.row).toMatch(/^bg-(?!ink|white|gray|slate)[a-z]+-(100|200)$/);
  });

  it('tints each row by status, shows the status as a chip with the spec text, and explains the colours in a legend', async () => {
    stubScreenWidth(true);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Proposal requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const tints = rows.map((row) => [...row.classList].find((name) => name.startsWith('bg-')));
    expect(new Set(tints).size).toBe(4);
    rows.forEach((row, index) => {
      const status = OPEN[index]!.status;
      expect(within(row).getByText(PROPOSAL_STATUSES[status - 1]!)).toHaveClass(...proposalStatusStyle(status).chip.split(' '));
    });

    const legend = screen.getByRole('region', { name: 'Status colours' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Proposal requested and pending review',
      'Proposal accepted and assigned to engineer',
      'Revision requested and pending review',
      'Revision request accepted and assigned to engineer',
    ]);
  });
});

describe('proposal list on a phone (issue 14 item 17)', () => {
  it('is a list of cards, each with its status chip and a full-width Manage button, and no table', async () => {
    stubScreenWidth(false);
    const { user } = renderPage();
    const cards = await screen.findByRole('list', { name: 'Proposal requests' });
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByText('Proposal requested and pending review')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Manage proposal 1' })).toHaveClass('w-full');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(within(items[1]!).getByRole('button', { name: 'Manage proposal 2' }));
    expect(await screen.findByRole('dialog', { name: 'Manage Proposal' })).toBeInTheDocument();
  });
});

describe('the 48-hour clock in the queue (issue 18 item 1)', () => {
  const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const QUEUE = [
    ticket(11, 1, { clock_started_at: hoursFromNow(-50), due_at: hoursFromNow(-2) }),
    ticket(12, 2, { clock_started_at: hoursFromNow(-40), due_at: hoursFromNow(8) }),
    ticket(13, 5, { clock_started_at: hoursFromNow(-17), due_at: hoursFromNow(31) }),
    ticket(14, 1),
  ];

  it('asks for the most urgent first and shows the time left or overdue in each row, overdue rows marked', async () => {
    stubScreenWidth(true);
    const { calls } = renderPage(QUEUE);
    const table = await screen.findByRole('table', { name: 'Proposal requests' });
    // No sort asked: the server's default, the urgency (issue 37 item 2), which the Due column
    // stands for (the running clocks by due time).
    expect(queueCalls(calls)[0]?.url.searchParams.get('sort')).toBeNull();
    expect(within(table).getByRole('columnheader', { name: /Due/ })).toHaveAttribute('aria-sort', 'ascending');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => (row as HTMLTableRowElement).cells[5]?.textContent)).toEqual(['Overdue by 2 hours', '8 hours left', '31 hours left', 'Waiting for the bill']);
    expect(rows.map((row) => row.hasAttribute('data-overdue'))).toEqual([true, false, false, false]);
    expect((rows[0] as HTMLTableRowElement | undefined)?.cells[5]?.querySelector('[data-clock]')).toHaveClass('text-danger-700');
  });

  it('reads a late delivery as late, in its own colour, and one on time as plain (issue 34 item 7)', async () => {
    stubScreenWidth(true);
    renderPage([
      ticket(21, 3, { clock_started_at: hoursFromNow(-80), due_at: hoursFromNow(-32), delivered_at: hoursFromNow(-24), clock_stopped_at: hoursFromNow(-24) }),
      ticket(22, 3, { clock_started_at: hoursFromNow(-80), due_at: hoursFromNow(-32), delivered_at: hoursFromNow(-60), clock_stopped_at: hoursFromNow(-60) }),
    ]);
    const table = await screen.findByRole('table', { name: 'Proposal requests' });
    const cells = within(table).getAllByRole('row').slice(1).map((row) => (row as HTMLTableRowElement).cells[5]!);
    expect(cells.map((cell) => cell.textContent)).toEqual(['Delivered in 56 hours (8 hours late)', 'Delivered in 20 hours']);
    expect(cells[0]!.querySelector('[data-clock]')).toHaveClass('text-late-800');
    expect(cells[1]!.querySelector('[data-clock]')).not.toHaveClass('text-late-800');
  });

  it('filters to the overdue ones', async () => {
    stubScreenWidth(true);
    const calls = stubQueue(({ url }) => jsonResponse(url.searchParams.get('overdue') === 'true' ? QUEUE.slice(0, 1) : QUEUE));
    const { user } = renderRoutes([{ path: '/', element: <ProposalManagementPage /> }]);
    await screen.findByRole('table', { name: 'Proposal requests' });
    await user.selectOptions(screen.getByLabelText('48-hour clock'), 'Overdue only');
    await within(await screen.findByRole('table', { name: 'Proposal requests' })).findByText('#11');
    expect(queueCalls(calls).at(-1)?.url.searchParams.get('overdue')).toBe('true');
    expect(screen.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('table', { name: 'Proposal requests' })).getAllByRole('row')).toHaveLength(2);
  });

  it('shows the clock on each phone card', async () => {
    stubScreenWidth(false);
    renderPage(QUEUE);
    const items = within(await screen.findByRole('list', { name: 'Proposal requests' })).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('data-overdue');
    expect(items[0]).toHaveTextContent('Overdue by 2 hours');
    expect(items[2]).toHaveTextContent('31 hours left');
  });
});

describe('the owned queue (issue 37 item 2)', () => {
  const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

  it('shows the partner, when it was requested and the assignee in each row', async () => {
    stubScreenWidth(true);
    renderPage([ticket(31, 1, { assignee_id: 9, assignee_name: 'Blake Boss' }), ticket(32, 5)]);
    const table = await screen.findByRole('table', { name: 'Proposal requests' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent?.trim())).toEqual(
      expect.arrayContaining(['Proposal ID', 'Company', 'Partner', 'Requested', 'Status', 'Due', 'Assignee']),
    );
    const [first, second] = within(table).getAllByRole('row').slice(1) as HTMLTableRowElement[];
    expect(first!.cells[2]).toHaveTextContent('Partner 31');
    expect(first!.cells[3]?.textContent).toMatch(/2026/);
    await waitFor(() => expect(within(first!).getByRole('combobox', { name: 'Assignee of proposal 31' })).toHaveDisplayValue('Blake Boss'));
    expect(within(second!).getByRole('combobox', { name: 'Assignee of proposal 32' })).toHaveDisplayValue('Unassigned');
  });

  it('keeps the Mine, Unassigned and Overdue views in the address and asks the server for them', async () => {
    stubScreenWidth(true);
    const { calls, user, router } = renderPage(OPEN);
    await screen.findByRole('table', { name: 'Proposal requests' });
    const views = screen.getByRole('group', { name: 'Queue' });
    expect(within(views).getAllByRole('button').map((button) => button.textContent)).toEqual(['All', 'Mine', 'Unassigned', 'Overdue']);
    expect(within(views).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(views).getByRole('button', { name: 'Mine' }));
    await waitFor(() => expect(queueCalls(calls).at(-1)?.url.searchParams.get('assignee')).toBe('me'));
    expect(search(router).get('assignee')).toBe('me');
    expect(within(views).getByRole('button', { name: 'Mine' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(views).getByRole('button', { name: 'Overdue' }));
    await waitFor(() => expect(queueCalls(calls).at(-1)?.url.searchParams.get('overdue')).toBe('true'));
    expect(queueCalls(calls).at(-1)?.url.searchParams.get('assignee')).toBe('me');
    expect(search(router).toString()).toBe('assignee=me&overdue=true');

    await user.click(within(views).getByRole('button', { name: 'Unassigned' }));
    await waitFor(() => expect(search(router).get('assignee')).toBe('none'));
    expect(queueCalls(calls).at(-1)?.url.searchParams.get('assignee')).toBe('none');

    await user.click(within(views).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(search(router).toString()).toBe(''));
    const last = queueCalls(calls).at(-1)!.url.searchParams;
    expect([last.get('assignee'), last.get('overdue')]).toEqual([null, null]);
  });

  it('opens on the address it was given: views, per page, page and sort', async () => {
    stubScreenWidth(true);
    const { calls } = renderPage(OPEN, ['/?assignee=none&overdue=true&per_page=25&page=2&sort=-assignee_name']);
    await screen.findByRole('table', { name: 'Proposal requests' });
    const asked = queueCalls(calls)[0]!.url.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ assignee: 'none', overdue: 'true', per_page: '25', page: '2', sort: '-assignee_name' });
    expect(screen.getByRole('button', { name: 'Unassigned' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Per page')).toHaveValue('25');
  });

  it('asks for 8 a page, offers 25 and 50, and counts the pages from the total', async () => {
    stubScreenWidth(true);
    const calls = stubQueue(() => jsonResponse(OPEN, { headers: { 'X-Total-Count': '30' } }));
    const { user, router } = renderRoutes([{ path: '/', element: <ProposalManagementPage /> }], { initialEntries: ['/?page=2'] });
    await screen.findByRole('table', { name: 'Proposal requests' });
    expect(queueCalls(calls)[0]?.url.searchParams.get('per_page')).toBe('8');
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Per page')).getAllByRole('option').map((option) => option.textContent)).toEqual(['8', '25', '50']);
    await user.selectOptions(screen.getByLabelText('Per page'), '25');
    await waitFor(() => expect(queueCalls(calls).at(-1)?.url.searchParams.get('per_page')).toBe('25'));
    // A new page size starts again at page 1.
    expect(search(router).toString()).toBe('per_page=25');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('assigns with the Assign button, not while moving through the options, and says so', async () => {
    stubScreenWidth(true);
    const calls = stubQueue((call) => (call.method === 'PATCH' ? jsonResponse({ ...OPEN[0], assignee_id: 9, assignee_name: 'Blake Boss' }) : jsonResponse(OPEN)));
    const { user } = renderRoutes([{ path: '/', element: <ProposalManagementPage /> }]);
    const table = await screen.findByRole('table', { name: 'Proposal requests' });
    const select = within(table).getByRole('combobox', { name: 'Assignee of proposal 1' });
    const assign = within(table).getByRole('button', { name: 'Assign proposal 1' });
    expect(assign).toBeDisabled();
    await waitFor(() => expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Unassigned', 'Avery Admin', 'Blake Boss']));
    expect(calls.find((call) => call.url.pathname.endsWith('/admin/users'))?.url.searchParams.get('company_role')).toBe('full_access_admin');
    await user.selectOptions(select, 'Blake Boss');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.click(assign);
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')).toBeDefined());
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/admin/proposal_tickets/1');
    expect(patch.body).toEqual({ proposal_ticket: { assignee_id: 9 } });
    expect(await screen.findByText('Assigned to Blake Boss.')).toBeInTheDocument();
  });

  it('unassigns with "Unassigned" and shows the server\'s refusal', async () => {
    stubScreenWidth(false);
    const calls = stubQueue((call) =>
      call.method === 'PATCH'
        ? jsonResponse({ error: { code: 'validation_failed', message: 'assignee_id must be a full access administrator.', fields: { assignee_id: 'assignee_id must be a full access administrator.' } } }, { status: 422 })
        : jsonResponse([ticket(41, 1, { assignee_id: 7, assignee_name: 'Avery Admin' })]),
    );
    const { user } = renderRoutes([{ path: '/', element: <ProposalManagementPage /> }]);
    const card = within(await screen.findByRole('list', { name: 'Proposal requests' })).getAllByRole('listitem')[0]!;
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Assignee of proposal 41' }), 'Unassigned');
    await user.click(within(card).getByRole('button', { name: 'Assign proposal 41' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ proposal_ticket: { assignee_id: null } }));
    expect(await screen.findByText('assignee_id must be a full access administrator.')).toBeInTheDocument();
  });
});
