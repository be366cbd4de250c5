import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { DEFAULT_ESTIMATE_ASSUMPTIONS, defaultMeter, type EstimateInputs } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { buildProject } from '../../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../../lib/test-utils';
import { EstimateDraftProvider, usePublishEstimateDraft, type EstimateDraft } from './estimate-draft';
import { EstimatePanel } from './estimate-panel';
import { draftReferences } from './live-estimate';
import { makeEstimate } from '../../../../components/estimate/estimate-fixtures';

/** Stands in for Utility Info: publishes what the partner "types" (a kWh for every month of one meter). */
function TypedUsage({ kwh }: { kwh: number | null }) {
  const draft: EstimateDraft | null = kwh === null ? null : { kilowatt_amounts: [Array.from({ length: 12 }, () => kwh)], meters: [defaultMeter(0)], average_monthly_power_bill_cost: '2400' };
  usePublishEstimateDraft(draft);
  return null;
}

function ProjectPageLike() {
  const [kwh, setKwh] = useState<number | null>(null);
  return (
    <EstimateDraftProvider>
      <button type="button" onClick={() => setKwh(20_000)}>Type 20,000 kWh a month</button>
      <button type="button" onClick={() => setKwh(5_000)}>Type 5,000 kWh a month</button>
      <button type="button" onClick={() => setKwh(null)}>Save</button>
      <TypedUsage kwh={kwh} />
      <EstimatePanel projectId={7} />
    </EstimateDraftProvider>
  );
}

const inputs: EstimateInputs = { assumptions: DEFAULT_ESTIMATE_ASSUMPTIONS, tariffs: [], intervals: [] };

describe('EstimatePanel: live preview of unsaved Utility Info (issue 35 item 5)', () => {
  it('recomputes in the browser as the draft changes, and falls back to the saved estimate without one', async () => {
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/projects/7/estimate') return jsonResponse(makeEstimate());
      if (url.pathname === '/api/projects/7/estimate-inputs') return jsonResponse(inputs);
      if (url.pathname === '/api/projects/7') return jsonResponse(buildProject({ id: 7, state: 'CA', average_monthly_power_bill_cost: '2400' }));
      return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    });
    const { user } = renderRoutes([{ path: '/', element: <ProjectPageLike /> }]);
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    expect(await within(panel).findByText('67.5 kW DC')).toBeInTheDocument();
    expect(within(panel).queryByText('Preview of unsaved changes')).not.toBeInTheDocument();
    // Nothing to preview yet: the (possibly large) inputs are not fetched.
    expect(calls.some((call) => call.url.pathname.endsWith('/estimate-inputs'))).toBe(false);

    // DOMAIN.md 1: 240,000 kWh x 0.9 / 1,600 kWh per kW in California.
    await user.click(screen.getByRole('button', { name: 'Type 20,000 kWh a month' }));
    expect(await within(panel).findByText('Preview of unsaved changes')).toBeInTheDocument();
    expect(await within(panel).findByText('135 kW DC')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Print view' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Type 5,000 kWh a month' }));
    expect(await within(panel).findByText('33.75 kW DC')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.endsWith('/estimate-inputs'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('67.5 kW DC')).toBeInTheDocument();
    expect(within(panel).queryByText('Preview of unsaved changes')).not.toBeInTheDocument();
  });

  it('keeps the saved estimate, and says so, when the inputs of the preview cannot be loaded', async () => {
    stubFetch(({ url }) => {
      if (url.pathname === '/api/projects/7/estimate') return jsonResponse(makeEstimate());
      if (url.pathname === '/api/projects/7') return jsonResponse(buildProject({ id: 7, state: 'CA' }));
      return jsonResponse({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 });
    });
    const { user } = renderRoutes([{ path: '/', element: <ProjectPageLike /> }]);
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    await within(panel).findByText('67.5 kW DC');
    await user.click(screen.getByRole('button', { name: 'Type 20,000 kWh a month' }));
    expect(await within(panel).findByText(/could not be previewed/)).toBeInTheDocument();
    expect(within(panel).getByText('67.5 kW DC')).toBeInTheDocument();
    expect(within(panel).queryByText('Preview of unsaved changes')).not.toBeInTheDocument();
  });
});

describe('draftReferences', () => {
  it('names the tariffs and interval imports the unsaved meters name beyond the saved ones, sorted', () => {
    const project = buildProject({ id: 7, meters: [{ ...defaultMeter(0), tariff_id: 3, interval_import_id: 11, interval: null }] });
    const draft = {
      kilowatt_amounts: [Array<number>(12).fill(1), Array<number>(12).fill(2)],
      meters: [{ ...defaultMeter(0), tariff_id: 9, interval_import_id: 11 }, { ...defaultMeter(1), tariff_id: 3, interval_import_id: 14 }],
      average_monthly_power_bill_cost: '',
    };
    expect(draftReferences(project, draft)).toEqual({ tariffIds: [9], intervalImportIds: [14] });
    expect(draftReferences(project, null)).toEqual({ tariffIds: [], intervalImportIds: [] });
  });
});
