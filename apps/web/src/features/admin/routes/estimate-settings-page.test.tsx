import { screen } from '@testing-library/react';
import { DEFAULT_ESTIMATE_ASSUMPTIONS, ESTIMATE_SOURCES, type EstimateAssumptions } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { EstimateSettingsPage } from './estimate-settings-page';

const answer = (assumptions: EstimateAssumptions, updated = false) => ({
  assumptions,
  defaults: DEFAULT_ESTIMATE_ASSUMPTIONS,
  sources: ESTIMATE_SOURCES,
  updated_at: updated ? '2026-11-23T17:00:00.000Z' : null,
  updated_by_name: updated ? 'Avery Admin' : null,
});

describe('Estimate Settings (issue 16 item 3)', { timeout: 30_000 }, () => {
  it('shows the values in use with their defaults, and saves the whole set as fractions', async () => {
    const calls = stubFetch(({ method, body }) => (method === 'PUT' ? jsonResponse(answer((body as { assumptions: EstimateAssumptions }).assumptions, true)) : jsonResponse(answer(DEFAULT_ESTIMATE_ASSUMPTIONS))));
    const { user } = renderRoutes([{ path: '/', element: <EstimateSettingsPage /> }]);
    const cost = await screen.findByLabelText('Cost per watt (US$ per W DC)');
    expect(cost).toHaveValue('2.1');
    expect(screen.getByLabelText('Target offset (% of annual usage)')).toHaveValue('90');
    expect(screen.getByLabelText('Financing APR (%)')).toHaveValue('8.99');
    expect(screen.getByLabelText('Specific yield, California')).toHaveValue('1600');
    expect(screen.getByLabelText('Specific yield, New York')).toHaveValue('');
    expect(screen.getByText('The defaults of DOMAIN.md are in use.')).toBeInTheDocument();

    await user.clear(cost);
    await user.type(cost, '2');
    await user.clear(screen.getByLabelText('Financing terms (years, comma-separated)'));
    await user.type(screen.getByLabelText('Financing terms (years, comma-separated)'), '12, 25');
    await user.type(screen.getByLabelText('Specific yield, New York'), '1300');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Estimate settings saved. Every estimate now uses them.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/admin/estimate-assumptions');
    const sent = (put.body as { assumptions: EstimateAssumptions }).assumptions;
    expect(sent).toMatchObject({ cost_per_watt_usd: 2, target_offset: 0.9, financing_apr: 0.0899, financing_terms_years: [12, 25] });
    expect(sent.specific_yield_kwh_per_kw).toMatchObject({ CA: 1600, NY: 1300 });
    expect(await screen.findByText(/Last changed by Avery Admin/)).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses a value", async () => {
    stubFetch(({ method }) =>
      method === 'PUT'
        ? jsonResponse({ error: { code: 'validation_failed', message: 'Some fields are not valid.', fields: { 'assumptions.target_offset': 'Target offset must be more than 0.' } } }, { status: 422 })
        : jsonResponse(answer(DEFAULT_ESTIMATE_ASSUMPTIONS)),
    );
    const { user } = renderRoutes([{ path: '/', element: <EstimateSettingsPage /> }]);
    const offset = await screen.findByLabelText('Target offset (% of annual usage)');
    await user.clear(offset);
    await user.type(offset, '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Target offset must be more than 0.');
  });
});
