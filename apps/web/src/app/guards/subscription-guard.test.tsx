import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '@sunin/contract';
import { saveSession } from '../../lib/session';
import { buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';
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
