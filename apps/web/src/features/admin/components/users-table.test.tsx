import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@sunin/contract';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth } from '../../../lib/test-utils';
import { AllUsersPage } from '../routes/all-users-page';

const adminUser = (id: number): AdminUser => ({
  ...buildUser({ id, first_name: `User${String(id).padStart(2, '0')}`, last_name: 'Test', email: `user${id}@example.com` }),
  last_activity_at: null,
  stripe_customer_id: null,
  stripe_subscription_id: null,
});

// Many clicks and reloads in one test: slow on a busy machine.
describe('All Users (public-site-and-admin.md 2.10)', { timeout: 15_000 }, () => {
  it('pages by 8, pads the last page to 8 rows and filters by role', async () => {
    stubScreenWidth(true);
    const all = Array.from({ length: 11 }, (_, index) => adminUser(index + 1));
    const calls = stubFetch(({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('per_page'));
      const rows = url.searchParams.get('company_role') ? [] : all.slice((page - 1) * perPage, page * perPage);
      return jsonResponse(rows, { headers: { 'X-Total-Count': String(url.searchParams.get('company_role') ? 0 : all.length) } });
    });
    const { user } = renderRoutes([{ path: '/admin/all-users', element: <AllUsersPage /> }], { initialEntries: ['/admin/all-users'] });

    expect(await screen.findByText('Showing 1 to 8 of 11 results')).toBeInTheDocument();
    expect(calls[0]!.url.searchParams.get('per_page')).toBe('8');
    expect(screen.getAllByRole('link', { name: /^View / })).toHaveLength(8);
    expect(screen.queryAllByTestId('padding-row')).toHaveLength(0);
    // The default picture is shown for users without one.
    expect(screen.getByRole('img', { name: 'User01 Test: no picture' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 9 to 11 of 11 results')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('link', { name: /^View / });
    expect(rows).toHaveLength(3);
    expect(screen.getAllByTestId('padding-row')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Company Role'), 'project_engineer');
    // A filter that matches nobody is not 'No Users Yet' (issue 15 item 2).
    expect(await screen.findByText('No users match your search and filters')).toBeInTheDocument();
    expect(screen.queryByText('No Users Yet')).not.toBeInTheDocument();
    const last = calls.at(-1)!;
    expect(last.url.searchParams.get('company_role')).toBe('project_engineer');
    expect(last.url.searchParams.get('page')).toBe('1');
  });

  it('shows phone numbers as (555) 123-4567 (issue 14 item 19)', async () => {
    stubScreenWidth(true);
    stubFetch(() => jsonResponse([{ ...adminUser(1), phone_number: '5551234567' }], { headers: { 'X-Total-Count': '1' } }));
    renderRoutes([{ path: '/admin/all-users', element: <AllUsersPage /> }], { initialEntries: ['/admin/all-users'] });
    expect(await screen.findByRole('cell', { name: '(555) 123-4567' })).toBeInTheDocument();
    expect(screen.queryByText('5551234567')).not.toBeInTheDocument();
  });

  it("shows each partner's company in a sortable column (issue 37 item 5)", async () => {
    stubScreenWidth(true);
    const calls = stubFetch(() => jsonResponse([{ ...adminUser(1), company_name: 'Bay State Solar Partners' }, { ...adminUser(2), company_name: '' }], { headers: { 'X-Total-Count': '2' } }));
    const { user } = renderRoutes([{ path: '/admin/all-users', element: <AllUsersPage /> }], { initialEntries: ['/admin/all-users'] });
    expect(await screen.findByRole('cell', { name: 'Bay State Solar Partners' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('Company');
    await user.click(screen.getByRole('button', { name: 'Company' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('sort')).toBe('company_name'));
    expect(screen.getByLabelText('Search users')).toHaveAttribute('placeholder', 'Name, email, username, phone or company');
  });

  it('is a list of cards on a phone, each with its View link (issue 14 item 17)', async () => {
    stubScreenWidth(false);
    stubFetch(() => jsonResponse([adminUser(1), adminUser(2)], { headers: { 'X-Total-Count': '2' } }));
    renderRoutes([{ path: '/admin/all-users', element: <AllUsersPage /> }], { initialEntries: ['/admin/all-users'] });
    const cards = await screen.findByRole('list', { name: 'Users' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByRole('link', { name: 'View User01 Test' })).toHaveAttribute('href', '/admin/all-users/1');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
