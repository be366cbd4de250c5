import { screen, within } from '@testing-library/react';
import type { Earnings } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { buildEarningEntry, buildEarnings } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth } from '../../../lib/test-utils';
import { EarningsPage } from '../routes/earnings-page';
import { AtRiskPanel } from './at-risk-panel';
import { ShareLadder } from './share-ladder';

const entry = (overrides: Partial<Earnings['entries'][number]>): Earnings['entries'][number] => buildEarningEntry({ id: 1, payout_id: 3, ...overrides });
const clawback = entry({ id: 9, project_id: 32, company_name: 'Dockside', kind: 'clawback', share_rate: null, net_profit_usd: null, amount_usd: -1200, status: 'expected', reason: 'Deal cancelled: Customer backed out', payout_id: null, clawback_until: null, applies_at: '2026-12-13T12:00:00.000Z' });
const base: Earnings = buildEarnings({
  entries: [entry({}), clawback],
  totals: { expected_usd: -1200, approved_usd: 0, paid_usd: 7200, payable_usd: 0 },
  at_risk: { amount_usd: 6000, until: '2027-02-20T12:00:00.000Z' },
});

describe('Money at risk (issue 38 item 4)', { timeout: 30_000 }, () => {
  it('says how much paid money could be clawed back until when, entry by entry, and the clawbacks scheduled with their dates', () => {
    renderRoutes([{ path: '/', element: <AtRiskPanel earnings={base} /> }]);
    expect(screen.getByRole('heading', { name: 'Money at risk' })).toBeInTheDocument();
    expect(screen.getByText(/of paid earnings could be clawed back until February 20, 2027\./)).toHaveTextContent('$6,000.00 of paid earnings');
    expect(within(screen.getByRole('list', { name: 'Paid entries that could be clawed back' })).getByRole('listitem')).toHaveTextContent('Harbor Cold Storage$6,000.00 until February 20, 2027');
    const scheduled = within(screen.getByRole('list', { name: 'Scheduled clawbacks' })).getByRole('listitem');
    expect(scheduled).toHaveTextContent('Dockside$1,200.00 on December 13, 2026');
    expect(scheduled).toHaveTextContent('Deal cancelled: Customer backed out.');
  });

  it('shows nothing when nothing is at risk or scheduled', () => {
    renderRoutes([{ path: '/', element: <AtRiskPanel earnings={{ ...base, entries: [entry({ clawback_until: null })], at_risk: { amount_usd: 0, until: null } }} /> }]);
    expect(screen.queryByRole('heading', { name: 'Money at risk' })).not.toBeInTheDocument();
  });

  it('lists a clawback in the entries with its reason and the day it applies', async () => {
    stubScreenWidth(true);
    stubFetch(() => jsonResponse(base));
    renderRoutes([{ path: '/', element: <EarningsPage /> }]);
    const table = await screen.findByRole('table', { name: 'Your earnings entries' });
    const row = within(table).getAllByRole('row')[2]!;
    expect(row).toHaveTextContent('Clawback: Deal cancelled: Customer backed out. Applies on December 13, 2026.');
    expect(row).toHaveTextContent('-$1,200.00');
    expect(screen.getByRole('heading', { name: 'Money at risk' })).toBeInTheDocument();
  });
});

describe('The share ladder (issue 38 item 6)', { timeout: 30_000 }, () => {
  it('shows a referral partner their share, their tier highlighted, and the sales partner plan that earns the next share', () => {
    renderRoutes([{ path: '/', element: <ShareLadder earnings={{ ...base, share_rate: 0.2, next_tier: { account_type: 'sales_partner', share_rate: 0.6, path: 'subscribe' } }} /> }]);
    expect(screen.getByText('Your share: 20 %')).toBeInTheDocument();
    expect(screen.getByText('Referral Partners (your tier)').closest('[aria-current]')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Next tier: Sales Partner, 60 % of net profit.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to the sales partner plan ($129/month)' })).toHaveAttribute('href', '/upgradesubscription');
    expect(screen.getByText(/"Up to 70 %" on our plans is the top of this ladder/)).toBeInTheDocument();
  });

  it('tells a sales partner to ask the team about the enterprise tier, and an enterprise partner that they are at the top', () => {
    const { unmount } = renderRoutes([{ path: '/', element: <ShareLadder earnings={base} /> }]);
    expect(screen.getByText('Sales Partners (your tier)')).toBeInTheDocument();
    expect(screen.getByText('Next tier: Enterprise Partner, 70 % of net profit.')).toBeInTheDocument();
    expect(screen.getByText('Ask our team about the enterprise tier.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upgrade/ })).not.toBeInTheDocument();
    unmount();
    renderRoutes([{ path: '/', element: <ShareLadder earnings={{ ...base, share_rate: 0.7, next_tier: null }} /> }]);
    expect(screen.getByText('Your share: 70 %')).toBeInTheDocument();
    expect(screen.queryByText(/Next tier/)).not.toBeInTheDocument();
    expect(screen.getByText(/Enterprise Partners \(your tier\)/)).toBeInTheDocument();
  });
});
