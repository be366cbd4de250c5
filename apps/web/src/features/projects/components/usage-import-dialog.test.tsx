import { screen, waitFor, within } from '@testing-library/react';
import { defaultMeterMonths, type MeterAnswer, type Project, type UsageImport } from '@sunin/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildProject, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { UtilityInfoForm } from './utility-info-form';

const year2024 = defaultMeterMonths(2024);

const usage = (overrides: Partial<UsageImport> = {}): UsageImport => ({
  meters: [[100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200]],
  months: year2024,
  meter_labels: ['Meter 1'],
  months_found: [12],
  interval_imports: [null],
  period_start: '2024-01-01',
  period_end: '2024-12-31',
  source: 'espi_xml',
  warnings: [],
  ...overrides,
});

const existing = (name: string, months = defaultMeterMonths()): MeterAnswer => ({ name, tariff_id: null, load_profile: 'office', months, interval_import_id: null, interval: null });

function setup(answer: () => Response, overrides: Partial<Project> = {}) {
  saveSession('jwt', buildUser());
  const project = buildProject({ id: 7, power_bill_received_status: 'Yes', kilowatt_amounts: [], ...overrides });
  const calls = stubFetch(({ url, method, body }) => {
    if (url.pathname === '/api/projects/7/usage-imports') return answer();
    if (url.pathname === '/api/tariffs') return jsonResponse({ tariffs: [] });
    if (method === 'PATCH') return jsonResponse({ ...project, ...(body as { project: Partial<Project> }).project });
    return jsonResponse(project);
  });
  const rendered = renderRoutes([{ path: '/', element: <UtilityInfoForm project={project} /> }]);
  return { calls, ...rendered };
}

async function importFile(user: ReturnType<typeof setup>['user']) {
  await user.click(screen.getByRole('button', { name: 'Import usage' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Import usage' }));
  await user.upload(dialog.getByLabelText('Green Button file'), new File(['<feed/>'], 'greenbutton.xml', { type: 'application/xml' }));
  await dialog.findByRole('table', { name: 'Monthly kWh found in the file' });
  return dialog;
}

const savedProject = async (calls: ReturnType<typeof setup>['calls'], user: ReturnType<typeof setup>['user']) => {
  await user.click(screen.getByRole('button', { name: 'Save Utility Information' }));
  await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
  return (calls.find((call) => call.method === 'PATCH')!.body as { project: { kilowatt_amounts: string[][]; meters: { name: string; months: string[]; interval_import_id: number | null }[] } }).project;
};

afterEach(() => sessionStorage.clear());

describe('Import usage in Utility Info (issue 16 item 5, issue 35 item 2)', { timeout: 30_000 }, () => {
  it('reads a file on the server, says how many months it found, fills the blank meter with its months; Save sends them', async () => {
    const { calls, user } = setup(() => jsonResponse(usage({ warnings: ['The file also held gas readings, which were left out.'] })));
    const dialog = await importFile(user);
    expect(dialog.getByText(/One meter, January 1, 2024 to December 31, 2024 \(\s*Green Button XML\)/)).toBeInTheDocument();
    expect(dialog.getByText('This file has all 12 months (January to December 2024).')).toBeInTheDocument();
    expect(dialog.getByText('The file also held gas readings, which were left out.')).toBeInTheDocument();
    expect(dialog.getByRole('columnheader', { name: 'Jan 2024' })).toBeInTheDocument();
    // Nothing in the form to overwrite: no question which meter it is for.
    expect(dialog.queryByLabelText('Which meter is it for?')).not.toBeInTheDocument();
    const upload = calls.find((call) => call.url.pathname === '/api/projects/7/usage-imports')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.click(dialog.getByRole('button', { name: 'Use these months' }));
    expect(await screen.findByText('Usage imported: review the months, then save Utility Information.')).toBeInTheDocument();
    const meter = within(screen.getByRole('group', { name: 'Meter 1' }));
    expect(meter.getByLabelText('Jan 2024, Month 1')).toHaveValue(100);
    expect(meter.getByLabelText('Dec 2024, Month 12')).toHaveValue(1200);
    expect(screen.queryByRole('group', { name: 'Meter 2' })).not.toBeInTheDocument();
    // Focus goes back to the button that opened the dialog.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import usage' })).toHaveFocus());

    const sent = await savedProject(calls, user);
    expect(sent.kilowatt_amounts).toEqual([['100', '200', '300', '400', '500', '600', '700', '800', '900', '1000', '1100', '1200']]);
    expect(sent.meters[0]).toMatchObject({ name: 'Meter 1', months: year2024, interval_import_id: null });
  });

  it("adds a partial meter only after 'Add the 3 months anyway', with the warning shown; the months keep the file's calendar", async () => {
    const months = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12'];
    const { calls, user } = setup(() =>
      jsonResponse(usage({ meters: [[500, 600, 700, null, null, null, null, null, null, null, null, null]], months, months_found: [3], period_start: '2025-01-01', period_end: '2025-03-31' })),
    );
    const dialog = await importFile(user);
    expect(dialog.getByText('This file has 3 of 12 months (January to March 2025).')).toBeInTheDocument();
    expect(dialog.getByText(/The estimate needs all 12 months of a meter: with fewer it will say which months of this meter are missing/)).toBeInTheDocument();
    const apply = dialog.getByRole('button', { name: 'Use these months' });
    expect(apply).toBeDisabled();
    expect(dialog.getByText('Confirm the partial meters above to add them.')).toBeInTheDocument();

    await user.click(dialog.getByRole('checkbox', { name: 'Add the 3 months anyway' }));
    expect(apply).toBeEnabled();
    await user.click(apply);
    const meter = within(await screen.findByRole('group', { name: 'Meter 1' }));
    expect(meter.getByLabelText('Mar 2025, Month 3')).toHaveValue(700);
    expect(meter.getByLabelText('Apr 2025, Month 4')).toHaveValue(null);
    const sent = await savedProject(calls, user);
    expect(sent.kilowatt_amounts[0]).toEqual(['500', '600', '700', '', '', '', '', '', '', '', '', '']);
  });

  it('asks which meter each file meter is for when the form has values, and warns on a likely duplicate', async () => {
    const same = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200];
    const { calls, user } = setup(
      () =>
        jsonResponse(
          usage({
            meters: [same, [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]],
            meter_labels: ['Meter 1', 'Service 0044-2'],
            months_found: [12, 12],
            interval_imports: [null, { id: 55, step_minutes: 15 }],
          }),
        ),
      { kilowatt_amounts: [same, same.map((value) => value * 3)], meters: [existing('Main building', year2024), existing('Warehouse')] },
    );
    const dialog = await importFile(user);
    const first = within(dialog.getByRole('region', { name: 'Meter 1 of the file' }));
    const second = within(dialog.getByRole('region', { name: 'Service 0044-2 of the file' }));
    const choice = first.getByLabelText('Which meter is it for?');
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'A new meter',
      'Main building (replacing its months)',
      'Warehouse (replacing its months)',
    ]);
    expect(first.getByText(/This looks like Main building, already in the form/)).toBeInTheDocument();
    expect(second.queryByText(/This looks like/)).not.toBeInTheDocument();
    expect(second.getByText('Interval data (15-minute) kept for the bill engine')).toBeInTheDocument();

    // Going over the meter it duplicates is a re-import, not a duplicate.
    await user.selectOptions(choice, 'Main building (replacing its months)');
    expect(first.queryByText(/This looks like/)).not.toBeInTheDocument();
    // Two file meters over one form meter is refused until one is moved.
    await user.selectOptions(second.getByLabelText('Which meter is it for?'), 'Main building (replacing its months)');
    expect(dialog.getByRole('alert')).toHaveTextContent('Two meters of the file go to Main building: choose another meter for one of them.');
    expect(dialog.getByRole('button', { name: 'Use these months' })).toBeDisabled();
    await user.selectOptions(second.getByLabelText('Which meter is it for?'), 'A new meter');
    await user.click(dialog.getByRole('button', { name: 'Use these months' }));

    const third = within(await screen.findByRole('group', { name: 'Meter 3' }));
    expect(third.getByLabelText('Meter name')).toHaveValue('Service 0044-2');
    expect(third.getByText('Interval data (15-minute) kept for the bill engine')).toBeInTheDocument();
    const sent = await savedProject(calls, user);
    expect(sent.meters.map((meter) => [meter.name, meter.interval_import_id])).toEqual([
      ['Main building', null],
      ['Warehouse', null],
      ['Service 0044-2', 55],
    ]);
    expect(sent.meters[2]!.months).toEqual(year2024);
    expect(sent.kilowatt_amounts[2]).toEqual(Array.from({ length: 12 }, () => '5'));
  });

  it('warns on the same months with totals within 1 % of a meter already there', async () => {
    const { user } = setup(() => jsonResponse(usage({ meters: [[1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1050]] })), {
      kilowatt_amounts: [[1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]],
      meters: [existing('Main building', year2024)],
    });
    const dialog = await importFile(user);
    expect(dialog.getByText(/This looks like Main building, already in the form \(the same months and usage\)/)).toBeInTheDocument();
  });

  it('says why a file cannot be read and keeps the form as it was', async () => {
    const { user } = setup(() =>
      jsonResponse({ error: { code: 'validation_failed', message: 'The file is not readable XML: Unclosed root tag.', fields: { file: 'The file is not readable XML: Unclosed root tag.' } } }, { status: 422 }),
    );
    await user.click(screen.getByRole('button', { name: 'Import usage' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import usage' }));
    await user.upload(dialog.getByLabelText('Green Button file'), new File(['<feed>'], 'broken.xml', { type: 'application/xml' }));
    expect(await dialog.findByText('The file could not be read.')).toBeInTheDocument();
    expect(dialog.getByText('The file is not readable XML: Unclosed root tag.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Use these months' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('group', { name: 'Meter 1' })).getByLabelText('Jan 2025, Month 1')).toHaveValue(null);
  });
});
