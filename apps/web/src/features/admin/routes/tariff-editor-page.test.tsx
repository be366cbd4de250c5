import { screen, waitFor, within } from '@testing-library/react';
import { TARIFF_MESSAGES, type Tariff, type TariffInput } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { TariffEditorPage } from './tariff-editor-page';

const ROUTES = [
  { path: '/admin/tariffs', element: <p>The tariff list</p> },
  { path: '/admin/tariffs/new', element: <TariffEditorPage /> },
  { path: '/admin/tariffs/:id', element: <TariffEditorPage /> },
];

const STORED: Tariff = {
  id: 7,
  name: 'Example: PG&E B-19-like TOU',
  utility: 'PG&E',
  state: 'CA',
  effective_date: '2025-03-01',
  source: 'Example for the demo.',
  customer_charge_usd: 1000,
  periods: [
    { name: 'Peak', months: [6, 7, 8, 9], days: 'all', start_hour: 16, end_hour: 21 },
    { name: 'Super off-peak', months: [1, 2, 3], days: 'weekend', start_hour: 9, end_hour: 14 },
  ],
  energy_rates: [
    { period: null, usd_per_kwh: 0.14 },
    { period: 'Peak', usd_per_kwh: 0.21 },
  ],
  demand_charges: [
    { period: null, usd_per_kw: 32 },
    { period: 'Peak', usd_per_kw: 22 },
  ],
  export_credit: 'net_billing',
  export_rate_usd_per_kwh: 0.06,
  example: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

/** The text of the grid cell (code plus the period's name for screen readers) of a month (1-12) and hour. */
function cell(kind: 'Weekdays' | 'Weekends', month: number, hour: number): string {
  const table = screen.getByRole('table', { name: new RegExp(`^${kind}`) });
  const row = within(table).getAllByRole('row')[month]!;
  return within(row).getAllByRole('cell')[hour]!.textContent ?? '';
}

/** Types a value at once (a paste): the grids re-render on each key, which is slow under jsdom. */
async function fill(user: ReturnType<typeof renderRoutes>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('the tariff editor (issue 35 item 4)', { timeout: 60_000 }, () => {
  it('creates a two-period tariff: the grids follow the periods as they are typed, and the body is the API shape', async () => {
    const calls = stubFetch(({ method, body }) => (method === 'POST' ? jsonResponse({ tariff: { ...STORED, ...(body as { tariff: TariffInput }).tariff, id: 12, example: false } }, { status: 201 }) : jsonResponse({ tariffs: [] })));
    const { user, router } = renderRoutes(ROUTES, { initialEntries: ['/admin/tariffs/new'] });
    await fill(user, await screen.findByLabelText('Name'), 'Test TOU');
    await fill(user, screen.getByLabelText('Utility'), 'Test Power');
    await user.selectOptions(screen.getByLabelText('State'), 'NV');
    await fill(user, screen.getByLabelText('Effective date'), '2025-06-01');
    await fill(user, screen.getByLabelText('Customer charge (US$ per month)'), '50');
    await user.selectOptions(screen.getByLabelText('Export credit'), 'net_billing');
    await fill(user, screen.getByLabelText('Export rate (US$ per kWh)'), '0.05');
    expect(cell('Weekdays', 7, 17)).toBe('·Base rate');

    await user.click(screen.getByRole('button', { name: 'Add period' }));
    await fill(user, screen.getAllByLabelText('Period name')[0]!, 'On-peak');
    for (const month of ['January', 'February', 'March', 'April', 'May', 'October', 'November', 'December']) await user.click(screen.getByLabelText(`${month}, On-peak`));
    // Weekdays 16-21, June to September: the grid shows it at once.
    expect(cell('Weekdays', 7, 17)).toBe('OOn-peak');
    expect(cell('Weekdays', 7, 21)).toBe('·Base rate');
    expect(cell('Weekends', 7, 17)).toBe('·Base rate');
    expect(cell('Weekdays', 1, 17)).toBe('·Base rate');

    await user.click(screen.getByRole('button', { name: 'Add period' }));
    await fill(user, screen.getAllByLabelText('Period name')[1]!, 'Night');
    await user.selectOptions(screen.getAllByLabelText('Days')[1]!, 'all');
    await user.selectOptions(screen.getAllByLabelText('From')[1]!, '0');
    await user.selectOptions(screen.getAllByLabelText('Until')[1]!, '6');
    expect(cell('Weekends', 1, 3)).toBe('NNight');
    expect(cell('Weekdays', 12, 5)).toBe('NNight');
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('On-peak');

    await fill(user, screen.getByLabelText('Base energy rate (US$ per kWh)'), '0.12');
    await fill(user, screen.getByLabelText('Energy rate, On-peak (US$ per kWh)'), '0.3');
    await fill(user, screen.getByLabelText('Facility demand charge (US$ per kW)'), '15');
    await fill(user, screen.getByLabelText('Demand charge, On-peak (US$ per kW)'), '8');
    await user.click(screen.getByRole('button', { name: 'Save tariff' }));

    expect(await screen.findByText('The tariff list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/tariffs');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/admin/tariffs');
    expect((post.body as { tariff: TariffInput }).tariff).toEqual({
      name: 'Test TOU',
      utility: 'Test Power',
      state: 'NV',
      effective_date: '2025-06-01',
      source: '',
      customer_charge_usd: 50,
      periods: [
        { name: 'On-peak', months: [6, 7, 8, 9], days: 'weekday', start_hour: 16, end_hour: 21 },
        { name: 'Night', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: 'all', start_hour: 0, end_hour: 6 },
      ],
      energy_rates: [
        { period: null, usd_per_kwh: 0.12 },
        { period: 'On-peak', usd_per_kwh: 0.3 },
      ],
      demand_charges: [
        { period: null, usd_per_kw: 15 },
        { period: 'On-peak', usd_per_kw: 8 },
      ],
      export_credit: 'net_billing',
      export_rate_usd_per_kwh: 0.05,
    });
  });

  it('warns of overlaps as they are made and checks the form with the schema before sending anything', async () => {
    const calls = stubFetch(() => jsonResponse({ tariffs: [] }));
    const { user } = renderRoutes(ROUTES, { initialEntries: ['/admin/tariffs/new'] });
    await user.click(await screen.findByRole('button', { name: 'Add period' }));
    await fill(user, screen.getAllByLabelText('Period name')[0]!, 'Peak');
    await user.click(screen.getByRole('button', { name: 'Add period' }));
    await fill(user, screen.getAllByLabelText('Period name')[1]!, 'Evening');
    expect(screen.getByRole('list', { name: 'Overlapping periods' })).toHaveTextContent('Period "Evening" overlaps period "Peak" in month 1, weekdays, hour 16');
    await user.click(screen.getByRole('button', { name: 'Save tariff' }));
    expect(screen.getByText(/^Fix the \d+ problems marked below\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required.');
    expect(screen.getByLabelText('Base energy rate (US$ per kWh)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('listitem', { name: 'Period row 2: Evening' })).toHaveTextContent('each hour belongs to at most one period');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's field errors beside their fields and rows", async () => {
    stubFetch(({ method }) =>
      method === 'PUT'
        ? jsonResponse(
            { error: { code: 'validation_failed', message: 'End hour is 1 to 24.', fields: { 'periods.1.end_hour': 'The end hour must be after the start hour.', 'demand_charges.1.usd_per_kw': 'Demand charge must be at most 500.', source: 'Source must be at most 2000 characters.' } } },
            { status: 422 },
          )
        : jsonResponse({ tariff: STORED }),
    );
    const { user } = renderRoutes(ROUTES, { initialEntries: ['/admin/tariffs/7'] });
    expect(await screen.findByText(TARIFF_MESSAGES.exampleNote, { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(STORED.name);
    expect(cell('Weekends', 2, 10)).toBe('SSuper off-peak');
    expect(cell('Weekends', 7, 16)).toBe('PPeak');
    await user.click(screen.getByRole('button', { name: 'Save tariff' }));
    expect(await screen.findByRole('listitem', { name: 'Period row 2: Super off-peak' })).toHaveTextContent('The end hour must be after the start hour.');
    expect(screen.getByLabelText('Demand charge, Peak (US$ per kW)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Demand charge must be at most 500.')).toBeInTheDocument();
    expect(screen.getByLabelText('Source')).toHaveAccessibleDescription('Source must be at most 2000 characters.');
  });

  it('deletes only after the confirmation, and shows why the server refused', async () => {
    const calls = stubFetch(({ method }) => (method === 'DELETE' ? jsonResponse({ error: { code: 'conflict', message: TARIFF_MESSAGES.inUse(2) } }, { status: 409 }) : jsonResponse({ tariff: STORED })));
    const { user } = renderRoutes(ROUTES, { initialEntries: ['/admin/tariffs/7'] });
    await user.click(await screen.findByRole('button', { name: 'Delete tariff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tariff?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete tariff' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this tariff?' })).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText(TARIFF_MESSAGES.inUse(2))).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual(['/api/admin/tariffs/7']);
  });

  it('leaves an untouched tariff at once on Cancel', async () => {
    saveSession('jwt', buildUser({ account_type: 'admin', company_role: 'full_access_admin' }));
    stubFetch(() => jsonResponse({ tariff: STORED }));
    const { user } = renderRoutes(ROUTES, { initialEntries: ['/admin/tariffs/7'] });
    // Untouched: Cancel leaves at once.
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The tariff list')).toBeInTheDocument();
  });

  it('holds an edited tariff on Cancel until the admin chooses to discard it', async () => {
    saveSession('jwt', buildUser({ account_type: 'admin', company_role: 'full_access_admin' }));
    stubFetch(() => jsonResponse({ tariff: STORED }));
    const { user } = renderRoutes(ROUTES, { initialEntries: ['/admin/tariffs/7'] });
    await fill(user, await screen.findByLabelText('Name'), 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toMatch(/Renamed$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Discard and leave' }));
    expect(await screen.findByText('The tariff list')).toBeInTheDocument();
  });

  it('leaves for the list without asking once an edit is saved', async () => {
    saveSession('jwt', buildUser({ account_type: 'admin', company_role: 'full_access_admin' }));
    stubFetch(() => jsonResponse({ tariff: STORED }));
    const { user } = renderRoutes(ROUTES, { initialEntries: ['/admin/tariffs/7'] });
    await fill(user, await screen.findByLabelText('Name'), 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save tariff' }));
    expect(await screen.findByText('The tariff list')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });

  it('says when the tariff does not exist', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'not_found', message: TARIFF_MESSAGES.notFound } }, { status: 404 }));
    renderRoutes(ROUTES, { initialEntries: ['/admin/tariffs/99'] });
    expect(await screen.findByText('Tariff not found')).toBeInTheDocument();
  });
});
