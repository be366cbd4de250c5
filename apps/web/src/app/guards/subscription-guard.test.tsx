import { act, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@sunin/contract';
import { saveSession } from '../../lib/session';
import { buildUser } from '../../lib/test-fixtures';
import { useCurrentUser } from '../../lib/current-user';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';
import { createQueryClient } from '../query-client';
import { SubscriptionGuard } from './subscription-guard';

// The guard as router.tsx places it: around the member area, everything under one layout.
const routes = [
  {
    element: (
      <SubscriptionGuard>
        <Outlet />
      </SubscriptionGuard>
    ),
    children: ['/home', '/projects', '/projects/7', '/sunin-school', '/profile', '/billing', '/activating-now', '/checkout'].map((path) => ({
      path,
      element: <p>Page {path}</p>,
    })),
  },
];

function open(path: string, user: User) {
  saveSession('jwt', user);
  stubFetch(() => jsonResponse(user));
  return renderRoutes(routes, { initialEntries: [path] });
}

const unpaid = buildUser({ account_type: 'sales_partner', subscription_status: null });

describe('SubscriptionGuard (DESIGN.md: sales partners need active or pending_cancelation)', () => {
  it.each(['/home', '/projects', '/projects/7', '/sunin-school'])('sends a sales partner without a subscription from %s to /checkout', async (path) => {
    const { router } = open(path, unpaid);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.historyAction).toBe('REPLACE');
    // The router's location changes before React commits the new page: wait for the page itself.
    expect(await screen.findByText('Page /checkout')).toBeInTheDocument();
  });

  it.each(['past_due', 'canceled', 'incomplete'] as const)('also when the subscription is %s', async (status) => {
    const { router } = open('/home', buildUser({ account_type: 'sales_partner', subscription_status: status }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it.each(['/profile', '/billing', '/activating-now', '/checkout'])('keeps %s open to them', async (path) => {
    open(path, unpaid);
    expect(await screen.findByText(`Page ${path}`)).toBeInTheDocument();
  });

  it.each(['active', 'pending_cancelation'] as const)('lets a %s sales partner in', async (status) => {
    open('/projects', buildUser({ account_type: 'sales_partner', subscription_status: status }));
    expect(await screen.findByText('Page /projects')).toBeInTheDocument();
  });

  it('never stops referral partners or admins, and does not wait for their profile', async () => {
    const referral = open('/home', buildUser());
    expect(screen.getByText('Page /home')).toBeInTheDocument();
    referral.unmount();
    open('/home', buildUser({ account_type: 'admin', company_role: 'full_access_admin', subscription_status: null }));
    expect(screen.getByText('Page /home')).toBeInTheDocument();
  });

  it('trusts the profile over a stale account_type cookie', async () => {
    saveSession('jwt', unpaid);
    stubFetch(() => jsonResponse(buildUser({ account_type: 'referral_partner' })));
    renderRoutes(routes, { initialEntries: ['/home'] });
    expect(await screen.findByText('Page /home')).toBeInTheDocument();
  });
});

/** Reads the profile as the member shell's user menu does, under the guard. */
function ProfileReader() {
  const profile = useCurrentUser();
  return <p>Page for {profile.data?.first_name ?? 'nobody'}</p>;
}

const shellRoutes = [
  {
    element: (
      <SubscriptionGuard>
        <Outlet />
      </SubscriptionGuard>
    ),
    children: [{ path: '/home', element: <ProfileReader /> }],
  },
];

const serverError = () => jsonResponse({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 });

describe('SubscriptionGuard when the profile fails (issue 14 item 1)', () => {
  it('shows the error with Retry instead of a spinner for ever, and does not ask again by itself', async () => {
    const paying = buildUser({ account_type: 'sales_partner', subscription_status: 'active', first_name: 'Ana' });
    saveSession('jwt', paying);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    const calls = stubFetch(() => (failing ? serverError() : jsonResponse(paying)));
    const { user } = renderRoutes(shellRoutes, { initialEntries: ['/home'] });

    expect(await screen.findByText('We could not load your account.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your account…' })).not.toBeInTheDocument();
    // Before the fix the page's own reader restarted the query as soon as it mounted: hundreds of
    // requests a second without retries, one a second with them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toHaveLength(1);

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Page for Ana')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('with the app\'s retry settings, tries three times, backing off, then waits for Retry', async () => {
    vi.useFakeTimers();
    saveSession('jwt', unpaid);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubFetch(serverError);
    renderRoutes(shellRoutes, { initialEntries: ['/home'], queryClient: createQueryClient() });

    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(400)); // 1 s after the first try
    expect(calls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(calls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(700)); // 2 s after the second
    expect(calls).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(calls).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
