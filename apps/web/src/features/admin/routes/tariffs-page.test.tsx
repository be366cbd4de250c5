import { screen } from '@testing-library/react';
import type { Tariff } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { TARIFF_EXAMPLE_BADGE, TariffsPage } from './tariffs-page';

const tariff = (id: number, overrides: Partial<Tariff>): Tariff => ({
  id,
  name: `Tariff ${id}`,
  utility: 'Test Power',
  state: 'CA',
  effective_date: '2025-01-01',
  source: '',
  customer_charge_usd: 50,
  periods: [],
  energy_rates: [{ period: null, usd_per_kwh: 0.12 }],
  demand_charges: [],
  export_credit: 'net_metering',
  export_rate_usd_per_kwh: 0.04,
  example: false,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

describe('the Tariffs list (issue 35 item 4)', { timeout: 30_000 }, () => {
  it('lists the tariffs with the example badge, filters by state in the address, and says when a state has none', async () => {
    const calls = stubFetch(({ url }) =>
      jsonResponse({ tariffs: url.searchParams.get('state') === 'TX' ? [] : [tariff(1, { name: 'Example: PG&E B-19-like TOU', example: true }), tariff(2, { name: 'Own TOU', export_credit: 'net_billing' })] }),
    );
    const { user, router } = renderRoutes([{ path: '/admin/tariffs', element: <TariffsPage /> }], { initialEntries: ['/admin/tariffs'] });
    expect(await screen.findByText('Example: PG&E B-19-like TOU')).toBeInTheDocument();
    expect(screen.getAllByText(TARIFF_EXAMPLE_BADGE)).toHaveLength(1);
    expect(screen.getByText('Net billing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit tariff Own TOU' })).toHaveAttribute('href', '/admin/tariffs/2');
    expect(screen.getByRole('link', { name: 'New tariff' })).toHaveAttribute('href', '/admin/tariffs/new');
    expect(calls[0]!.url.pathname).toBe('/api/admin/tariffs');
    expect(calls[0]!.url.search).toBe('');

    await user.selectOptions(screen.getByLabelText('State'), 'TX');
    expect(await screen.findByText('No tariffs for Texas (TX) yet')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=TX');
    expect(calls.at(-1)!.url.searchParams.get('state')).toBe('TX');
  });

  it('shows a load failure with Retry, not the empty state', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, { status: 500 }));
    renderRoutes([{ path: '/', element: <TariffsPage /> }]);
    expect(await screen.findByText('The tariffs could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('No tariffs yet')).not.toBeInTheDocument();
  });
});
