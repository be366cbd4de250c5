import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth } from '../../../lib/test-utils';
import { AllProjectsPage } from './all-projects-page';
import { AllUsersPage } from './all-users-page';
import { ProposalManagementPage } from './proposal-management-page';

/**
 * Issue 14 item 14: a list that failed to load says so and offers Retry; it never claims to
 * be empty. Retry loads it again.
 */
const LISTS = [
  { name: 'All Users', element: <AllUsersPage />, empty: 'No Users Yet', error: /users could not be loaded/, row: { id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' } },
  { name: 'All Projects', element: <AllProjectsPage />, empty: 'No Projects Yet', error: /projects could not be loaded/, row: { id: 1, company_name: 'Sunny Bakery', project_stage: 'Project Initiation', owner_name: 'Ada Lovelace' } },
  { name: 'Proposal Requests', element: <ProposalManagementPage />, empty: 'No Active Proposals', error: /proposal requests could not be loaded/, row: { id: 1, status: 1, company_name: 'Sunny Bakery', title: 'T', proposal_ticket_histories: [] } },
] as const;

describe.each(LISTS)('$name when loading fails', ({ element, empty, error, row }) => {
  it('shows the error with Retry instead of the empty state, and Retry loads the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubScreenWidth(true);
    let fail = true;
    const calls = stubFetch(() => (fail ? jsonResponse({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 }) : jsonResponse([row], { headers: { 'X-Total-Count': '1' } })));
    const { user } = renderRoutes([{ path: '/', element }]);

    expect(await screen.findByText(error)).toBeInTheDocument();
    expect(screen.queryByText(empty)).not.toBeInTheDocument();
    const before = calls.length;

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByText(/Sunny Bakery|Ada Lovelace/)).length).toBeGreaterThan(0);
    expect(calls.length).toBeGreaterThan(before);
    expect(screen.queryByText(error)).not.toBeInTheDocument();
    expect(screen.queryByText(empty)).not.toBeInTheDocument();
  });
});
