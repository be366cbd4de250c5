import { screen, within } from '@testing-library/react';
import type { DealResponse, Earnings, Project } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth } from '../../../lib/test-utils';
import { DealPanel } from './deal-panel';
import { UserEarningsPanel } from './user-earnings-panel';

const project = { id: 31, company_name: 'Harbor Cold Storage', owner_name: 'Rae Referral', project_stage: 'Financing and Documentation' } as Project;
const entry = { id: 5, user_id: 7, project_id: 31, company_name: 'Harbor Cold Storage', kind: 'deal', share_rate: 0.2, net_profit_usd: 48_250.55, amount_usd: 9650.11, status: 'expected', reason: '', payout_id: null, applies_at: null, clawback_until: null, created_at: '2026-11-01T12:00:00.000Z', updated_at: '2026-11-01T12:00:00.000Z' } as const;
const recorded: DealResponse = { deal: { project_id: 31, contract_value_usd: 250_000, net_profit_usd: 48_250.55, recorded_by_name: 'Avery Admin', updated_at: '2026-11-01T12:00:00.000Z', entry }, share_rate: 0.2 };

describe('Deal panel (issue 17 item 2)', { timeout: 30_000 }, () => {
  it('records a deal and shows the owner’s entry it makes', async () => {
    let saved: DealResponse = { deal: null, share_rate: 0.2 };
    const calls = stubFetch(({ method }) => {
      if (method === 'PUT') saved = recorded;
      return jsonResponse(saved);
    });
    const { user } = renderRoutes([{ path: '/', element: <DealPanel project={project} /> }]);
    expect(await screen.findByText(/No deal recorded yet. The owner will earn 20 %/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record deal' }));
    expect(await screen.findByText(/contract value must be an amount/i)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.type(screen.getByLabelText('Contract value'), '250000');
    await user.type(screen.getByLabelText('Net profit'), '48250.55');
    await user.click(screen.getByRole('button', { name: 'Record deal' }));
    expect(await screen.findByText("Deal saved. The owner's entry: $9,650.11, expected.")).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/admin/projects/31/deal');
    expect(put.body).toEqual({ contract_value_usd: 250_000, net_profit_usd: 48_250.55 });
    expect(await screen.findByText('$9,650.11 (20 %)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save correction' })).toBeInTheDocument();
  });

  it('approves an expected entry early, after a confirmation', async () => {
    const calls = stubFetch(({ url }) => (url.pathname.endsWith('/approve') ? jsonResponse({ ...entry, status: 'approved' }) : jsonResponse(recorded)));
    const { user } = renderRoutes([{ path: '/', element: <DealPanel project={project} /> }]);
    await user.click(await screen.findByRole('button', { name: 'Approve now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve these earnings now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve now' }));
    expect(await screen.findByText('Approved $9,650.11 for Rae Referral.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/admin/earnings/5/approve')).toBe(true);
  });
});

const ledger = (payable: number): Earnings => ({
  entries: [{ ...entry, status: 'approved' }],
  totals: { expected_usd: 0, approved_usd: 9650.11, paid_usd: 0, payable_usd: payable },
  share_rate: 0.2,
  minimum_payout_usd: 2500,
  share_ladder: { referral_partner: 0.2, sales_partner: 0.6, enterprize_partner: 0.7 },
  payouts: [],
  next_tier: null,
  at_risk: { amount_usd: 0, until: null },
  statements: [],
});

describe('User earnings panel (issue 17 item 2)', { timeout: 30_000 }, () => {
  it('records a payout of the whole payable balance with its reference', async () => {
    stubScreenWidth(true);
    let paid = false;
    const calls = stubFetch(({ method }) => {
      if (method === 'POST') {
        paid = true;
        return jsonResponse({ id: 1, user_id: 7, user_name: 'Rae Referral', amount_usd: 9650.11, reference: 'ACH-77', paid_by_name: 'Avery Admin', method: 'local', status: 'pending', failure_reason: null, settled_at: null, created_at: '2026-11-23T12:00:00.000Z', entries: [] }, { status: 201 });
      }
      return jsonResponse(paid ? { ...ledger(0), payouts: [{ id: 1, user_id: 7, user_name: 'Rae Referral', amount_usd: 9650.11, reference: 'ACH-77', paid_by_name: 'Avery Admin', method: 'local', status: 'pending', failure_reason: null, settled_at: null, created_at: '2026-11-23T12:00:00.000Z' }] } : ledger(9650.11));
    });
    const { user } = renderRoutes([{ path: '/', element: <UserEarningsPanel userId={7} name="Rae Referral" /> }]);
    await user.click(await screen.findByRole('button', { name: 'Record payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payout to Rae Referral' });
    await user.click(within(dialog).getByRole('button', { name: 'Record $9,650.11 payout' }));
    expect(await within(dialog).findByText('Give the payment reference.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Payment reference'), 'ACH-77');
    await user.click(within(dialog).getByRole('button', { name: 'Record $9,650.11 payout' }));
    expect(await screen.findByText('Payout of $9,650.11 recorded for Rae Referral.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ user_id: 7, reference: 'ACH-77' });
    expect(await screen.findByRole('table', { name: 'Payouts' })).toHaveTextContent('ACH-77');
    expect(screen.getByRole('button', { name: 'Record payout' })).toBeDisabled();
  });

  it('adds a negative adjustment with its reason', async () => {
    const calls = stubFetch(({ method }) => (method === 'POST' ? jsonResponse({ ...entry, id: 9, kind: 'adjustment', amount_usd: -125.5, status: 'approved', reason: 'Chargeback' }, { status: 201 }) : jsonResponse(ledger(0))));
    const { user } = renderRoutes([{ path: '/', element: <UserEarningsPanel userId={7} name="Rae Referral" /> }]);
    expect(await screen.findByRole('button', { name: 'Record payout' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add adjustment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an adjustment for Rae Referral' });
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '-125.50');
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Add adjustment' }));
    expect(await screen.findByText('Adjustment of -$125.50 added for Rae Referral.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ user_id: 7, amount_usd: -125.5, reason: 'Chargeback' });
  });

  it('reads a partner’s negative approved balance against the minimum, and shows the adjustment’s reason once (issue 37 item 7)', async () => {
    stubScreenWidth(true);
    const adjustment = { ...entry, id: 9, project_id: null, company_name: '', kind: 'adjustment', share_rate: null, net_profit_usd: null, amount_usd: -120, status: 'approved', reason: 'Overpaid in October' } as const;
    stubFetch(() => jsonResponse({ ...ledger(0), entries: [adjustment], totals: { expected_usd: 0, approved_usd: -120, paid_usd: 9650.11, payable_usd: 0 } }));
    renderRoutes([{ path: '/', element: <UserEarningsPanel userId={7} name="Rae Referral" /> }]);
    expect(await screen.findByText('-$120.00 approved: nothing is payable until the balance is positive and reaches the $2,500.00 minimum.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record payout' })).toBeDisabled();
    expect(screen.getAllByText(/Overpaid in October/)).toHaveLength(1);
  });
});
