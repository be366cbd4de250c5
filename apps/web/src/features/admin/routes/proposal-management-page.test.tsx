import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROPOSAL_STATUSES, PROPOSAL_STATUS_NUMBERS, type ProposalTicket } from '@sunin/contract';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth } from '../../../lib/test-utils';
import { proposalStatusStyle } from '../components/proposal-tone';
import { ProposalManagementPage } from './proposal-management-page';

const ticket = (id: number, status: number, clock: Partial<ProposalTicket> = {}): ProposalTicket =>
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
    ...clock,
  }) as unknown as ProposalTicket;

const OPEN = [ticket(1, 1), ticket(2, 2), ticket(5, 5), ticket(6, 6)];

function renderPage(tickets: ProposalTicket[] = OPEN) {
  stubFetch(() => jsonResponse(tickets));
  return renderRoutes([{ path: '/', element: <ProposalManagementPage /> }]);
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

  it('asks for the soonest due first and shows the time left or overdue in each row, overdue rows marked', async () => {
    stubScreenWidth(true);
    const calls = stubFetch(() => jsonResponse(QUEUE));
    renderRoutes([{ path: '/', element: <ProposalManagementPage /> }]);
    const table = await screen.findByRole('table', { name: 'Proposal requests' });
    // No sort asked: the server's default, the due time.
    expect(calls[0]?.url.searchParams.get('sort')).toBeNull();
    expect(within(table).getByRole('columnheader', { name: /Due/ })).toHaveAttribute('aria-sort', 'ascending');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => (row as HTMLTableRowElement).cells[3]?.textContent)).toEqual(['Overdue by 2 hours', '8 hours left', '31 hours left', 'Waiting for the bill']);
    expect(rows.map((row) => row.hasAttribute('data-overdue'))).toEqual([true, false, false, false]);
    expect((rows[0] as HTMLTableRowElement | undefined)?.cells[3]?.querySelector('[data-clock]')).toHaveClass('text-danger-700');
  });

  it('reads a late delivery as late, in its own colour, and one on time as plain (issue 34 item 7)', async () => {
    stubScreenWidth(true);
    stubFetch(() =>
      jsonResponse([
        ticket(21, 3, { clock_started_at: hoursFromNow(-80), due_at: hoursFromNow(-32), delivered_at: hoursFromNow(-24), clock_stopped_at: hoursFromNow(-24) }),
        ticket(22, 3, { clock_started_at: hoursFromNow(-80), due_at: hoursFromNow(-32), delivered_at: hoursFromNow(-60), clock_stopped_at: hoursFromNow(-60) }),
      ]),
    );
    renderRoutes([{ path: '/', element: <ProposalManagementPage /> }]);
    const table = await screen.findByRole('table', { name: 'Proposal requests' });
    const cells = within(table).getAllByRole('row').slice(1).map((row) => (row as HTMLTableRowElement).cells[3]!);
    expect(cells.map((cell) => cell.textContent)).toEqual(['Delivered in 56 hours (8 hours late)', 'Delivered in 20 hours']);
    expect(cells[0]!.querySelector('[data-clock]')).toHaveClass('text-late-800');
    expect(cells[1]!.querySelector('[data-clock]')).not.toHaveClass('text-late-800');
  });

  it('filters to the overdue ones', async () => {
    stubScreenWidth(true);
    const calls = stubFetch(({ url }) => jsonResponse(url.searchParams.get('overdue') === 'true' ? QUEUE.slice(0, 1) : QUEUE));
    const { user } = renderRoutes([{ path: '/', element: <ProposalManagementPage /> }]);
    await screen.findByRole('table', { name: 'Proposal requests' });
    await user.selectOptions(screen.getByLabelText('48-hour clock'), 'Overdue only');
    await within(await screen.findByRole('table', { name: 'Proposal requests' })).findByText('#11');
    expect(calls.at(-1)?.url.searchParams.get('overdue')).toBe('true');
    expect(within(screen.getByRole('table', { name: 'Proposal requests' })).getAllByRole('row')).toHaveLength(2);
  });

  it('shows the clock on each phone card', async () => {
    stubScreenWidth(false);
    stubFetch(() => jsonResponse(QUEUE));
    renderRoutes([{ path: '/', element: <ProposalManagementPage /> }]);
    const items = within(await screen.findByRole('list', { name: 'Proposal requests' })).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('data-overdue');
    expect(items[0]).toHaveTextContent('Overdue by 2 hours');
    expect(items[2]).toHaveTextContent('31 hours left');
  });
});
