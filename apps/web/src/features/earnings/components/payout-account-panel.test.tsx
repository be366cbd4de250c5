import { screen } from '@testing-library/react';
import type { PayoutAccountResponse } from '@sunin/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { EarningsPage } from '../routes/earnings-page';
import { PayoutAccountPanel } from './payout-account-panel';

const account = (overrides: Partial<NonNullable<PayoutAccountResponse['payout_account']>> = {}): NonNullable<PayoutAccountResponse['payout_account']> => ({
  provider: 'local',
  status: 'active',
  bank_last4: '6789',
  requirement: null,
  updated_at: '2026-12-01T12:00:00.000Z',
  ...overrides,
});

const routes = [
  { path: '/earnings', element: <PayoutAccountPanel /> },
  { path: '/earnings/payout-account', element: <p>The local bank account page</p> },
];

afterEach(() => vi.unstubAllGlobals());

describe('the payout account panel on /earnings (issue 38 item 2)', () => {
  it('before any setup: says where payouts go and opens the local provider’s page', async () => {
    const calls = stubFetch((call) => (call.method === 'POST' ? jsonResponse({ url: '/earnings/payout-account' }) : jsonResponse({ payout_account: null, provider: 'local' })));
    const { user } = renderRoutes(routes, { initialEntries: ['/earnings'] });
    expect(await screen.findByText(/Payouts are sent to your bank account/)).toBeInTheDocument();
    expect(screen.getByText(/Test mode: payouts are simulated/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up payouts' }));
    expect(await screen.findByText('The local bank account page')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['GET /api/user/payout_account', 'POST /api/user/payout_account/onboarding']);
  });

  it('ready: the status, the bank account’s last four digits and "Update bank account"', async () => {
    stubFetch(() => jsonResponse({ payout_account: account(), provider: 'local' }));
    renderRoutes(routes, { initialEntries: ['/earnings'] });
    expect(await screen.findByText('Ready for payouts')).toBeInTheDocument();
    expect(screen.getByText('ending 6789')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update bank account' })).toBeInTheDocument();
  });

  it('held by Stripe: what it needs, "Continue setup" to Stripe’s page, and the notice on coming back', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    stubFetch((call) =>
      call.method === 'POST'
        ? jsonResponse({ url: 'https://connect.stripe.com/setup/e/acct_1' })
        : jsonResponse({ payout_account: account({ provider: 'stripe', status: 'restricted', bank_last4: null, requirement: 'Stripe needs identity verification.' }), provider: 'stripe' }),
    );
    const { user } = renderRoutes(routes, { initialEntries: ['/earnings?payout_account=return'] });
    expect(await screen.findByText('Needs attention')).toBeInTheDocument();
    expect(screen.getByText('Stripe needs identity verification.')).toBeInTheDocument();
    expect(screen.getByText(/the payout provider is checking your details/)).toBeInTheDocument();
    expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue setup' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1'));
  });

  it('says why when the setup cannot be opened, and when the account cannot be loaded', async () => {
    stubFetch((call) =>
      call.method === 'POST' ? jsonResponse({ error: { code: 'service_unavailable', message: 'The payout service could not be reached. Please try again in a moment.' } }, { status: 503 }) : jsonResponse({ payout_account: null, provider: 'stripe' }),
    );
    const { user } = renderRoutes(routes, { initialEntries: ['/earnings'] });
    await user.click(await screen.findByRole('button', { name: 'Set up payouts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payout service could not be reached. Please try again in a moment.');
  });

  it('shows a load error with a retry', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'internal', message: 'Boom' } }, { status: 500 }));
    renderRoutes(routes, { initialEntries: ['/earnings'] });
    expect(await screen.findByText('Your payout account could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });

  it('is on /earnings for a partner who earns a share, and not for an account type without one', async () => {
    const earnings = (share_rate: number | null) => ({
      entries: [],
      totals: { expected_usd: 0, approved_usd: 0, paid_usd: 0, payable_usd: 0 },
      share_rate,
      minimum_payout_usd: 0,
      share_ladder: { referral_partner: 0.2, sales_partner: 0.6, enterprize_partner: 0.7 },
      payouts: [],
      next_tier: null,
      at_risk: { amount_usd: 0, until: null },
      statements: [],
    });
    stubFetch((call) => (call.url.pathname === '/api/user/payout_account' ? jsonResponse({ payout_account: account(), provider: 'local' }) : jsonResponse(earnings(0.6))));
    const first = renderRoutes([{ path: '/earnings', element: <EarningsPage /> }], { initialEntries: ['/earnings'] });
    expect(await screen.findByRole('heading', { name: 'Payout account' })).toBeInTheDocument();
    expect(await screen.findByText('Ready for payouts')).toBeInTheDocument();
    first.unmount();

    const calls = stubFetch(() => jsonResponse(earnings(null)));
    renderRoutes([{ path: '/earnings', element: <EarningsPage /> }], { initialEntries: ['/earnings'] });
    expect(await screen.findByText('No payouts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payout account' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/user/earnings']);
  });
});
