import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { PayoutAccountPage } from './payout-account-page';

const routes = [
  { path: '/earnings/payout-account', element: <PayoutAccountPage /> },
  { path: '/earnings', element: <p>Earnings page</p> },
];
const saved = { payout_account: { provider: 'local', status: 'active', bank_last4: '6789', requirement: null, updated_at: '2026-12-01T12:00:00.000Z' }, provider: 'local' };

afterEach(() => vi.unstubAllGlobals());

describe('/earnings/payout-account, the local provider’s bank account page (issue 38 item 2)', () => {
  it('says it is the test provider and which number fails, checks the fields, saves and goes back to Earnings', async () => {
    const calls = stubFetch((call) => (call.method === 'PUT' ? jsonResponse(saved) : jsonResponse({ payout_account: null, provider: 'local' })));
    const { user } = renderRoutes(routes, { initialEntries: ['/earnings/payout-account'] });
    expect(await screen.findByText(/This is the test payout provider: no money moves/)).toHaveTextContent('000111111113 is a closed account: payouts to it fail');

    await user.type(screen.getByLabelText('Account holder name'), 'Pat Partner');
    await user.type(screen.getByLabelText('Routing number'), '123456789');
    await user.type(screen.getByLabelText('Account number'), '12');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText(/must pass the ABA check/)).toBeInTheDocument();
    expect(screen.getByText('The account number is 4 to 17 digits.')).toBeInTheDocument();
    expect(screen.getByLabelText('Routing number')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(screen.getByLabelText('Routing number'));
    await user.type(screen.getByLabelText('Routing number'), '110000000');
    await user.clear(screen.getByLabelText('Account number'));
    await user.type(screen.getByLabelText('Account number'), '000123456789');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Earnings page')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ bank_account: { holder_name: 'Pat Partner', routing_number: '110000000', account_number: '000123456789' } });
  });

  it('shows the server’s refusal beside the field', async () => {
    stubFetch((call) =>
      call.method === 'PUT'
        ? jsonResponse({ error: { code: 'validation_failed', message: 'Check the bank account.', fields: { account_number: 'The account number is 4 to 17 digits.' } } }, { status: 422 })
        : jsonResponse({ payout_account: null, provider: 'local' }),
    );
    const { user } = renderRoutes(routes, { initialEntries: ['/earnings/payout-account'] });
    await user.type(await screen.findByLabelText('Account holder name'), 'Pat Partner');
    await user.type(screen.getByLabelText('Routing number'), '110000000');
    await user.type(screen.getByLabelText('Account number'), '000123456789');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the bank account.');
    expect(screen.getByText('The account number is 4 to 17 digits.')).toBeInTheDocument();
  });

  it('with Stripe, points back to Earnings instead of a form', async () => {
    stubFetch(() => jsonResponse({ payout_account: null, provider: 'stripe' }));
    renderRoutes(routes, { initialEntries: ['/earnings/payout-account'] });
    expect(await screen.findByText(/Payouts go through Stripe/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'your Earnings page' })).toHaveAttribute('href', '/earnings#payout-account');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
