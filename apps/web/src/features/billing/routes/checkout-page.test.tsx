import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, type User } from '@sunin/contract';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { CheckoutPage } from './checkout-page';

const LOCAL_CONFIG = { provider: 'local', publishableKey: null, plans: ['monthly', 'yearly'], testMode: true };

function api(profile: User, confirm: (call: FetchCall) => Response = () => jsonResponse({ status: 'complete' })) {
  let sessions = 0;
  return stubFetch((call) => {
    switch (call.url.pathname) {
      case '/api/user/profile':
        return jsonResponse(profile);
      case '/api/billing/config':
        return jsonResponse(LOCAL_CONFIG);
      case '/api/create-checkout-session':
        sessions += 1;
        return jsonResponse({ clientSecret: `cs_local_${sessions}_secret_x` });
      case '/api/billing/local/confirm':
        return confirm(call);
      default:
        return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    }
  });
}

function renderCheckout(profile: User) {
  saveSession('jwt', profile);
  return renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/home', element: <p>Home page</p> },
      { path: '/activating-now', element: <p>Activating page</p> },
    ],
    { initialEntries: ['/checkout'] },
  );
}

const salesPartner = buildUser({ account_type: 'sales_partner', subscription_status: null });

async function fillCard(user: ReturnType<typeof renderCheckout>['user'], number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiration date'), '1234');
  await user.type(screen.getByLabelText('Security code'), '123');
}

describe('/checkout (member-app.md 2 and 4)', () => {
  it.each(['active', 'pending_cancelation'] as const)('sends a member whose status is %s to /home and opens no session', async (status) => {
    const calls = api(buildUser({ account_type: 'sales_partner', subscription_status: status }));
    const { router } = renderCheckout(salesPartner);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.some((call) => call.url.pathname === '/api/create-checkout-session')).toBe(false);
  });

  it('reads the profile afresh, then creates a session and shows the local form, labelled test mode, for Sales Partner — $129/month', async () => {
    const calls = api(salesPartner);
    renderCheckout(salesPartner);
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/user/profile')).toHaveLength(1);
    expect(calls.find((call) => call.url.pathname === '/api/create-checkout-session')).toMatchObject({ method: 'POST', body: { plan: 'monthly' } });
    const summary = screen.getByRole('region', { name: 'Your plan' });
    expect(within(summary).getByText('Sales Partner — $129/month')).toBeInTheDocument();
    expect(within(summary).getByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText(/no real payment is taken/i)).toBeInTheDocument();
  });

  it('pays with the test card and goes to /activating-now', async () => {
    const calls = api(salesPartner);
    const { user, router } = renderCheckout(salesPartner);
    await fillCard(user, '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiration date')).toHaveValue('12 / 34');
    await user.click(screen.getByRole('button', { name: 'Subscribe — $129/month' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activating-now'));
    expect(calls.find((call) => call.url.pathname === '/api/billing/local/confirm')?.body).toEqual({
      client_secret: 'cs_local_1_secret_x',
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 34, cvc: '123' },
    });
  });

  it('goes on to /activating-now when another tab has paid meanwhile (409 already subscribed)', async () => {
    api(salesPartner, () => jsonResponse({ error: { code: 'conflict', message: BILLING_MESSAGES.alreadySubscribed } }, { status: 409 }));
    const { user, router } = renderCheckout(salesPartner);
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Subscribe — $129/month' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activating-now'));
  });

  it("keeps the member on /checkout with 'Your card was declined.' for the declined test card", async () => {
    api(salesPartner, () => jsonResponse({ error: { code: 'payment_required', message: 'Your card was declined.' } }, { status: 402 }));
    const { user, router } = renderCheckout(salesPartner);
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Subscribe — $129/month' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(router.state.location.pathname).toBe('/checkout');
    // What was typed stays for another try.
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
  });

  it('checks the card fields before sending anything', async () => {
    const calls = api(salesPartner);
    const { user } = renderCheckout(salesPartner);
    await user.type(await screen.findByLabelText('Card number'), '4242');
    await user.click(screen.getByRole('button', { name: 'Subscribe — $129/month' }));
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription('Your card number is incomplete.');
    expect(screen.getByLabelText('Expiration date')).toHaveAccessibleDescription("Your card's expiration date is incomplete.");
    expect(screen.getByLabelText('Security code')).toHaveAccessibleDescription("Your card's security code is incomplete.");
    expect(calls.some((call) => call.url.pathname === '/api/billing/local/confirm')).toBe(false);
  });

  it('opens a new session for the yearly plan', async () => {
    const calls = api(salesPartner);
    const { user } = renderCheckout(salesPartner);
    await user.click(await screen.findByRole('radio', { name: /Yearly/ }));
    expect(await screen.findByRole('button', { name: 'Subscribe — $1,399/year' })).toBeInTheDocument();
    expect(screen.getByText('Sales Partner — $1,399/year')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/create-checkout-session').map((call) => call.body)).toEqual([{ plan: 'monthly' }, { plan: 'yearly' }]);
  });

  it("loads Stripe's Embedded Checkout (not the local form) when the server runs Stripe", async () => {
    saveSession('jwt', salesPartner);
    stubFetch(({ url }) => {
      if (url.pathname === '/api/billing/config') return jsonResponse({ provider: 'stripe', publishableKey: 'pk_test_portal', plans: ['monthly'], testMode: true });
      if (url.pathname === '/api/create-checkout-session') return jsonResponse({ clientSecret: 'cs_test_1_secret_x' });
      return jsonResponse(salesPartner);
    });
    renderRoutes([{ path: '/checkout', element: <CheckoutPage /> }], { initialEntries: ['/checkout'] });
    expect(await screen.findByRole('status', { name: 'Loading the secure payment form…' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    // One plan configured: no picker.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('tells a referral partner there is nothing to pay and offers the upgrade', async () => {
    const referral = buildUser();
    const calls = api(referral);
    renderCheckout(referral);
    expect(await screen.findByRole('link', { name: 'Upgrade to Sales Partner' })).toHaveAttribute('href', '/upgradesubscription');
    expect(calls.some((call) => call.url.pathname === '/api/create-checkout-session')).toBe(false);
  });
});
