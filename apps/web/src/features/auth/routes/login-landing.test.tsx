import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { LoginPage } from './login-page';

/** Issue 37 item 5: a full access admin lands on the proposal queue; a member on /home; a remembered page wins. */
const signedIn = (company_role: string | null) => ({ message: 'Logged in successfully.', user: { id: 3, user_name: 'ana', email: 'ana@example.com', account_type: company_role ? 'admin' : 'sales_partner', company_role, mfa_enabled: false } });

function renderLogin(state?: { from: string }) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/home', element: <p>Home page</p> },
      { path: '/admin/proposal-management', element: <p>Proposal queue</p> },
      { path: '/admin/all-users', element: <p>Members</p> },
    ],
    { initialEntries: [state ? { pathname: '/login', state } : '/login'] },
  );
}

async function logIn(user: ReturnType<typeof renderLogin>['user']) {
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'right password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('where a sign-in lands (issue 37 item 5)', { timeout: 20_000 }, () => {
  it('takes a full access admin to /admin/proposal-management', async () => {
    stubFetch(() => jsonResponse(signedIn('full_access_admin'), { headers: { Authorization: 'Bearer jwt' } }));
    const { user, router } = renderLogin();
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/proposal-management'));
  });

  it('takes a member to /home', async () => {
    stubFetch(() => jsonResponse(signedIn(null), { headers: { Authorization: 'Bearer jwt' } }));
    const { user, router } = renderLogin();
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('takes an admin back to the page a guard turned them away from', async () => {
    stubFetch(() => jsonResponse(signedIn('full_access_admin'), { headers: { Authorization: 'Bearer jwt' } }));
    const { user, router } = renderLogin({ from: '/admin/all-users' });
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/all-users'));
  });
});
