import Cookies from 'js-cookie';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { UpgradeSubscriptionPage } from './upgrade-subscription-page';

function openUpgrade() {
  return renderRoutes(
    [
      { path: '/upgradesubscription', element: <UpgradeSubscriptionPage /> },
      { path: '/checkout', element: <h1>Checkout</h1> },
      { path: '/login', element: <h1>Login</h1> },
    ],
    { initialEntries: ['/upgradesubscription'] },
  );
}

describe('/upgradesubscription (DESIGN.md decisions)', () => {
  it('asks a visitor without a session to log in', async () => {
    openUpgrade();
    expect(await screen.findByRole('link', { name: 'Log in to upgrade' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Upgrade to Sales Partner' })).not.toBeInTheDocument();
  });

  it('moves a referral partner to sales partner with POST /api/signup/edit, then opens /checkout', async () => {
    saveSession('jwt', buildUser({ account_type: 'referral_partner' }));
    const calls = stubFetch(() => jsonResponse(buildUser({ account_type: 'sales_partner' })));
    const { user, router } = openUpgrade();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Sales Partner' }));

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { user: { account_type: 'sales_partner' } } });
    expect(calls[0]!.url.pathname).toBe('/api/signup/edit');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer jwt');
    expect(Cookies.get('account_type')).toBe('sales_partner');
  });

  it('shows the server message and stays when the change fails', async () => {
    saveSession('jwt', buildUser({ account_type: 'referral_partner' }));
    stubFetch(() => jsonResponse({ error: { code: 'validation_failed', message: 'Account type cannot change.' } }, { status: 422 }));
    const { user, router } = openUpgrade();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Sales Partner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account type cannot change.');
    expect(router.state.location.pathname).toBe('/upgradesubscription');
  });

  it('tells a sales partner they already have the plan', async () => {
    saveSession('jwt', buildUser({ account_type: 'sales_partner' }));
    openUpgrade();
    expect(await screen.findByText('You are already a Sales Partner.')).toBeInTheDocument();
  });
});
