import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../lib/session';
import { buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';
import { routes } from '../router';

describe('admin shell (public-site-and-admin.md 2.10)', () => {
  it('wraps every /admin path: sidebar, user menu, and Coming Soon for paths without a screen', async () => {
    saveSession('jwt', buildUser({ company_role: 'full_access_admin', first_name: 'Avery', last_name: 'Admin' }));
    stubFetch(({ url }) => (url.pathname === '/api/user/profile' ? jsonResponse(buildUser({ first_name: 'Avery', last_name: 'Admin' })) : jsonResponse([])));
    const { user } = renderRoutes(routes, { initialEntries: ['/admin/reports'] });

    expect(await screen.findByRole('heading', { name: 'Coming Soon' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Admin' })[0]!;
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Proposal Management', '/admin/proposal-management'],
      ['All Projects', '/admin/all-projects'],
      ['Pipeline Board', '/admin/board'],
      ['Members', '/admin/all-users'],
      ['Leads', '/admin/leads'],
      ['Payables', '/admin/payables'],
      ['Webhooks', '/webhooks'],
    ]);

    await user.click(await screen.findByRole('button', { name: 'Avery Admin' }));
    expect(screen.getByRole('menuitem', { name: 'Sales Portal' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
  });

  it('sends a non-admin to /login', async () => {
    saveSession('jwt', buildUser({ company_role: null }));
    stubFetch(() => jsonResponse(buildUser()));
    const { router } = renderRoutes(routes, { initialEntries: ['/admin/all-users'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });
});
