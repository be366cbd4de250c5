import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../lib/session';
import { buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';
import { routes } from '../router';
import { RequireAdmin, RequireLoggedIn, RequirePartner } from './guards';

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login-probe">{JSON.stringify(location.state)}</p>;
}

const probeRoutes = [
  { path: '/login', element: <LoginProbe /> },
  { element: <RequireLoggedIn />, children: [{ path: '/anyone', element: <p>Signed-in page</p> }] },
  { element: <RequirePartner />, children: [{ path: '/home', element: <p>Member home</p> }] },
  { path: '/admin', element: <RequireAdmin />, children: [{ path: '*', element: <p>Admin page</p> }] },
];

function login(accountType: 'referral_partner' | 'sales_partner' | 'admin' | 'enterprize_partner', companyRole: 'full_access_admin' | 'project_manager' | null = null) {
  saveSession('jwt', { id: 1, user_name: 'pat', email: 'pat@example.com', account_type: accountType, company_role: companyRole });
}

describe('route guards (member-app.md 6)', () => {
  it('sends a visitor without the authorization cookie to /login, remembering the page and its search', async () => {
    const { router } = renderRoutes(probeRoutes, { initialEntries: ['/', '/home?tab=2'] });
    expect(await screen.findByTestId('login-probe')).toHaveTextContent('{"from":"/home?tab=2"}');
    expect(router.state.location.pathname).toBe('/login');
    // replace: the rejected page is not left in the history.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lets a signed-in partner through the partner guard', async () => {
    login('sales_partner');
    renderRoutes(probeRoutes, { initialEntries: ['/home'] });
    expect(await screen.findByText('Member home')).toBeInTheDocument();
  });

  it('rejects an account type outside the partner combination', async () => {
    login('enterprize_partner');
    renderRoutes(probeRoutes, { initialEntries: ['/home'] });
    expect(await screen.findByTestId('login-probe')).toHaveTextContent('/home');
  });

  it('lets a full access admin use the member area', async () => {
    login('admin', 'full_access_admin');
    renderRoutes(probeRoutes, { initialEntries: ['/home'] });
    expect(await screen.findByText('Member home')).toBeInTheDocument();
  });

  it('only passes the admin guard with company_role full_access_admin', async () => {
    login('referral_partner', 'project_manager');
    const first = renderRoutes(probeRoutes, { initialEntries: ['/admin/all-users'] });
    expect(await screen.findByTestId('login-probe')).toHaveTextContent('{"from":"/admin/all-users"}');
    first.unmount();

    login('admin', 'full_access_admin');
    renderRoutes(probeRoutes, { initialEntries: ['/admin/all-users'] });
    expect(await screen.findByText('Admin page')).toBeInTheDocument();
  });

  it('the logged-in guard only needs the authorization cookie', async () => {
    login('enterprize_partner');
    renderRoutes(probeRoutes, { initialEntries: ['/anyone'] });
    expect(await screen.findByText('Signed-in page')).toBeInTheDocument();
  });
});

describe('the app routes', () => {
  it('after logging in, returns the visitor to the page a guard turned away', async () => {
    const profile = buildUser();
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/login') {
        return jsonResponse({ message: 'Logged in successfully.', user: profile }, { headers: { Authorization: 'Bearer fresh-jwt' } });
      }
      return jsonResponse(profile);
    });

    const { router, user } = renderRoutes(routes, { initialEntries: ['/profile?section=billing'] });
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?section=billing');
    expect(calls[0]?.body).toEqual({ user: { email: 'ana@example.com', password: 'correct horse' } });
    expect(await screen.findByRole('button', { name: 'Ana Lopez' })).toBeInTheDocument();
  });

  it('shows the login form errors: both fields required, then the server message', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'invalid_credentials', message: 'Email or Password are incorrect.' } }, { status: 401 }));
    const { user } = renderRoutes(routes, { initialEntries: ['/login'] });
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email and password are both required.');

    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('Email or Password are incorrect.')).not.toHaveLength(0);
  });

  it('sends a signed-in member who opens /login to /home', async () => {
    login('referral_partner');
    stubFetch(() => jsonResponse({ error: { code: 'internal', message: 'x' } }, { status: 500 }));
    const { router } = renderRoutes(routes, { initialEntries: ['/login'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends a signed-in partner who opens /admin to /login and keeps them there, remembering /admin (issue 34 item 8)', async () => {
    login('referral_partner');
    stubFetch(() => jsonResponse(buildUser()));
    const { router } = renderRoutes(routes, { initialEntries: ['/home', '/admin'] });
    expect(await screen.findByText('Your account cannot open that page. Log in with a different account to continue.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/admin' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('shows the not-found page for unknown paths', async () => {
    renderRoutes(routes, { initialEntries: ['/no/such/page'] });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
