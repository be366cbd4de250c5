import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser, Project, ProposalTicket } from '@sunin/contract';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth, type FetchCall } from '../../../lib/test-utils';
import { AllProjectsPage } from './all-projects-page';
import { AllUsersPage } from './all-users-page';
import { ProposalManagementPage } from './proposal-management-page';

const adminUser = (id: number): AdminUser => ({ ...buildUser({ id, first_name: `User${id}`, last_name: 'Test', email: `user${id}@example.com` }), last_activity_at: null, stripe_customer_id: null, stripe_subscription_id: null });
const project = (id: number) => ({ id, company_name: `Company ${id}`, project_stage: 'Project Initiation', owner_name: 'Ada Lovelace' }) as unknown as Project;
const ticket = (id: number, status = 1) => ({ id, project_id: id, title: `Ticket ${id}`, company_name: `Company ${id}`, company_address: '', status, proposal_ticket_histories: [] }) as unknown as ProposalTicket;

/** Answers every list call with `rows` (none when the call searches for 'nothing'). */
function stubList(rows: unknown[], total = rows.length): FetchCall[] {
  return stubFetch(({ url }) => (url.searchParams.get('q') === 'nothing' ? jsonResponse([], { headers: { 'X-Total-Count': '0' } }) : jsonResponse(rows, { headers: { 'X-Total-Count': String(total) } })));
}

const lastQuery = (calls: FetchCall[]) => calls.at(-1)!.url.searchParams;

function renderAt(path: string, entry: string, element: React.ReactElement) {
  return renderRoutes([{ path, element }, { path: '/start', element: null }], { initialEntries: ['/start', entry] });
}

describe('All Users search, filters and sort (issue 15 item 2)', { timeout: 15_000 }, () => {
  it('searches as one types, after a pause, replacing the history entry; the chip and Escape clear it', async () => {
    stubScreenWidth(true);
    const calls = stubList([adminUser(1)]);
    const { user, router } = renderAt('/admin/all-users', '/admin/all-users?page=2', <AllUsersPage />);
    await screen.findByRole('table', { name: 'Users' });

    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(box, 'ada');
    await waitFor(() => expect(lastQuery(calls).get('q')).toBe('ada'));
    // One call for the settled text, not one per keystroke; the page starts again at 1.
    expect(calls.filter((call) => call.url.searchParams.has('q'))).toHaveLength(1);
    expect(lastQuery(calls).get('page')).toBe('1');
    expect(router.state.location.search).toBe('?q=ada');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(within(screen.getByRole('group', { name: 'Active filters' })).getByText('Search: ada')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Search: ada' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(box).toHaveValue('');

    await user.type(box, 'bob');
    await waitFor(() => expect(router.state.location.search).toBe('?q=bob'));
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('focuses the search box on /, unless the user is typing in a field', async () => {
    stubScreenWidth(true);
    stubList([adminUser(1)]);
    const { user } = renderAt('/admin/all-users', '/admin/all-users', <AllUsersPage />);
    await screen.findByRole('table', { name: 'Users' });
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await user.keyboard('/');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');

    const state = screen.getByLabelText('Company Role');
    state.focus();
    await user.keyboard('/');
    expect(box).not.toHaveFocus();
  });

  it('filters by account type and subscription status as chips, each removable, and Clear all', async () => {
    stubScreenWidth(true);
    const calls = stubList([adminUser(1)]);
    const { user, router } = renderAt('/admin/all-users', '/admin/all-users', <AllUsersPage />);
    await screen.findByRole('table', { name: 'Users' });

    await user.selectOptions(screen.getByLabelText('Account Type'), 'sales_partner');
    await user.selectOptions(screen.getByLabelText('Subscription'), 'past_due');
    await user.selectOptions(screen.getByLabelText('Company Role'), 'project_manager');
    await waitFor(() => expect(lastQuery(calls).get('subscription_status')).toBe('past_due'));
    expect(lastQuery(calls).get('account_type')).toBe('sales_partner');
    expect(lastQuery(calls).get('company_role')).toBe('project_manager');
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText('Account Type: Sales Partner')).toBeInTheDocument();
    expect(within(chips).getByText('Subscription: Past due')).toBeInTheDocument();

    await user.click(within(chips).getByRole('button', { name: 'Remove Account Type: Sales Partner' }));
    await waitFor(() => expect(lastQuery(calls).has('account_type')).toBe(false));
    expect(screen.getByLabelText('Account Type')).toHaveValue('');

    // Back brings the removed filter back.
    act(() => void router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Account Type')).toHaveValue('sales_partner'));
    expect(lastQuery(calls).get('account_type')).toBe('sales_partner');

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Company Role')).toHaveValue('');
  });

  it('sorts by a column header, flipping the direction on a second click', async () => {
    stubScreenWidth(true);
    const calls = stubList([adminUser(1)]);
    const { user, router } = renderAt('/admin/all-users', '/admin/all-users', <AllUsersPage />);
    await screen.findByRole('table', { name: 'Users' });
    expect(lastQuery(calls).has('sort')).toBe(false);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('email'));
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('-email'));
    expect(router.state.location.search).toBe('?sort=-email');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('restores the whole list from the URL (reload, a shared link), and exports it without the page', async () => {
    stubScreenWidth(true);
    const calls = stubList(Array.from({ length: 8 }, (_, index) => adminUser(index + 9)), 20);
    renderAt('/admin/all-users', '/admin/all-users?q=test&company_role=project_manager&account_type=admin&sort=-email&page=2', <AllUsersPage />);
    expect(await screen.findByText('Showing 9 to 16 of 20 results')).toBeInTheDocument();
    expect(Object.fromEntries(lastQuery(calls))).toEqual({ page: '2', per_page: '8', q: 'test', company_role: 'project_manager', account_type: 'admin', sort: '-email' });
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('test');
    expect(screen.getByLabelText('Company Role')).toHaveValue('project_manager');
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/users.csv?q=test&company_role=project_manager&account_type=admin&sort=-email');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('download');
  });

  it('says nothing matched, apart from "No Users Yet", and offers to clear', async () => {
    stubScreenWidth(true);
    stubList([adminUser(1)]);
    const { user } = renderAt('/admin/all-users', '/admin/all-users?q=nothing', <AllUsersPage />);
    expect(await screen.findByText('No users match your search and filters')).toBeInTheDocument();
    expect(screen.queryByText('No Users Yet')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
  });

  it('offers the sort as a select on a phone', async () => {
    stubScreenWidth(false);
    const calls = stubList([adminUser(1)]);
    const { user } = renderAt('/admin/all-users', '/admin/all-users', <AllUsersPage />);
    await screen.findByRole('list', { name: 'Users' });
    await user.selectOptions(screen.getByLabelText('Sort by'), '-created_at');
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('-created_at'));
  });
});

describe('All Projects search, filters and sort (issue 15 item 2)', { timeout: 15_000 }, () => {
  it('filters by several stages, Working/Archived, state and update dates, and exports what is shown', async () => {
    stubScreenWidth(true);
    const calls = stubList([project(1)]);
    const { user, router } = renderAt('/admin/all-projects', '/admin/all-projects?page=3', <AllProjectsPage />);
    await screen.findByRole('table', { name: 'All projects' });
    expect(lastQuery(calls).get('per_page')).toBe('25');

    await user.click(screen.getByText('Stage', { selector: 'summary' }));
    await user.click(screen.getByRole('checkbox', { name: 'Archived' }));
    await user.click(screen.getByRole('checkbox', { name: 'Presentation Ready' }));
    await waitFor(() => expect(lastQuery(calls).getAll('stage')).toEqual(['Archived', 'Presentation Ready']));
    expect(lastQuery(calls).get('page')).toBe('1');
    await user.selectOptions(screen.getByLabelText('Working/Archived'), 'working');
    await user.type(screen.getByLabelText('State'), 'CA{Enter}');
    await user.type(screen.getByLabelText('Updated from'), '2026-01-01');
    await waitFor(() => expect(lastQuery(calls).get('updated_from')).toBe('2026-01-01'));
    expect(lastQuery(calls).get('state')).toBe('CA');
    expect(lastQuery(calls).get('stage_filter')).toBe('working');

    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText('Stage: Archived')).toBeInTheDocument();
    expect(within(chips).getByText('Working/Archived: Working')).toBeInTheDocument();
    expect(within(chips).getByText('Updated from: 2026-01-01')).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Remove Stage: Archived' }));
    await waitFor(() => expect(lastQuery(calls).getAll('stage')).toEqual(['Presentation Ready']));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/projects.csv?stage_filter=working&state=CA&updated_from=2026-01-01&stage=Presentation+Ready',
    );
    expect(router.state.location.search).toBe('?stage_filter=working&state=CA&updated_from=2026-01-01&stage=Presentation+Ready');
  });

  it('sorts by Company and by ID from the headers, newest updated first by default', async () => {
    stubScreenWidth(true);
    const calls = stubList([project(1)]);
    const { user } = renderAt('/admin/all-projects', '/admin/all-projects', <AllProjectsPage />);
    await screen.findByRole('table', { name: 'All projects' });
    expect(screen.queryByRole('columnheader', { name: /Owner Name/ })).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: 'Company' }));
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('company_name'));
    await user.click(screen.getByRole('button', { name: 'ID' }));
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('id'));
    expect(screen.getByRole('columnheader', { name: 'ID' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts by owner (last then first name) and by days in stage from the headers (issue 37 item 5)', async () => {
    stubScreenWidth(true);
    const calls = stubList([project(1)]);
    const { user } = renderAt('/admin/all-projects', '/admin/all-projects', <AllProjectsPage />);
    await screen.findByRole('table', { name: 'All projects' });
    await user.click(screen.getByRole('button', { name: 'Owner Name' }));
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('owner_name'));
    expect(screen.getByRole('columnheader', { name: 'Owner Name' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Days in Stage' }));
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('days_in_stage'));
    await user.click(screen.getByRole('button', { name: 'Stage' }));
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('project_stage'));
  });

  it('restores from a shared link, and tells "no matches" from "No Projects Yet"', async () => {
    stubScreenWidth(true);
    const calls = stubList([project(1)]);
    renderAt('/admin/all-projects', '/admin/all-projects?q=nothing&stage=Archived&updated_to=2026-02-01&sort=-company_name', <AllProjectsPage />);
    expect(await screen.findByText('No projects match your search and filters')).toBeInTheDocument();
    expect(screen.queryByText('No Projects Yet')).not.toBeInTheDocument();
    expect(Object.fromEntries(lastQuery(calls))).toMatchObject({ q: 'nothing', stage: 'Archived', updated_to: '2026-02-01', sort: '-company_name' });
    expect(screen.getByLabelText('Updated to')).toHaveValue('2026-02-01');
    expect(screen.getByText('Stage (1)', { exact: false, selector: 'summary' })).toBeInTheDocument();
  });
});

describe('All Projects: Signed (issue 36 item 4)', { timeout: 15_000 }, () => {
  const rows = [
    { ...project(1), company_name: 'Signed Co', signed_at: '2026-11-27T15:00:00.000Z' },
    { ...project(2), company_name: 'Open Co', signed_at: null },
  ];

  it('is a column, filtered Signed / Not signed with `signed` kept in the address', async () => {
    stubScreenWidth(true);
    const calls = stubList(rows);
    const { user, router } = renderAt('/admin/all-projects', '/admin/all-projects', <AllProjectsPage />);
    const table = await screen.findByRole('table', { name: 'All projects' });
    expect(within(table).getByRole('columnheader', { name: 'Signed' })).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Signed Co/ })).getByText('Signed Nov 27, 2026')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Open Co/ })).getByText('Not signed')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Signed'), 'false');
    await waitFor(() => expect(lastQuery(calls).get('signed')).toBe('false'));
    expect(router.state.location.search).toContain('signed=false');
    await user.selectOptions(screen.getByLabelText('Signed'), 'true');
    await waitFor(() => expect(lastQuery(calls).get('signed')).toBe('true'));
  });

  it('restores the filter from the address, and marks the phone cards', async () => {
    stubScreenWidth(false);
    const calls = stubList(rows);
    renderAt('/admin/all-projects', '/admin/all-projects?signed=true', <AllProjectsPage />);
    const cards = await screen.findByRole('list', { name: 'All projects' });
    expect(lastQuery(calls).get('signed')).toBe('true');
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('Signed Nov 27, 2026');
  });
});

describe('Proposal Requests search, status filter and sort (issue 15 item 2)', { timeout: 15_000 }, () => {
  it('asks for terminal statuses when chosen, searches and sorts, all in the URL', async () => {
    stubScreenWidth(true);
    const calls = stubList([ticket(1), ticket(2, 4)]);
    const { user, router } = renderAt('/admin', '/admin', <ProposalManagementPage />);
    await screen.findByRole('table', { name: 'Proposal requests' });
    expect(lastQuery(calls).has('status')).toBe(false);

    await user.click(screen.getByText('Status', { selector: 'summary' }));
    await user.click(screen.getByRole('checkbox', { name: 'Proposal request rejected' }));
    await user.click(screen.getByRole('checkbox', { name: 'Proposal requested and pending review' }));
    await waitFor(() => expect(lastQuery(calls).getAll('status')).toEqual(['4', '1']));
    expect(within(screen.getByRole('group', { name: 'Active filters' })).getByText('Status: Proposal request rejected')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search proposals' }), 'Company');
    await waitFor(() => expect(lastQuery(calls).get('q')).toBe('Company'));
    await user.click(screen.getByRole('button', { name: 'Company' }));
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('company_name'));
    expect(router.state.location.search).toBe('?status=4&status=1&q=Company&sort=company_name');
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('keeps the page in the URL and says when nothing matched', async () => {
    stubScreenWidth(true);
    const calls = stubList(Array.from({ length: 10 }, (_, index) => ticket(index + 1)));
    const { user, router } = renderAt('/admin', '/admin?page=2', <ProposalManagementPage />);
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    act(() => void router.navigate(-1));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search proposals' }), 'nothing');
    expect(await screen.findByText('No proposals match your search and filters')).toBeInTheDocument();
    expect(screen.queryByText('No Active Proposals')).not.toBeInTheDocument();
    expect(lastQuery(calls).get('q')).toBe('nothing');
  });
});

describe('a choice of several values (issue 15 item 2)', () => {
  it('closes on Escape, back to its summary, and on a click elsewhere', async () => {
    stubScreenWidth(true);
    stubList([project(1)]);
    const { user } = renderAt('/admin/all-projects', '/admin/all-projects', <AllProjectsPage />);
    await screen.findByRole('table', { name: 'All projects' });
    const summary = screen.getByText('Stage', { selector: 'summary' });
    const details = summary.closest('details')!;
    await user.click(summary);
    expect(details).toHaveAttribute('open');
    await user.click(screen.getByRole('checkbox', { name: 'Archived' }));
    await user.keyboard('{Escape}');
    expect(details).not.toHaveAttribute('open');
    expect(summary).toHaveFocus();

    await user.click(summary);
    expect(details).toHaveAttribute('open');
    await user.click(screen.getByRole('heading', { name: 'All Projects' }));
    expect(details).not.toHaveAttribute('open');
  });
});

describe('All Projects days in stage and the Stalled mark (issue 18 item 3)', { timeout: 15_000 }, () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3_600_000).toISOString();
  const rows = [
    { ...project(1), company_name: 'Stuck Storage', stage_entered_at: daysAgo(22), stalled: true },
    { ...project(2), company_name: 'Moving Mills', stage_entered_at: daysAgo(3), stalled: false },
  ];

  it('is a column on a wide screen, "Stalled" beside the days of a stalled project, and links to the stall settings', async () => {
    stubScreenWidth(true);
    stubList(rows);
    renderAt('/admin/all-projects', '/admin/all-projects', <AllProjectsPage />);
    const table = await screen.findByRole('table', { name: 'All projects' });
    expect(within(table).getByRole('columnheader', { name: 'Days in Stage' })).toBeInTheDocument();
    const stuck = within(table).getByRole('row', { name: /Stuck Storage/ });
    expect(stuck).toHaveTextContent('22 days');
    expect(within(stuck).getByText('Stalled')).toBeInTheDocument();
    const moving = within(table).getByRole('row', { name: /Moving Mills/ });
    expect(moving).toHaveTextContent('3 days');
    expect(within(moving).queryByText('Stalled')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stall settings' })).toHaveAttribute('href', '/admin/stall-settings');
  });

  it('is part of each card on a phone', async () => {
    stubScreenWidth(false);
    stubList(rows);
    renderAt('/admin/all-projects', '/admin/all-projects', <AllProjectsPage />);
    const cards = await screen.findByRole('list', { name: 'All projects' });
    const [stuck, moving] = within(cards).getAllByRole('listitem');
    expect(stuck).toHaveTextContent('22 days at this stage');
    expect(within(stuck!).getByText('Stalled')).toBeInTheDocument();
    expect(moving).toHaveTextContent('3 days at this stage');
    expect(within(moving!).queryByText('Stalled')).not.toBeInTheDocument();
  });
});
