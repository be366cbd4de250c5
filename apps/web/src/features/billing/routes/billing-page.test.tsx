import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { BillingPage } from './billing-page';

describe('/billing (the local provider billing portal)', () => {
  it('cancels at the period end after a confirmation, then reinstates', async () => {
    let status: 'active' | 'pending_cancelation' = 'active';
    const end = '2025-03-05T10:00:00.000Z';
    const profile = () => buildUser({ account_type: 'sales_partner', subscription_status: status, subscription_end_date: end });
    const calls = stubFetch(({ url, method }) => {
      if (url.pathname === '/api/billing/config') return jsonResponse({ provider: 'local', publishableKey: null, plans: ['monthly', 'yearly'], testMode: true });
      if (url.pathname === '/api/billing/subscription') {
        return jsonResponse({ subscription: { provider: 'local', plan: 'monthly', status, cancel_at_period_end: status === 'pending_cancelation', current_period_end: end, trial_end: null } });
      }
      if (url.pathname === '/api/unsubscribe' && method === 'PATCH') status = 'pending_cancelation';
      if (url.pathname === '/api/reinstate' && method === 'PATCH') status = 'active';
      return jsonResponse(profile());
    });
    saveSession('jwt', profile());
    const { user } = renderRoutes([{ path: '/billing', element: <BillingPage /> }], { initialEntries: ['/billing'] });

    expect(await screen.findByText('Test mode')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Subscription' });
    expect(await within(panel).findByText('Sales Partner — $129/month')).toBeInTheDocument();
    expect(within(panel).getByText('Renews on')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('You keep full access until March 5, 2025.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    expect(await screen.findByText('Your subscription ends on March 5, 2025.')).toBeInTheDocument();
    expect(await within(panel).findByText('Ends on')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/unsubscribe')).toHaveLength(1);

    await user.click(await within(panel).findByRole('button', { name: 'Reinstate subscription' }));
    expect(await screen.findByText('Your subscription is active again.')).toBeInTheDocument();
    expect(await within(panel).findByText('Renews on')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/reinstate')).toHaveLength(1);
  });

  it('leaves the subscription as it was when the cancel dialog is dismissed', async () => {
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/billing/config') return jsonResponse({ provider: 'local', publishableKey: null, plans: ['monthly'], testMode: true });
      if (url.pathname === '/api/billing/subscription') {
        return jsonResponse({ subscription: { provider: 'local', plan: 'monthly', status: 'active', cancel_at_period_end: false, current_period_end: null, trial_end: null } });
      }
      return jsonResponse(buildUser({ account_type: 'sales_partner', subscription_status: 'active' }));
    });
    saveSession('jwt', buildUser({ account_type: 'sales_partner' }));
    const { user } = renderRoutes([{ path: '/billing', element: <BillingPage /> }], { initialEntries: ['/billing'] });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(calls.some((call) => call.url.pathname === '/api/unsubscribe')).toBe(false);
  });
});
