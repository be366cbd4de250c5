import { screen, waitFor, within } from '@testing-library/react';
import { defaultMeterMonths, type MeterAnswer, type Project, type Tariff } from '@sunin/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { readDraft } from '../../../lib/form-drafts';
import { projectDraftKey } from './project-drafts';
import { buildProject, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { EstimateDraftProvider, useEstimateDraft } from './estimate/estimate-draft';
import { SiteInfoForm } from './site-info-form';
import { UtilityInfoForm } from './utility-info-form';
import { tariffOptionLabel } from './meter-fields';

const values = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120];
const aprilToMarch = ['2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03'];

function buildTariff(overrides: Partial<Tariff>): Tariff {
  return {
    id: 1,
    name: 'General Service',
    utility: 'Austin Energy',
    state: 'TX',
    effective_date: '2025-01-01',
    source: '',
    customer_charge_usd: 50,
    periods: [],
    energy_rates: [{ period: null, usd_per_kwh: 0.12 }],
    demand_charges: [],
    export_credit: 'net_billing',
    export_rate_usd_per_kwh: 0.04,
    example: false,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const meterAnswer = (overrides: Partial<MeterAnswer> = {}): MeterAnswer => ({
  name: 'Main building',
  tariff_id: null,
  load_profile: 'office',
  months: defaultMeterMonths(),
  interval_import_id: null,
  interval: null,
  ...overrides,
});

const tariffs = [buildTariff({ id: 4, name: 'Large General Service TOU', example: true }), buildTariff({ id: 9, name: 'Secondary Service', utility: 'Oncor' })];

/** Draft probe: shows what the form publishes to the page's estimate. */
function DraftProbe() {
  const draft = useEstimateDraft();
  return <output aria-label="Estimate draft">{draft === null ? 'none' : JSON.stringify(draft)}</output>;
}

function setup(overrides: Partial<Project>, { tariffAnswer = () => jsonResponse({ tariffs }) }: { tariffAnswer?: () => Response } = {}) {
  saveSession('jwt', buildUser());
  const project = buildProject({ id: 7, state: 'Texas', power_bill_received_status: 'Yes', kilowatt_amounts: [values], meters: [meterAnswer()], ...overrides });
  const calls = stubFetch(({ url, method, body }) => {
    if (url.pathname === '/api/tariffs') return tariffAnswer();
    if (method === 'PATCH') return jsonResponse({ ...project, ...(body as { project: Partial<Project> }).project });
    return jsonResponse(project);
  });
  const rendered = renderRoutes([
    {
      path: '/',
      element: (
        <EstimateDraftProvider>
          <UtilityInfoForm project={project} />
          <DraftProbe />
        </EstimateDraftProvider>
      ),
    },
  ]);
  return { calls, ...rendered };
}

const meterGroup = (name = 'Meter 1') => within(screen.getByRole('group', { name }));
const patchBody = async (calls: ReturnType<typeof setup>['calls']) => {
  await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
  return (calls.find((call) => call.method === 'PATCH')!.body as { project: Record<string, unknown> }).project;
};

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('Meters by calendar month in Utility Info (issue 35 item 1)', { timeout: 30_000 }, () => {
  it("labels the 12 values by the meter's calendar months: short on screen, 'Month N' and the full month read out", async () => {
    setup({ meters: [meterAnswer({ months: aprilToMarch })] });
    const meter = meterGroup();
    expect(meter.getByLabelText('Apr 2024, Month 1')).toHaveValue(10);
    expect(meter.getByLabelText('Mar 2025, Month 12')).toHaveValue(120);
    expect(meter.getByText('Apr 2024')).toBeInTheDocument();
    expect(meter.getByText('Mar 2025')).toBeInTheDocument();
    expect(meter.getByLabelText('Meter name')).toHaveValue('Main building');
    expect(meter.getByLabelText('Starts')).toHaveValue('2024-04');
  });

  it('a meter the answer has no entry for, and a new meter, get January to December of 2025 and their position as name', async () => {
    const { user } = setup({ meters: [] });
    expect(meterGroup().getByLabelText('Jan 2025, Month 1')).toHaveValue(10);
    expect(meterGroup().getByLabelText('Meter name')).toHaveValue('Meter 1');
    await user.click(screen.getByRole('button', { name: 'Add Meter' }));
    expect(meterGroup('Meter 2').getByLabelText('Dec 2025, Month 12')).toHaveValue(null);
    expect(meterGroup('Meter 2').getByLabelText('Meter name')).toHaveValue('Meter 2');
    expect(meterGroup('Meter 2').getByLabelText('Load profile')).toHaveValue('office');
  });

  it("'Starts' rewrites the meter's 12 months consecutively from the chosen month; the values stay in place and Save sends the months", async () => {
    const { user, calls } = setup({});
    await user.selectOptions(meterGroup().getByLabelText('Starts'), 'July 2024');
    expect(meterGroup().getByLabelText('Jul 2024, Month 1')).toHaveValue(10);
    expect(meterGroup().getByLabelText('Dec 2024, Month 6')).toHaveValue(60);
    expect(meterGroup().getByLabelText('Jan 2025, Month 7')).toHaveValue(70);
    expect(meterGroup().getByLabelText('Jun 2025, Month 12')).toHaveValue(120);

    await user.click(screen.getByRole('button', { name: 'Save Utility Information' }));
    const body = await patchBody(calls);
    expect((body.meters as { months: string[] }[])[0]!.months).toEqual([
      '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06',
    ]);
  });

  it("offers the tariffs of the project's state after 'No tariff (use the average rate)', with utility and an Example marker", async () => {
    const { calls } = setup({});
    const select = meterGroup().getByLabelText('Tariff');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No tariff (use the average rate)',
      'Large General Service TOU, Austin Energy (Example)',
      'Secondary Service, Oncor',
    ]);
    expect(select).toHaveValue('');
    // The project's state is free text ("Texas"): the request names its code.
    const request = calls.find((call) => call.url.pathname === '/api/tariffs')!;
    expect(request.url.searchParams.get('state')).toBe('TX');
  });

  it('says when the state has no tariffs, and when they cannot be loaded, keeping the average rate choice', async () => {
    setup({}, { tariffAnswer: () => jsonResponse({ tariffs: [] }) });
    expect(await screen.findByText('No tariffs for TX yet: the estimate uses the average rate.')).toBeInTheDocument();
    expect(within(meterGroup().getByLabelText('Tariff')).getAllByRole('option')).toHaveLength(1);
  });

  it('says when the tariffs cannot be loaded', async () => {
    setup({}, { tariffAnswer: () => jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 }) });
    expect(await screen.findByText('The tariffs could not be loaded: reload the page to choose one.')).toBeInTheDocument();
  });

  it('sends kilowatt_amounts and meters side by side: name, tariff, load profile, months, and the interval import the answer had', async () => {
    const { user, calls } = setup({
      kilowatt_amounts: [values, values],
      meters: [
        meterAnswer({ interval_import_id: 31, interval: { step_minutes: 15, first_month: '2025-01', last_month: '2025-12' } }),
        meterAnswer({ name: 'Warehouse', tariff_id: 9, months: aprilToMarch }),
      ],
    });
    expect(meterGroup().getByText('Interval data (15-minute) kept for the bill engine')).toBeInTheDocument();
    await waitFor(() => expect(within(meterGroup().getByLabelText('Tariff')).getAllByRole('option')).toHaveLength(3));
    expect(meterGroup('Meter 2').getByLabelText('Tariff')).toHaveValue('9');
    await user.selectOptions(meterGroup().getByLabelText('Tariff'), 'Large General Service TOU, Austin Energy (Example)');
    expect(meterGroup().getByText("An example: check it against the utility's current tariff sheet before showing it to a customer.")).toBeInTheDocument();
    await user.selectOptions(meterGroup().getByLabelText('Load profile'), 'Retail (every day 9 am-9 pm)');
    await user.clear(meterGroup('Meter 2').getByLabelText('Meter name'));
    await user.type(meterGroup('Meter 2').getByLabelText('Meter name'), 'Cold room');

    await user.click(screen.getByRole('button', { name: 'Save Utility Information' }));
    const body = await patchBody(calls);
    expect(body.kilowatt_amounts).toEqual([values.map(String), values.map(String)]);
    expect(body.meters).toEqual([
      { name: 'Main building', tariff_id: 4, load_profile: 'retail', months: defaultMeterMonths(), interval_import_id: 31 },
      { name: 'Cold room', tariff_id: 9, load_profile: 'office', months: aprilToMarch, interval_import_id: null },
    ]);

    calls.length = 0;
    // Dropping the interval data makes the typed values count again.
    await user.click(meterGroup().getByRole('button', { name: 'Stop using the interval data of Meter 1' }));
    expect(meterGroup().queryByText('Interval data (15-minute) kept for the bill engine')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Save Utility Information' }, { timeout: 5000 }));
    expect(((await patchBody(calls)).meters as { interval_import_id: number | null }[])[0]!.interval_import_id).toBeNull();
  });

  it("'Starts' on a meter with interval data stops using it: the data belongs to the months it was read in", async () => {
    const { user } = setup({ kilowatt_amounts: [values], meters: [meterAnswer({ interval_import_id: 31, interval: { step_minutes: 15, first_month: '2025-01', last_month: '2025-12' } })] });
    expect(meterGroup().getByText('Interval data (15-minute) kept for the bill engine')).toBeInTheDocument();
    expect(meterGroup().getByText(/Changing it stops using the interval data/)).toBeInTheDocument();
    await user.selectOptions(meterGroup().getByLabelText('Starts'), 'July 2024');
    expect(meterGroup().queryByText('Interval data (15-minute) kept for the bill engine')).not.toBeInTheDocument();
    expect(meterGroup().getByLabelText('Jul 2024, Month 1')).toBeInTheDocument();
  });

  it('publishes the unsaved meters and bill to the estimate while the form differs from the saved project', async () => {
    const { user } = setup({});
    const probe = screen.getByRole('status', { name: 'Estimate draft' });
    expect(probe).toHaveTextContent('none');
    const month = meterGroup().getByLabelText('Feb 2025, Month 2');
    await user.clear(month);
    await user.type(month, '25');
    await waitFor(() => expect(probe).not.toHaveTextContent('none'));
    const draft = JSON.parse(probe.textContent!) as { kilowatt_amounts: (number | null)[][]; meters: { name: string }[]; average_monthly_power_bill_cost: string };
    expect(draft.kilowatt_amounts).toEqual([[10, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]]);
    expect(draft.meters[0]!.name).toBe('Main building');
    expect(draft.average_monthly_power_bill_cost).toBe('1200');

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(probe).toHaveTextContent('none'));
  });

  it('counts what was sent as saved when the saved values come back as they were (no re-seed): nothing left to discard, no draft', async () => {
    // The project passed in does not change, so nothing re-keys the form: as when the saved values
    // come back as the form already shows them.
    const { user } = setup({});
    const month = meterGroup().getByLabelText('Feb 2025, Month 2');
    await user.clear(month);
    await user.type(month, '25');
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save Utility Information' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled(), { timeout: 5000 });
    expect(month).toHaveValue(25);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Estimate draft' })).toHaveTextContent('none'));
    expect(readDraft(projectDraftKey(7, 'utility-info'))).toBeNull();
  });
});

describe('The credit fields in Site Info (issue 35 item 6)', { timeout: 30_000 }, () => {
  it('sends the construction start, expected in-service date, prevailing wage and the owner flag by its new name', async () => {
    saveSession('jwt', buildUser());
    const project = buildProject({ id: 7, construction_start_date: '2026-03-01', tax_exempt: true, tax_exempt_owner: true });
    const calls = stubFetch(({ method, body }) =>
      method === 'PATCH' ? jsonResponse({ ...project, ...(body as { project: Partial<Project> }).project }) : jsonResponse(project),
    );
    const { user } = renderRoutes([{ path: '/', element: <SiteInfoForm project={project} /> }]);
    expect(screen.getByLabelText('Construction start date')).toHaveValue('2026-03-01');
    expect(screen.getByRole('checkbox', { name: /^Tax-exempt owner \(a non-profit\)/ })).toBeChecked();
    await user.type(screen.getByLabelText('Expected in-service date'), '2027-06-30');
    await user.click(screen.getByRole('checkbox', { name: /^Prevailing wage and apprenticeship \(needed at 1 MW AC and above\)/ }));
    expect(screen.getByText('When the system is expected to be placed in service.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Site Information' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const sent = (calls.find((call) => call.method === 'PATCH')!.body as { project: Record<string, unknown> }).project;
    expect(sent).toMatchObject({
      construction_start_date: '2026-03-01',
      expected_in_service_date: '2027-06-30',
      itc_prevailing_wage: true,
      tax_exempt_owner: true,
    });
    expect(sent).not.toHaveProperty('tax_exempt');
  });
});

describe('tariffOptionLabel', () => {
  it('marks an example once, even when its name already says so', () => {
    expect(tariffOptionLabel({ name: 'TOU-GS-2', utility: 'SCE', example: true })).toBe('TOU-GS-2, SCE (Example)');
    expect(tariffOptionLabel({ name: 'Example: PG&E B-19-like TOU', utility: 'PG&E', example: true })).toBe('Example: PG&E B-19-like TOU, PG&E');
    expect(tariffOptionLabel({ name: 'B-19', utility: 'PG&E', example: false })).toBe('B-19, PG&E');
  });
});
