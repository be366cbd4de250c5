import { screen, within } from '@testing-library/react';
import type { ReferralFunnelRow } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { ReferralFunnelCard } from './referral-funnel-card';

const rows: ReferralFunnelRow[] = [
  { user_id: 7, name: 'Pat Partner', clicks: 1204, leads: 31, converted: 9, completed: 4, median_days_to_conversion: 12.5 },
  { user_id: 8, name: 'Rae First', clicks: 3, leads: 1, converted: 0, completed: 0, median_days_to_conversion: null },
];

const renderCard = () => renderRoutes([{ path: '/', element: <ReferralFunnelCard range={{ from: '2026-01-01', to: '2026-12-31' }} /> }]);

describe('Referral funnel on /admin/analytics (issue 39 item 5)', () => {
  it('shows per partner the clicks, leads, converted, completed and median days to conversion', async () => {
    const calls = stubFetch(() => jsonResponse({ rows }));
    renderCard();
    const card = await screen.findByRole('region', { name: 'Referral funnel' });
    expect(calls[0]!.url.pathname).toBe('/api/admin/analytics/referral-funnel');
    // The funnel follows the page's range, like the other admin charts.
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    const table = within(card).getByRole('table', { name: 'Referral funnel' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Partner', 'Clicks', 'Leads', 'Converted', 'Completed', 'Median days to conversion']);
    const pat = within(table).getByRole('rowheader', { name: 'Pat Partner' }).closest('tr')!;
    expect(within(pat).getByRole('link', { name: 'Pat Partner' })).toHaveAttribute('href', '/admin/all-users/7');
    expect(within(pat).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1,204', '31', '9', '4', '12.5 days']);
    const rae = within(table).getByRole('rowheader', { name: 'Rae First' }).closest('tr')!;
    expect(within(rae).getAllByRole('cell').at(-1)).toHaveTextContent('–');
    expect(within(card).getByRole('button', { name: 'Download CSV: Referral funnel' })).toBeEnabled();
  });

  it('says so when no partner has a click or a lead yet', async () => {
    stubFetch(() => jsonResponse({ rows: [] }));
    renderCard();
    expect(await screen.findByText('No partner has had a click or a lead yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers Retry when the funnel cannot be loaded', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'internal', message: 'Boom' } }, { status: 500 }));
    renderCard();
    expect(await screen.findByText('The referral funnel could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
