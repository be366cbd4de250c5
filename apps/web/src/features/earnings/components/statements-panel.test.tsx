import { fireEvent, screen, within } from '@testing-library/react';
import type { StatementSummary } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../lib/test-utils';
import { StatementsPanel } from './statements-panel';

const now = new Date(2026, 11, 6, 12);
const statement = (month: string, opening: number, closing: number): StatementSummary => ({
  month,
  opening_usd: opening,
  earned_usd: 0,
  adjustments_usd: 0,
  payouts_usd: closing - opening,
  closing_usd: closing,
  issued_at: '2026-12-01T09:00:00.000Z',
  emailed_at: null,
});

describe('Statements panel (issue 38 item 3)', { timeout: 30_000 }, () => {
  it('lists the issued statements newest first with their balances and a download link each', async () => {
    renderRoutes([{ path: '/', element: <StatementsPanel statements={[statement('2026-11', 1234.5, -120), statement('2026-10', 0, 1234.5)]} now={now} /> }]);
    const list = await screen.findByRole('list', { name: 'Your statements' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('November 2026');
    expect(items[0]).toHaveTextContent('Opening $1,234.50, closing -$120.00');
    expect(within(items[0]!).getByRole('link', { name: 'Download the November 2026 statement (PDF)' })).toHaveAttribute('href', '/api/user/earnings/statement.pdf?month=2026-11');
    expect(within(items[1]!).getByRole('link', { name: 'Download the October 2026 statement (PDF)' })).toHaveAttribute('download');
  });

  it('says when there is no statement yet, and still offers any month', async () => {
    renderRoutes([{ path: '/', element: <StatementsPanel statements={[]} now={now} /> }]);
    expect(await screen.findByText('No statements yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download December 2026 PDF' })).toHaveAttribute('href', '/api/user/earnings/statement.pdf?month=2026-12');
  });

  it('downloads any month up to this one (its statement so far), and refuses a later one', async () => {
    const { user } = renderRoutes([{ path: '/', element: <StatementsPanel statements={[]} now={now} /> }]);
    const input = await screen.findByLabelText('Statement month');
    expect(input).toHaveAttribute('type', 'month');
    expect(input).toHaveAttribute('max', '2026-12');
    fireEvent.change(input, { target: { value: '2025-02' } });
    expect(screen.getByRole('link', { name: 'Download February 2025 PDF' })).toHaveAttribute('href', '/api/user/earnings/statement.pdf?month=2025-02');

    fireEvent.change(input, { target: { value: '2027-01' } });
    expect(screen.queryByRole('link', { name: /Download January 2027/ })).not.toBeInTheDocument();
    expect(screen.getByText('Choose December 2026 or an earlier month.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(input, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(screen.getByText('Choose a month.')).toBeInTheDocument();
  });
});

describe('/earnings shows the statements (issue 38 item 3)', { timeout: 30_000 }, () => {
  it('puts the Statements panel on the page with the statements of GET /api/user/earnings', async () => {
    const { EarningsPage } = await import('../routes/earnings-page');
    const { jsonResponse, stubFetch } = await import('../../../lib/test-utils');
    stubFetch(() =>
      jsonResponse({
        entries: [],
        totals: { expected_usd: 0, approved_usd: 0, paid_usd: 0, payable_usd: 0 },
        share_rate: 0.2,
        minimum_payout_usd: 0,
        share_ladder: { referral_partner: 0.2, sales_partner: 0.6, enterprize_partner: 0.7 },
        payouts: [],
        next_tier: null,
        at_risk: { amount_usd: 0, until: null },
        statements: [statement('2026-11', 0, 250)],
      }),
    );
    renderRoutes([{ path: '/', element: <EarningsPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Statements' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the November 2026 statement (PDF)' })).toBeInTheDocument();
  });
});
