import Cookies from 'js-cookie';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CompanyRole } from '@sunin/contract';
import { saveSession } from '../../lib/session';
import { buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';
import { routes } from '../router';

function signIn(companyRole: CompanyRole | null = null) {
  const user = buildUser({ company_role: companyRole });
  saveSession('jwt', user);
  return user;
}

describe('member shell (member-app.md 2 "Member shell")', () => {
  it('greets the member and names the user menu after them; Admin Portal is for full access admins only', async () => {
    signIn();
    stubFetch(() => jsonResponse(buildUser()));
    const { user } = renderRoutes(routes, { initialEntries: ['/home'] });

    expect(await screen.findByText('Welcome, Ana!')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Ana Lopez' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Admin Portal' })).not.toBeInTheDocument();
  });

  it('shows Admin Portal to a full access admin', async () => {
    signIn('full_access_admin');
    stubFetch(() => jsonResponse(buildUser({ company_role: 'full_access_admin' })));
    const { user } = renderRoutes(routes, { initialEntries: ['/home'] });
    await user.click(await screen.findByRole('button', { name: 'Ana Lopez' }));
    expect(await screen.findByRole('menuitem', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');
  });

  it('logs out: DELETE /api/logout with the token, every cookie cleared, then /', async () => {
    signIn('full_access_admin');
    const calls = stubFetch(({ url }) =>
      url.pathname === '/api/logout' ? jsonResponse({ message: 'Logged out successfully.' }) : jsonResponse(buildUser()),
    );
    const { user, router } = renderRoutes(routes, { initialEntries: ['/home'] });
    await user.click(await screen.findByRole('button', { name: 'Ana Lopez' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logout = calls.find((call) => call.url.pathname === '/api/logout');
    expect(logout?.method).toBe('DELETE');
    expect(logout?.headers.get('Authorization')).toBe('Bearer jwt');
    for (const name of ['authorization', 'account_type', 'company_role', 'username', 'email', 'id']) {
      expect(Cookies.get(name)).toBeUndefined();
    }
  });

  it('still clears the session and goes to / when the logout request fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    signIn();
    stubFetch(({ url }) =>
      url.pathname === '/api/logout'
        ? jsonResponse({ error: { code: 'internal', message: 'Down.' } }, { status: 500 })
        : jsonResponse(buildUser()),
    );
    const { user, router } = renderRoutes(routes, { initialEntries: ['/home'] });
    await user.click(await screen.findByRole('button', { name: 'Ana Lopez' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(warn).toHaveBeenCalled();
    expect(Cookies.get('authorization')).toBeUndefined();
    warn.mockRestore();
  });

  it('shows Coming Soon for every /admin path to an admin', async () => {
    signIn('full_access_admin');
    stubFetch(() => jsonResponse(buildUser()));
    renderRoutes(routes, { initialEntries: ['/admin/all-users/4'] });
    expect(await screen.findByRole('heading', { name: 'Coming Soon' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
  });
});
