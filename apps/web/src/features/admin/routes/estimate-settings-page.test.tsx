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

  it('edits every issue-35 assumption: O&M, discount and tax rates, bonus and its day, the MACRS shares, the credit rules and DC/AC', async () => {
    const calls = stubFetch(({ method, body }) => (method === 'PUT' ? jsonResponse(answer((body as { assumptions: EstimateAssumptions }).assumptions, true)) : jsonResponse(answer(DEFAULT_ESTIMATE_ASSUMPTIONS))));
    const { user } = renderRoutes([{ path: '/', element: <EstimateSettingsPage /> }]);
    const discount = await screen.findByLabelText('Discount rate (%)');
    expect(discount).toHaveValue('8');
    expect(screen.getByLabelText('O&M cost (US$ per kW DC a year)')).toHaveValue('18');
    expect(screen.getByLabelText('Credit: construction begun by')).toHaveValue('2026-07-04');
    expect(screen.getByLabelText('Year 2 (%)')).toHaveValue('32');
    expect(screen.getByText('The shares add up to 100 %.', { exact: false })).toBeInTheDocument();
    // Each field carries its default and source.
    expect(screen.getByText(/Default 8\. The buyer's cost of capital/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tariffs' })).toHaveAttribute('href', '/admin/tariffs');

    const retype = async (label: string, value: string) => {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), value);
    };
    await retype('Discount rate (%)', '10');
    await retype('O&M cost (US$ per kW DC a year)', '20');
    await retype('O&M escalation (% a year)', '3');
    await retype('Federal tax rate (%)', '21');
    await retype('State tax rate (%)', '8.84');
    await retype('Bonus depreciation (% of the basis in year 1)', '40');
    await retype('Bonus depreciation for property acquired after', '2025-01-20');
    await retype('Credit: construction begun by', '2026-07-05');
    await retype('Credit: otherwise in service by', '2028-12-31');
    await retype('Continuity safe harbor (calendar years)', '3');
    await retype('Prevailing wage threshold (kW AC)', '1500');
    await retype('Base rate without prevailing wage (%)', '6');
    await retype('Adder without prevailing wage, each (%)', '2');
    await retype('DC to AC ratio', '1.3');
    await retype('Year 1 (%)', '25');
    expect(screen.getByText(/The shares add up to 105 %: they must add up to 100 %/)).toBeInTheDocument();
    await retype('Year 2 (%)', '27');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Estimate settings saved. Every estimate now uses them.')).toBeInTheDocument();
    const sent = (calls.find((call) => call.method === 'PUT')!.body as { assumptions: EstimateAssumptions }).assumptions;
    expect(sent).toMatchObject({
      discount_rate: 0.1,
      om_usd_per_kw_year: 20,
      om_escalation: 0.03,
      federal_tax_rate: 0.21,
      state_tax_rate: 0.0884,
      bonus_depreciation: 0.4,
      bonus_depreciation_acquired_after: '2025-01-20',
      itc_begin_construction_by: '2026-07-05',
      itc_placed_in_service_by: '2028-12-31',
      itc_continuity_years: 3,
      itc_prevailing_wage_threshold_kw_ac: 1500,
      itc_reduced_base_rate: 0.06,
      itc_reduced_adder_rate: 0.02,
      dc_ac_ratio: 1.3,
      macrs_schedule: [0.25, 0.27, 0.192, 0.1152, 0.1152, 0.0576],
    });
    // Nothing else moved: the whole set goes back as it came, but for the fields typed.
    expect(sent.cost_per_watt_usd).toBe(2.1);
    expect(sent.financing_terms_years).toEqual([10, 15, 20]);
  });

  it("shows the server's 422 reasons beside the fields they name", async () => {
    stubFetch(({ method }) =>
      method === 'PUT'
        ? jsonResponse(
            {
              error: {
                code: 'validation_failed',
                message: 'Some fields are not valid.',
                fields: { 'assumptions.macrs_schedule': 'The MACRS shares must add up to 1.', 'assumptions.discount_rate': 'Discount rate must be at most 0.5.' },
              },
            },
            { status: 422 },
          )
        : jsonResponse(answer(DEFAULT_ESTIMATE_ASSUMPTIONS)),
    );
    const { user } = renderRoutes([{ path: '/', element: <EstimateSettingsPage /> }]);
    const discount = await screen.findByLabelText('Discount rate (%)');
    await user.clear(discount);
    await user.type(discount, '60');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Discount rate must be at most 0.5.');
    expect(discount).toHaveAttribute('aria-invalid', 'true');
    expect(discount).toHaveAccessibleDescription('Discount rate must be at most 0.5.');
    expect(screen.getByRole('group', { name: 'MACRS schedule (% of the basis by year)' })).toHaveTextContent('The MACRS shares must add up to 1.');
  });
});
