import { screen, within } from '@testing-library/react';
import { computeEstimate } from '@sunin/contract';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../../lib/test-utils';
import { ProjectApiProvider } from '../../../../lib/project-api';
import { memberProjectApi } from '../../api/project-api';
import { EstimatePanel } from './estimate-panel';

/** The admin area's scope as far as the panel cares: its base path and keys. */
const adminLikeApi = { ...memberProjectApi, basePath: '/admin/projects', keys: { ...memberProjectApi.keys, project: (id: number) => ['admin', 'projects', 'detail', id] } };

const meterA = [6000, 6000, 6000, 6000, 6000, 6000, 4000, 4000, 4000, 4000, 4000, 4000];
const meterB = Array.from({ length: 12 }, () => 5000);
const worked = computeEstimate({ kilowatt_amounts: [meterA, meterB], average_monthly_power_bill_cost: '2400', state: 'CA' });

describe('EstimatePanel', () => {
  it("shows DOMAIN.md's worked example with how each figure was computed, financing beside the bill, and the cash flow as a table", async () => {
    const calls = stubFetch(() => jsonResponse(worked));
    const { user } = renderRoutes([{ path: '/projects/:id', element: <EstimatePanel projectId={7} /> }], { initialEntries: ['/projects/7'] });
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    expect(calls[0]!.url.pathname).toBe('/api/projects/7/estimate');
    expect(await within(panel).findByText('67.5 kW DC')).toBeInTheDocument();
    expect(within(panel).getByText(/120,000 kWh a year × 90 % offset ÷ 1,600 kWh per kW \(California\)/)).toBeInTheDocument();
    const figure = (term: string) => within(panel).getByText(term, { selector: 'dt' }).parentElement!;
    expect(figure('Cost before the tax credit')).toHaveTextContent('$141,750');
    expect(figure('Cost after the tax credit')).toHaveTextContent('$99,225Less a 30 % federal credit of $42,525');
    expect(figure('First-year savings')).toHaveTextContent('$19,440');
    expect(figure('Payback')).toHaveTextContent('4.86 years');
    expect(figure('25-year savings')).toHaveTextContent('$563,513');
    expect(within(panel).getByText(/\$0\.2400 per kWh: your average bill × 12 ÷ annual usage/)).toBeInTheDocument();
    // DOMAIN.md 1: the loan is the cost before the credit x the financed share (100 %), $141,750,
    // and each term says in words how it compares with the first-year savings ($1,620.00 a month).
    expect(within(panel).getByText(/Current monthly bill:/)).toHaveTextContent(
      'Current monthly bill: $2,400.00. Each loan is $141,750 (100 % of the $141,750 cost before the tax credit) at 8.99 % APR.',
    );
    const financing = within(panel).getByRole('table', { name: 'Monthly loan payment per term' });
    expect(within(financing).getByText('10 years').closest('tr')).toHaveTextContent('10 years$1,794.86Costs $174.86 a month more than the first-year savings');
    expect(within(financing).getByText('15 years').closest('tr')).toHaveTextContent('15 years$1,436.88Costs $183.12 a month less than the first-year savings');
    expect(within(financing).getByText('20 years').closest('tr')).toHaveTextContent('20 years$1,274.45Costs $345.55 a month less than the first-year savings');
    // Nothing forces it wider than a 390 px phone.
    expect(financing.className).not.toMatch(/min-w-/);
    expect(financing.parentElement?.className ?? '').not.toMatch(/overflow-x-auto/);
    expect(within(panel).getByRole('link', { name: 'Print view' })).toHaveAttribute('href', '/projects/7/estimate');
    expect(within(panel).queryByRole('link', { name: 'Estimate Settings' })).not.toBeInTheDocument();
    await user.click(within(panel).getByText('Show the cash flow as a table'));
    expect(within(panel).getByText('Install (cost after credit)').closest('tr')).toHaveTextContent('-$99,225');
    expect(within(panel).getByText(/must be confirmed/)).toBeInTheDocument();
  });

  it('says what to fill in, with a link to the tab, while the usage is missing', async () => {
    stubFetch(() => jsonResponse(computeEstimate({ kilowatt_amounts: [], average_monthly_power_bill_cost: '', state: '' })));
    renderRoutes([{ path: '/admin/projects/:id', element: <ProjectApiProvider api={adminLikeApi}><EstimatePanel projectId={9} /></ProjectApiProvider> }], { initialEntries: ['/admin/projects/9'] });
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    expect(await within(panel).findByText(/cannot size a system/)).toBeInTheDocument();
    const links = within(panel).getAllByRole('link', { name: 'Open Utility Info' });
    expect(links[0]).toHaveAttribute('href', '/admin/projects/9?tab=utility-info');
    expect(within(panel).getByRole('link', { name: 'Open Site Info' })).toHaveAttribute('href', '/admin/projects/9?tab=site-info');
    expect(within(panel).queryByRole('link', { name: 'Print view' })).not.toBeInTheDocument();
    expect(within(panel).queryByText('kW DC')).not.toBeInTheDocument();
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
