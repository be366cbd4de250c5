import { fireEvent, screen } from '@testing-library/react';
import type { Earnings } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { currentMonth } from '../../../components/earnings/statement-download';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { UserEarningsPanel } from './user-earnings-panel';

const ledger: Earnings = {
  entries: [],
  totals: { expected_usd: 0, approved_usd: 0, paid_usd: 0, payable_usd: 0 },
  share_rate: 0.2,
  minimum_payout_usd: 0,
  share_ladder: { referral_partner: 0.2, sales_partner: 0.6, enterprize_partner: 0.7 },
  payouts: [],
  next_tier: null,
  at_risk: { amount_usd: 0, until: null },
  statements: [],
};

describe("User earnings panel: the partner's statement (issue 38 item 3)", { timeout: 30_000 }, () => {
  it('downloads the statement of the month chosen through the admin route', async () => {
    stubFetch(() => jsonResponse(ledger));
    renderRoutes([{ path: '/', element: <UserEarningsPanel userId={7} name="Rae Referral" /> }]);
    const input = await screen.findByLabelText("Rae Referral's statement month");
    expect(input).toHaveAttribute('max', currentMonth());
    fireEvent.change(input, { target: { value: '2026-03' } });
    expect(screen.getByRole('link', { name: 'Download March 2026 PDF' })).toHaveAttribute('href', '/api/admin/users/7/earnings/statement.pdf?month=2026-03');
  });
});
