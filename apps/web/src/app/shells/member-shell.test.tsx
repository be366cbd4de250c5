import 'fake-indexeddb/auto';
import Cookies from 'js-cookie';
import { screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { createStore, entries, set } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import type { CompanyRole } from '@sunin/contract';
import { SIGNED_OUT_ON_THIS_DEVICE_ONLY } from '../../features/auth/api/logout';
import { PERSISTED_QUERIES_DATABASE } from '../../lib/persisted-queries';
import { PERSISTED_QUERIES_VERSION, persistedQueriesKey, startQueryPersistence } from '../../lib/query-persistence';
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
  it('has Home, Projects, Referrals, Earnings, Analytics and Training in the sidebar, and a New Project button that opens the New Project modal', async () => {
    signIn();
    stubFetch(({ url }) => (url.pathname === '/api/user/profile' ? jsonResponse(buildUser()) : jsonResponse([])));
    const { user, router } = renderRoutes(routes, { initialEntries: ['/home'] });

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Projects', '/projects'],
      ['Referrals', '/referrals'],
      ['Earnings', '/earnings'],
      ['Analytics', '/analytics'],
      ['Training', '/sunin-school'],
    ]);
    await user.click(within(nav).getByRole('link', { name: 'Projects' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/projects');

    await user.click(screen.getByRole('button', { name: 'New Project' }));
    const modal = await screen.findByRole('dialog', { name: 'New Project' });
    expect(within(modal).getByLabelText('Company Name')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /notifications/i })).not.toBeInTheDocument();
  });

  it('offers Referrals to partners only: an administrator in the member area has no referral link', async () => {
    saveSession('jwt', buildUser({ account_type: 'admin', company_role: 'full_access_admin' }));
    stubFetch(({ url }) => (url.pathname === '/api/user/profile' ? jsonResponse(buildUser({ account_type: 'admin', company_role: 'full_access_admin' })) : jsonResponse([])));
    renderRoutes(routes, { initialEntries: ['/home'] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Earnings' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Referrals' })).not.toBeInTheDocument();
  });

  it('offers no Referrals to a partner account with the full access admin role (the server refuses them)', async () => {
    const admin = buildUser({ account_type: 'referral_partner', company_role: 'full_access_admin' });
    saveSession('jwt', admin);
    stubFetch(({ url }) => (url.pathname === '/api/user/profile' ? jsonResponse(admin) : jsonResponse([])));
    renderRoutes(routes, { initialEntries: ['/home'] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Earnings' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Referrals' })).not.toBeInTheDocument();
  });

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

  it('does not offer New Project to a sales partner who has not paid (their writes would answer 402)', async () => {
    const unpaid = buildUser({ account_type: 'sales_partner', subscription_status: null });
    saveSession('jwt', unpaid);
    stubFetch(({ url }) => (url.pathname === '/api/user/profile' ? jsonResponse(unpaid) : jsonResponse({}, { status: 404 })));
    renderRoutes(routes, { initialEntries: ['/profile'] });

    expect(await screen.findByRole('button', { name: 'Ana Lopez' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New Project' })).not.toBeInTheDocument());
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
    expect(screen.queryByText('Logout unsuccessful.')).not.toBeInTheDocument();
    const logout = calls.find((call) => call.url.pathname === '/api/logout');
    expect(logout?.method).toBe('DELETE');
    expect(logout?.headers.get('Authorization')).toBe('Bearer jwt');
    for (const name of ['authorization', 'account_type', 'company_role', 'username', 'email', 'id']) {
      expect(Cookies.get(name)).toBeUndefined();
    }
  });

  it('removes this device from push on sign-out: the server forgets its endpoint (before the session ends), then the browser drops it', async () => {
    signIn();
    const endpoint = 'https://push.example/device-1';
    const unsubscribe = vi.fn(async () => true);
    const subscription = { endpoint, unsubscribe, toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'B', auth: 'a' } }) };
    const registration = { active: {}, pushManager: { getSubscription: async () => subscription } };
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => registration, ready: Promise.resolve(registration) } });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'granted' });
    try {
      const calls = stubFetch(({ url, method }) =>
        url.pathname === '/api/logout' ? jsonResponse({ message: 'Logged out successfully.' }) : url.pathname === '/api/push/subscriptions' && method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(buildUser()),
      );
      const { user, router } = renderRoutes(routes, { initialEntries: ['/home'] });
      await user.click(await screen.findByRole('button', { name: 'Ana Lopez' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      const order = calls.filter((call) => call.method === 'DELETE').map((call) => [call.url.pathname, call.body]);
      expect(order).toEqual([
        ['/api/push/subscriptions', { endpoint }],
        ['/api/logout', undefined],
      ]);
      expect(unsubscribe).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it("still clears the session and goes to / when the logout request fails, alerting 'Logout unsuccessful.'", async () => {
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
    // public-site-and-admin.md 8 "Logout failure alert".
    expect(await screen.findByText('Logout unsuccessful.')).toBeInTheDocument();
    warn.mockRestore();
  });

  it('signs out offline at once: the request fails instead of waiting for a connection, what the device kept is deleted, and the member is told the server may still hold the session', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    toast.remove(); // The failed sign-out above left its toasts in react-hot-toast's store.
    const member = signIn();
    stubFetch(({ url }) => (url.pathname === '/api/logout' ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(buildUser())));
    const { user, router, queryClient } = renderRoutes(routes, { initialEntries: ['/home'] });
    // What an earlier visit kept on the device, restored as the app starts.
    const store = createStore(PERSISTED_QUERIES_DATABASE, 'queries');
    const project = { queryKey: ['projects', 'detail', 7], queryHash: '["projects","detail",7]', state: { data: { id: 7, company_name: 'Acme Bakery' }, dataUpdatedAt: Date.now(), dataUpdateCount: 1, error: null, errorUpdatedAt: 0, errorUpdateCount: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, status: 'success', fetchStatus: 'idle' } };
    await set(persistedQueriesKey(String(member.id)), JSON.stringify({ timestamp: Date.now(), buster: PERSISTED_QUERIES_VERSION, clientState: { mutations: [], queries: [project] } }), store);
    await startQueryPersistence(queryClient, String(member.id));
    expect(queryClient.getQueryData(['projects', 'detail', 7])).toEqual({ id: 7, company_name: 'Acme Bakery' });
    await user.click(await screen.findByRole('button', { name: 'Ana Lopez' }));
    onlineManager.setOnline(false);
    try {
      await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await entries(store)).toEqual([]);
      expect(queryClient.getQueryData(['projects', 'detail', 7])).toBeUndefined();
      expect(Cookies.get('authorization')).toBeUndefined();
      expect(await screen.findByText('Logout unsuccessful.')).toBeInTheDocument();
      expect(await screen.findByText(SIGNED_OUT_ON_THIS_DEVICE_ONLY)).toBeInTheDocument();
      expect(warn).toHaveBeenCalled();
    } finally {
      onlineManager.setOnline(true);
      warn.mockRestore();
    }
  });
});
