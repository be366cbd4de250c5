import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../../lib/test-utils';
import { ProjectApiProvider } from '../../../../lib/project-api';
import { memberProjectApi } from '../../api/project-api';
import { EstimatePanel } from './estimate-panel';
import { makeEstimate, makeMissingEstimate } from '../../../../components/estimate/estimate-fixtures';
import { savingsExplanation } from './estimate-figures';

/** The admin area's scope as far as the panel cares: its base path and keys. */
const adminLikeApi = { ...memberProjectApi, basePath: '/admin/projects', keys: { ...memberProjectApi.keys, project: (id: number) => ['admin', 'projects', 'detail', id] } };

const worked = makeEstimate();

function renderPanel(estimate = worked) {
  const calls = stubFetch(() => jsonResponse(estimate));
  const rendered = renderRoutes([{ path: '/projects/:id', element: <EstimatePanel projectId={7} /> }], { initialEntries: ['/projects/7'] });
  return { calls, ...rendered };
}

const figureIn = (panel: HTMLElement) => (term: string) => within(panel).getByText(term, { selector: 'dt' }).parentElement!;

describe('EstimatePanel', () => {
  it("shows DOMAIN.md's worked example with how each figure was computed, financing beside the bill, and the cash flow as a table", async () => {
    const { calls, user } = renderPanel();
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    expect(calls[0]!.url.pathname).toBe('/api/projects/7/estimate');
    expect(await within(panel).findByText('67.5 kW DC')).toBeInTheDocument();
    expect(within(panel).getByText(/120,000 kWh a year × 90 % offset ÷ 1,600 kWh per kW \(California\)/)).toBeInTheDocument();
    const figure = figureIn(panel);
    expect(figure('Cost before the tax credit')).toHaveTextContent('$141,750');
    expect(figure('Cost after the tax credit')).toHaveTextContent('$99,225Less a 30 % federal credit of $42,525');
    expect(figure('First-year savings')).toHaveTextContent('$19,440');
    expect(figure('Simple payback')).toHaveTextContent('4.86 years');
    // DOMAIN.md 1c: lifetime savings keep their meaning only when labelled undiscounted.
    expect(figure('25-year savings (undiscounted)')).toHaveTextContent('$563,513');
    expect(within(panel).getByText(/Current monthly bill:/)).toHaveTextContent(
      'Current monthly bill: $2,400.00. Each loan is $141,750 (100 % of the $141,750 cost before the tax credit) at 8.99 % APR.',
    );
    const financing = within(panel).getByRole('table', { name: 'Monthly loan payment per term' });
    expect(within(financing).getByText('10 years').closest('tr')).toHaveTextContent('10 years$1,794.86Costs $174.86 a month more than the first-year savings');
    expect(within(financing).getByText('15 years').closest('tr')).toHaveTextContent('15 years$1,436.88Costs $183.12 a month less than the first-year savings');
    expect(financing.className).not.toMatch(/min-w-/);
    expect(within(panel).getByRole('link', { name: 'Print view' })).toHaveAttribute('href', '/projects/7/estimate');
    expect(within(panel).queryByRole('link', { name: 'Estimate Settings' })).not.toBeInTheDocument();
    await user.click(within(panel).getByText('Show the cash flow as a table'));
    expect(within(panel).getByText('Install (cost after credit)').closest('tr')).toHaveTextContent('-$99,225');
    expect(within(panel).getByText(/Federal law changed in 2025/)).toBeInTheDocument();
    expect(within(panel).queryByText('Preview of unsaved changes')).not.toBeInTheDocument();
  });

  it('shows NPV, IRR and the discounted payback beside the simple ones, LCOE, O&M and the depreciation', async () => {
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    const figure = figureIn(panel);
    expect(await within(panel).findByText('Net present value')).toBeInTheDocument();
    expect(figure('Net present value')).toHaveTextContent('$34,123');
    expect(figure('Net present value')).toHaveTextContent('discounted at 8 % a year');
    expect(figure('Internal rate of return')).toHaveTextContent('12.34 %');
    expect(figure('Discounted payback')).toHaveTextContent('7.8 years');
    expect(figure('Levelized cost of energy')).toHaveTextContent('$0.072 per kWh');
    expect(figure('O&M, first year')).toHaveTextContent('$1,215');
    const depreciation = within(panel).getByRole('table', { name: 'Depreciation and its tax benefit by year' });
    expect(within(depreciation).getByText('1', { selector: 'th' }).closest('tr')).toHaveTextContent('1$120,487.50$25,302.38');
  });

  it('says when the IRR has no answer and the discounted payback falls outside the lifetime', async () => {
    renderPanel(makeEstimate({ investment: { ...worked.investment!, irr: null, discounted_payback_years: null, npv_usd: -5000 } }));
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    const figure = figureIn(panel);
    expect(await within(panel).findByText('Internal rate of return')).toBeInTheDocument();
    expect(figure('Internal rate of return')).toHaveTextContent('None');
    expect(figure('Discounted payback')).toHaveTextContent('Not within the lifetime');
    expect(figure('Net present value')).toHaveTextContent('-$5,000');
  });

  it('draws the monthly bills and shows every number in the table view, for the project and per meter', async () => {
    const { user } = renderPanel();
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    await within(panel).findByText('Net present value');
    // The year in words: Main building saves 12 x 1,000 kWh x $0.12 + 132 kW... on demand; the warehouse 12 x 5 kW x $15.
    const annual = within(panel).getByText(/a year before solar/);
    expect(annual).toHaveTextContent(`Bills of $${Math.round(worked.bills.annual.before_usd).toLocaleString('en-US')} a year before solar`);
    expect(annual).toHaveTextContent(`$${Math.round(worked.bills.annual.demand_savings_usd).toLocaleString('en-US')} on demand charges`);
    // The meter on section 1 is marked as such.
    expect(within(panel).getAllByText('average rate (no tariff)')).toHaveLength(1);
    expect(within(panel).getByText('average rate (no tariff)').closest('li')).toHaveTextContent('Warehouse');

    expect(within(panel).queryByRole('table', { name: /Monthly bills/ })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Show as a table' }));
    const table = within(panel).getByRole('table', { name: 'Monthly bills before and after solar, the whole project' });
    // June, both meters by calendar month: 10,000 kWh; peaks 212 + 40 -> 188 + 35; before 50 + 720 + 3,180 and 50 + 480 + 600.
    const june = within(table).getByText('Jun 2025').closest('tr')!;
    expect(june).toHaveTextContent('Jun 202510,000252 → 223$1,200$3,780$100$5,080');
    expect(june).toHaveTextContent('-$25$3,540$1,540');
    expect(within(table).getAllByRole('row')).toHaveLength(2 + 12 + 1);

    await user.selectOptions(within(panel).getByLabelText('Bills of'), 'Warehouse (average rate (no tariff))');
    const warehouse = within(panel).getByRole('table', { name: 'Monthly bills before and after solar, Warehouse' });
    expect(within(warehouse).getByText('Jan 2025').closest('tr')).toHaveTextContent('Jan 20254,00040 → 35$480$600$50$1,130');

    await user.click(within(panel).getByRole('button', { name: 'Show as a chart' }));
    expect(within(panel).queryByRole('table', { name: /Monthly bills/ })).not.toBeInTheDocument();
    expect(within(panel).getByText(/lighter bar before solar/)).toBeInTheDocument();
  });

  it('says in words how much solar lowers the peak, from the month with the largest drop', async () => {
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    expect(await within(panel).findByText('Solar lowers Main building’s June peak from 212 kW to 188 kW.')).toBeInTheDocument();
  });

  it("shows the credit's eligibility and why, and an ineligible credit visibly so", async () => {
    const reason = 'Construction begins after July 4, 2026 and the system is not in service by December 31, 2027: the credit is 0.';
    renderPanel(makeEstimate({ tax_credit: { rate: 0, eligible: false, reason, size_kw_ac: 56.25, notes: ['Notice 2025-42: document the physical work of a significant nature.'] } }));
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    const verdict = await within(panel).findByText('Not eligible: no federal investment tax credit');
    expect(verdict.className).toMatch(/text-danger/);
    expect(within(panel).getByText(reason)).toBeInTheDocument();
    expect(within(panel).getByText(/Notice 2025-42/)).toBeInTheDocument();
    expect(within(panel).getByText('Read against a system of 56.25 kW AC.')).toBeInTheDocument();
  });

  it('lists every assumption used, its value by kind and its source, and the warnings', async () => {
    const { user } = renderPanel(makeEstimate({ warnings: ['Warehouse has no tariff: its bills use the average rate of DOMAIN.md section 1.'] }));
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    expect(await within(panel).findByText(/Warehouse has no tariff/)).toBeInTheDocument();
    const count = Object.keys(worked.assumptions).length;
    await user.click(within(panel).getByText(`Assumptions used (${count})`));
    const table = within(panel).getByRole('table', { name: 'Assumptions used' });
    expect(within(table).getAllByRole('row')).toHaveLength(count + 1);
    const row = (label: string) => within(table).getByText(label, { selector: 'th' }).closest('tr')!;
    expect(row('Discount rate')).toHaveTextContent("Discount rate8 %The buyer's cost of capital");
    expect(row('MACRS schedule')).toHaveTextContent('20 %, 32 %, 19.2 %, 11.52 %, 11.52 %, 5.76 %');
    expect(row('Credit: construction begun by')).toHaveTextContent('July 4, 2026');
    expect(row('O&M cost')).toHaveTextContent('$18 per kW DC a year');
    expect(row('Cost per watt')).toHaveTextContent('$2.10 per W DC');
    expect(row('Specific yield')).toHaveTextContent('1,600 kWh per kW DC a yearTypical NREL PVWatts result');
  });

  it('says what to fill in, with a link to the tab, while the usage is missing', async () => {
    stubFetch(() => jsonResponse(makeMissingEstimate()));
    renderRoutes([{ path: '/admin/projects/:id', element: <ProjectApiProvider api={adminLikeApi}><EstimatePanel projectId={9} /></ProjectApiProvider> }], { initialEntries: ['/admin/projects/9'] });
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    expect(await within(panel).findByText(/cannot size a system/)).toBeInTheDocument();
    const links = within(panel).getAllByRole('link', { name: 'Open Utility Info' });
    expect(links[0]).toHaveAttribute('href', '/admin/projects/9?tab=utility-info');
    expect(within(panel).getByRole('link', { name: 'Open Site Info' })).toHaveAttribute('href', '/admin/projects/9?tab=site-info');
    expect(within(panel).queryByRole('link', { name: 'Print view' })).not.toBeInTheDocument();
    expect(within(panel).queryByText('kW DC')).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Estimate Settings' })).toHaveAttribute('href', '/admin/estimate-settings');
  });

  it('offers Retry when the estimate fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    stubFetch((call) => {
      expect(call.url.pathname).toBe('/api/admin/projects/9/estimate');
      return fail ? jsonResponse({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 }) : jsonResponse(worked);
    });
    const { user } = renderRoutes([{ path: '/', element: <ProjectApiProvider api={adminLikeApi}><EstimatePanel projectId={9} /></ProjectApiProvider> }]);
    expect(await screen.findByText('The savings estimate could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('67.5 kW DC')).toBeInTheDocument();
  });
});

describe('savingsExplanation', () => {
  it('says the savings come from the tariffs, the average rate, or both, as the meters are priced', () => {
    const base = makeEstimate();
    const withSources = (...sources: ('tariff' | 'section_1')[]) => ({
      ...base,
      bills: { ...base.bills, meters: sources.map((tariff_source, index) => ({ ...base.bills.meters[0]!, index, tariff_source })) },
    });
    expect(savingsExplanation(withSources('tariff', 'tariff'))).toBe('The first year’s bills before solar less those after, hour by hour on each meter’s tariff');
    expect(savingsExplanation(withSources('section_1'))).toMatch(/^Production up to usage × 75 % of \$0\.\d{4} per kWh/);
    expect(savingsExplanation(withSources('tariff', 'section_1'))).toMatch(/each meter’s tariff; for the meters without a tariff, production up to usage/);
  });
});
