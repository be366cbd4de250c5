import { screen, within } from '@testing-library/react';
import type { Earnings } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth } from '../../../lib/test-utils';
import { EarningsPage } from './earnings-page';

const entry = (overrides: Partial<Earnings['entries'][number]>): Earnings['entries'][number] => ({
  id: 1,
  user_id: 7,
  project_id: 31,
  company_name: 'Harbor Cold Storage',
  kind: 'deal',
  share_rate: 0.2,
  net_profit_usd: 48_250.55,
  amount_usd: 9650.11,
  status: 'expected',
  reason: '',
  payout_id: null,
  applies_at: null,
  clawback_until: null,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-02T12:00:00.000Z',
  ...overrides,
});

const referral: Earnings = {
  entries: [entry({}), entry({ id: 2, project_id: 32, company_name: 'Dockside', amount_usd: 1000, net_profit_usd: 5000, status: 'approved' }), entry({ id: 3, project_id: null, kind: 'adjustment', company_name: '', share_rate: null, net_profit_usd: null, amount_usd: -50, status: 'approved', reason: 'Chargeback' })],
  totals: { expected_usd: 9650.11, approved_usd: 950, paid_usd: 0, payable_usd: 0 },
  share_rate: 0.2,
  minimum_payout_usd: 2500,
  share_ladder: { referral_partner: 0.2, sales_partner: 0.6, enterprize_partner: 0.7 },
  payouts: [],
  next_tier: null,
  at_risk: { amount_usd: 0, until: null },
  statements: [],
};

describe('/earnings (issue 17 item 2)', { timeout: 30_000 }, () => {
  it('shows the totals, the progress to the minimum payout, every entry and how the share works', async () => {
    stubScreenWidth(true);
    stubFetch(() => jsonResponse(referral));
    renderRoutes([{ path: '/', element: <EarningsPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Earnings', level: 1 })).toBeInTheDocument();
    const expected = await screen.findByText('Expected', { selector: 'dt' });
    expect(expected.parentElement).toHaveTextContent('$9,650.11');
    expect(screen.getByRole('progressbar', { name: 'Approved earnings toward the minimum payout' })).toHaveAttribute('aria-valuenow', '38');
    expect(screen.getByText('$950.00 of the $2,500.00 minimum payout approved: $1,550.00 to go.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your earnings entries' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByRole('link', { name: 'Harbor Cold Storage' })).toHaveAttribute('href', '/projects/31');
    expect(rows[1]).toHaveTextContent('20 %');
    expect(rows[1]).toHaveTextContent('Expected');
    expect(rows[3]).toHaveTextContent(/^AdjustmentChargeback/);
    expect(rows[3]).toHaveTextContent('-$50.00');
    expect(screen.getByText(/you earn 20 % of its net profit/)).toBeInTheDocument();
    expect(screen.getByText(/once they add up to the \$2,500.00 minimum payout/)).toBeInTheDocument();
    expect(screen.getByText('No payouts yet.')).toBeInTheDocument();
  });

  // Issue 37 item 7: the reason is in the page once (the phone's cards and the wide table are never both rendered).
  for (const wide of [false, true]) {
    it(`says an adjustment's reason once, ${wide ? 'in the table' : 'on a phone'}`, async () => {
      stubScreenWidth(wide);
      stubFetch(() => jsonResponse(referral));
      renderRoutes([{ path: '/', element: <EarningsPage /> }]);
      expect(await screen.findByText('Chargeback')).toBeInTheDocument();
      expect(screen.getAllByText(/Chargeback/)).toHaveLength(1);
      expect(screen.getAllByText('Adjustment')).toHaveLength(1);
      expect(screen.getAllByText('Harbor Cold Storage')).toHaveLength(1);
      expect(screen.queryByText(/Adjustment: Chargeback/)).not.toBeInTheDocument();
    });
  }

  it('reads a negative approved balance against the minimum: nothing payable until it is positive and reaches it (issue 37 item 7)', async () => {
    stubFetch(() => jsonResponse({ ...referral, totals: { expected_usd: 0, approved_usd: -120, paid_usd: 2600, payable_usd: 0 } }));
    renderRoutes([{ path: '/', element: <EarningsPage /> }]);
    expect(await screen.findByText('-$120.00 approved: nothing is payable until the balance is positive and reaches the $2,500.00 minimum.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Approved earnings toward the minimum payout' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Payable now', { selector: 'dt' }).parentElement).toHaveTextContent('Nothing until the balance is positive and reaches $2,500.00');
    expect(document.body).not.toHaveTextContent(/to go|more/);
  });

  it('says when there is nothing yet, and has no minimum for a sales partner', async () => {
    stubFetch(() => jsonResponse({ ...referral, entries: [], totals: { expected_usd: 0, approved_usd: 0, paid_usd: 0, payable_usd: 0 }, share_rate: 0.6, minimum_payout_usd: 0 }));
    renderRoutes([{ path: '/', element: <EarningsPage /> }]);
    expect(await screen.findByText('No earnings yet')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText(/there is no minimum/)).toBeInTheDocument();
  });

  it('explains the share ladder behind "up to 70 %" with the configured shares (issue 34 item 7)', async () => {
    stubFetch(() => jsonResponse({ ...referral, share_rate: 0.6, share_ladder: { referral_partner: 0.25, sales_partner: 0.65, enterprize_partner: 0.75 } }));
    renderRoutes([{ path: '/', element: <EarningsPage /> }]);
    const panel = await screen.findByRole('region', { name: 'Shares by partner tier' });
    const tiers = within(panel).getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(tiers).toEqual(['Referral Partners: 25 %', 'Sales Partners: 65 %', 'Enterprise Partners: 75 %']);
    expect(panel).toHaveTextContent('"Up to 75 %" on our plans is the top of this ladder: a sales partner earns 65 %, and an enterprise partner earns 75 %.');
  });

  it('offers a retry when the ledger cannot be loaded', async () => {
    stubScreenWidth(true);
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ error: { code: 'internal', message: 'Down.' } }, { status: 500 }) : jsonResponse(referral)));
    const { user } = renderRoutes([{ path: '/', element: <EarningsPage /> }]);
    expect(await screen.findByText('Your earnings could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Your earnings entries' })).toBeInTheDocument();
  });
});
