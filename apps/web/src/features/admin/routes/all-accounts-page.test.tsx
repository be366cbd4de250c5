import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '@sunin/contract';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth } from '../../../lib/test-utils';
import { AllAccountsPage } from './all-accounts-page';

const account: Account = {
  id: 3,
  user_id: 42,
  owner_name: 'Ada Lovelace',
  company_name: 'Engine Works',
  address: '1 Analytical Way',
  status: 'Active',
  project_count: 2,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('All Accounts (issue 34 item 8)', () => {
  it("names each account's owner, linking to them, never \"User N\"", async () => {
    stubScreenWidth(true);
    stubFetch(() => jsonResponse([account], { headers: { 'X-Total-Count': '1' } }));
    renderRoutes([{ path: '/admin/all-accounts', element: <AllAccountsPage /> }], { initialEntries: ['/admin/all-accounts'] });
    const table = await screen.findByRole('table', { name: 'Accounts' });
    expect(within(table).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/admin/all-users/42');
    expect(within(table).queryByText(/User 42/)).not.toBeInTheDocument();
  });
});
