import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultMeterMonths, MONTH_NAMES } from '@sunin/contract';
import { saveSession } from '../../../lib/session';
import { buildContact, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { NewProjectModal } from './new-project-modal';
import { CONTACT_STEP_MIN_MS } from './new-project-submit';
import { projectTabStorageKey } from './project-tab-memory';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open wizard
      </button>
      <NewProjectModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function renderWizard() {
  saveSession('jwt', buildUser());
  return renderRoutes(
    [
      { path: '/', element: <Harness /> },
      { path: '/projects/:id', element: <p>Project page</p> },
    ],
    { initialEntries: ['/'] },
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'New Project' });
const button = (name: string) => within(dialog()).getByRole('button', { name });
const queryButton = (name: string) => within(dialog()).queryByRole('button', { name });
const heading = () => within(dialog()).getByRole('heading', { name: /^Step \d of 4/ });
const dialogGone = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

afterEach(() => {
  localStorage.clear();
});

// Long user journeys (four steps typed in, then the submit): room for a loaded machine.
describe('New Project modal (member-app.md 2)', { timeout: 20_000 }, () => {
  it('moves between steps 0 to 3 with Next and Previous; Previous is hidden on step 0; Submit on step 3', async () => {
    stubFetch(() => jsonResponse([]));
    const { user } = renderWizard();

    expect(heading()).toHaveTextContent('Step 1 of 4: Company & Account');
    expect(queryButton('Previous')).not.toBeInTheDocument();
    expect(queryButton('Submit')).not.toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Company Name')).toBeInTheDocument();

    await user.click(button('Next'));
    expect(heading()).toHaveTextContent('Step 2 of 4: Property');
    expect(heading()).toHaveFocus();
    expect(within(dialog()).getByLabelText('Type of Roof')).toBeInTheDocument();

    await user.click(button('Next'));
    expect(heading()).toHaveTextContent('Step 3 of 4: Utility');
    await user.click(button('Next'));
    expect(heading()).toHaveTextContent('Step 4 of 4: Contacts');
    expect(button('Submit')).toBeInTheDocument();
    expect(queryButton('Next')).not.toBeInTheDocument();

    await user.click(button('Previous'));
    expect(heading()).toHaveTextContent('Step 3 of 4: Utility');
    expect(button('Cancel')).toBeInTheDocument();
  });

  it('Cancel resets every field and the step', async () => {
    stubFetch(() => jsonResponse([]));
    const { user } = renderWizard();
    await user.type(within(dialog()).getByLabelText('Company Name'), 'Sunny Foods');
    await user.click(button('Next'));
    await user.selectOptions(within(dialog()).getByLabelText('Type of Roof'), 'Metal Roofing');
    await user.click(button('Cancel'));
    await dialogGone();

    await user.click(screen.getByRole('button', { name: 'Open wizard' }));
    expect(heading()).toHaveTextContent('Step 1 of 4');
    expect(within(dialog()).getByLabelText('Company Name')).toHaveValue('');
    await user.click(button('Next'));
    expect(within(dialog()).getByLabelText('Type of Roof')).toHaveValue('');
  });

  it('closing with Escape keeps what was typed', async () => {
    stubFetch(() => jsonResponse([]));
    const { user } = renderWizard();
    await user.type(within(dialog()).getByLabelText('Company Name'), 'Sunny Foods');
    await user.keyboard('{Escape}');
    await dialogGone();
    await user.click(screen.getByRole('button', { name: 'Open wizard' }));
    expect(within(dialog()).getByLabelText('Company Name')).toHaveValue('Sunny Foods');
  });

  it('shows the shade description only when shade interference is Yes', async () => {
    stubFetch(() => jsonResponse([]));
    const { user } = renderWizard();
    await user.click(button('Next'));
    expect(within(dialog()).queryByLabelText('Shade Description')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog()).getByLabelText('Shade Interference'), 'Yes');
    expect(within(dialog()).getByLabelText('Shade Description')).toBeInTheDocument();
    await user.selectOptions(within(dialog()).getByLabelText('Shade Interference'), 'No');
    expect(within(dialog()).queryByLabelText('Shade Description')).not.toBeInTheDocument();
  });

  it('shows meters only when the power bill was received; each has Month 1..12 by calendar month; meters are added and removed', async () => {
    stubFetch(() => jsonResponse([]));
    const { user } = renderWizard();
    await user.click(button('Next'));
    await user.click(button('Next'));
    expect(within(dialog()).queryByRole('region', { name: 'Meters (kWh Only)' })).not.toBeInTheDocument();

    await user.selectOptions(within(dialog()).getByLabelText('Power Bill Received?'), 'Yes');
    const meters = within(dialog()).getByRole('region', { name: 'Meters (kWh Only)' });
    const meter1 = within(meters).getByRole('group', { name: 'Meter 1' });
    const months = within(meter1).getAllByRole('spinbutton');
    expect(months).toHaveLength(12);
    // Issue 35 item 1: labelled by calendar month, January to December of the reference year by default.
    expect(Array.from({ length: 12 }, (_, index) => within(meter1).getByLabelText(`${MONTH_NAMES[index]!.slice(0, 3)} 2025, Month ${index + 1}`))).toEqual(months);
    expect(within(meter1).getByText('Jan 2025')).toBeInTheDocument();
    expect(within(meter1).getByLabelText('Meter name')).toHaveValue('Meter 1');

    await user.click(within(meters).getByRole('button', { name: 'Add Meter' }));
    expect(within(meters).getAllByRole('group')).toHaveLength(2);
    await user.type(within(within(meters).getByRole('group', { name: 'Meter 2' })).getByLabelText('Mar 2025, Month 3'), '42');
    await user.click(within(meters).getByRole('button', { name: 'Remove Meter 1' }));
    const remaining = within(meters).getAllByRole('group');
    expect(remaining).toHaveLength(1);
    // The former Meter 2 is now Meter 1 and kept its reading.
    expect(within(within(meters).getByRole('group', { name: 'Meter 1' })).getByLabelText('Mar 2025, Month 3')).toHaveValue(42);

    await user.selectOptions(within(dialog()).getByLabelText('Power Bill Received?'), 'No');
    expect(within(dialog()).queryByRole('region', { name: 'Meters (kWh Only)' })).not.toBeInTheDocument();
  });

  it("offers each meter the tariffs of the state typed in step 1, and the profile and start month (issue 35 item 1)", async () => {
    const tariff = { id: 12, name: 'TOU-GS-2', utility: 'Southern California Edison', state: 'CA', effective_date: '2025-01-01', source: '', customer_charge_usd: 100, periods: [], energy_rates: [{ period: null, usd_per_kwh: 0.2 }], demand_charges: [], export_credit: 'net_billing', export_rate_usd_per_kwh: 0.05, example: true, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
    const calls = stubFetch(({ url }) => (url.pathname === '/api/tariffs' ? jsonResponse({ tariffs: [tariff] }) : jsonResponse([])));
    const { user } = renderWizard();
    await user.type(within(dialog()).getByLabelText('State'), 'California');
    await user.click(button('Next'));
    await user.click(button('Next'));
    await user.selectOptions(within(dialog()).getByLabelText('Power Bill Received?'), 'Yes');
    const meter1 = within(within(dialog()).getByRole('group', { name: 'Meter 1' }));
    await waitFor(() => expect(within(meter1.getByLabelText('Tariff')).getAllByRole('option')).toHaveLength(2));
    expect(within(meter1.getByLabelText('Tariff')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No tariff (use the average rate)',
      'TOU-GS-2, Southern California Edison (Example)',
    ]);
    expect(calls.find((call) => call.url.pathname === '/api/tariffs')!.url.searchParams.get('state')).toBe('CA');
    await user.selectOptions(meter1.getByLabelText('Starts'), 'March 2024');
    expect(meter1.getByLabelText('Feb 2025, Month 12')).toBeInTheDocument();
  });

  it('strips everything but digits and dots from the average bill, shown after a $', async () => {
    stubFetch(() => jsonResponse([]));
    const { user } = renderWizard();
    await user.click(button('Next'));
    await user.click(button('Next'));
    const bill = within(dialog()).getByLabelText('Average Monthly Power Bill Cost');
    await user.type(bill, '$1,2a34.5x');
    expect(bill).toHaveValue('1234.5');
    expect(bill.parentElement).toHaveTextContent('$');
  });

  it('keeps one decimal point and at most two decimals in the average bill; a dangling dot goes on leaving the field', async () => {
    stubFetch(() => jsonResponse([]));
    const { user } = renderWizard();
    await user.click(button('Next'));
    await user.click(button('Next'));
    const bill = within(dialog()).getByLabelText('Average Monthly Power Bill Cost');
    await user.type(bill, '1.250.00');
    expect(bill).toHaveValue('1.25');
    await user.clear(bill);
    await user.type(bill, '1250.');
    expect(bill).toHaveValue('1250.');
    await user.tab();
    expect(bill).toHaveValue('1250');
  });

  it('always keeps one contact; remove is offered only with more than one; email and tel inputs', async () => {
    stubFetch(() => jsonResponse([]));
    const { user } = renderWizard();
    for (let index = 0; index < 3; index += 1) await user.click(button('Next'));
    expect(within(dialog()).getAllByRole('group', { name: /^Contact \d$/ })).toHaveLength(1);
    expect(queryButton('Remove Contact 1')).not.toBeInTheDocument();
    const contact1 = within(dialog()).getByRole('group', { name: 'Contact 1' });
    expect(within(contact1).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(contact1).getByLabelText('Phone Number')).toHaveAttribute('type', 'tel');

    await user.click(button('Add Contact'));
    expect(within(dialog()).getAllByRole('group', { name: /^Contact \d$/ })).toHaveLength(2);
    await user.click(button('Remove Contact 2'));
    expect(within(dialog()).getAllByRole('group', { name: /^Contact \d$/ })).toHaveLength(1);
    expect(queryButton('Remove Contact 1')).not.toBeInTheDocument();
  });

  it('submits: one POST /projects, then one POST per contact, with the progress texts and pauses of member-app.md 4, then opens the project', async () => {
    const projectAnswer = deferred<Response>();
    const contactAnswers = [deferred<Response>(), deferred<Response>()];
    let contactCalls = 0;
    const calls = stubFetch(({ url, method }) => {
      if (method === 'POST' && url.pathname === '/api/projects') return projectAnswer.promise;
      if (method === 'POST' && url.pathname === '/api/projects/42/contacts') return contactAnswers[contactCalls++]!.promise;
      return jsonResponse([]);
    });
    const { user, router } = renderWizard();
    const field = (label: string, scope: HTMLElement = dialog()) => within(scope).getByLabelText(label);

    await user.type(field('Company Name'), 'Sunny Foods');
    await user.type(field('City'), 'Austin');
    await user.click(button('Next'));
    await user.selectOptions(field('Shade Interference'), 'Yes');
    await user.type(field('Shade Description'), 'Oak tree');
    await user.selectOptions(field('Type of Roof'), 'Flat Roof');
    await user.click(button('Next'));
    await user.type(field('Utility Company'), 'Austin Energy');
    await user.selectOptions(field('Power Bill Received?'), 'Yes');
    await user.type(field('Average Monthly Power Bill Cost'), '1,250.50');
    const meter1 = within(dialog()).getByRole('group', { name: 'Meter 1' });
    await user.type(within(meter1).getByLabelText('Jan 2025, Month 1'), '100');
    await user.type(within(meter1).getByLabelText('Dec 2025, Month 12'), '20');
    await user.click(button('Next'));
    const contact1 = within(dialog()).getByRole('group', { name: 'Contact 1' });
    await user.type(within(contact1).getByLabelText('First Name'), 'Jamie');
    await user.type(within(contact1).getByLabelText('Email'), 'jamie@sunny.example');
    await user.click(button('Add Contact'));
    await user.type(within(within(dialog()).getByRole('group', { name: 'Contact 2' })).getByLabelText('First Name'), 'Rob');

    vi.useFakeTimers();
    const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
    const progress = () => within(dialog()).getByRole('progressbar');
    fireEvent.click(button('Submit'));
    await flush();

    expect(within(dialog()).getByText('Uploading project info...')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '20');
    expect(queryButton('Previous')).not.toBeInTheDocument();
    expect(button('Cancel')).toBeInTheDocument();

    projectAnswer.resolve(jsonResponse({ projectId: 42 }, { status: 201 }));
    await flush();
    expect(within(dialog()).getByText('Uploading utility info...')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '40');
    expect(calls.filter((call) => call.url.pathname.endsWith('/contacts'))).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(500));
    // Issue 14 item 5: the 60 % 'Uploading contacts...' step is on screen while the first
    // contact is sent, the contact being sent under it.
    expect(within(dialog()).getByText('Uploading contacts...')).toBeInTheDocument();
    expect(within(dialog()).getByText('Uploading contacts 1/2...')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '60');
    const steps = within(dialog()).getByRole('list', { name: 'Submission steps' });
    expect(within(steps).getByText('Contacts').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(steps).getByText('Utility info').closest('li')).toHaveTextContent('(done)');

    contactAnswers[0]!.resolve(jsonResponse(buildContact({ id: 1 }), { status: 201 }));
    await flush();
    // Issue 34 item 7: a contact answered at once still leaves its line up long enough to be read.
    expect(within(dialog()).getByText('Uploading contacts 1/2...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CONTACT_STEP_MIN_MS));
    expect(within(dialog()).getByText('Uploading contacts...')).toBeInTheDocument();
    expect(within(dialog()).getByText('Uploading contacts 2/2...')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '80');

    contactAnswers[1]!.resolve(jsonResponse(buildContact({ id: 2 }), { status: 201 }));
    await flush();
    expect(within(dialog()).getByText('Uploading contacts 2/2...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CONTACT_STEP_MIN_MS));
    expect(within(dialog()).getByText('Finalizing project...')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '95');

    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(within(dialog()).getByText('Project created successfully! Redirecting...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(router.state.location.pathname).toBe('/');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/projects/42');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const writes = calls.filter((call: FetchCall) => call.method === 'POST');
    expect(writes.map((call) => call.url.pathname)).toEqual(['/api/projects', '/api/projects/42/contacts', '/api/projects/42/contacts']);
    expect(writes[0]!.headers.get('Authorization')).toBe('Bearer jwt');
    expect(writes[0]!.body).toEqual({
      project: {
        project_stage: 'Project Initiation',
        company_name: 'Sunny Foods',
        address_1: '',
        address_2: '',
        city: 'Austin',
        state: '',
        zip: '',
        shade_interference: 'Yes',
        shade_interference_details: 'Oak tree',
        type_of_roof: 'Flat Roof',
        age_of_roof: '',
        roof_description: '',
        utility_company: 'Austin Energy',
        utility_account_holder: '',
        utility_account_number: '',
        main_panel_amperage: '',
        main_meter_number: '',
        power_bill_received_status: 'Yes',
        average_monthly_power_bill_cost: '1250.50',
        additional_utility_notes: '',
        kilowatt_amounts: [['100', '', '', '', '', '', '', '', '', '', '', '20']],
        meters: [{ name: 'Meter 1', tariff_id: null, load_profile: 'office', months: defaultMeterMonths(), interval_import_id: null }],
      },
    });
    expect(writes[1]!.body).toEqual({
      contact: {
        contact_first_name: 'Jamie',
        contact_last_name: '',
        contact_title: '',
        contact_email: 'jamie@sunny.example',
        contact_phone_number: '',
        contact_notes: '',
        project_id: 42,
      },
    });
    expect((writes[2]!.body as { contact: { contact_first_name: string } }).contact.contact_first_name).toBe('Rob');

  });

  it('Cancel while the project request is on its way: sends nothing more, then says the project exists, with a link (issue 14 item 4)', async () => {
    const projectAnswer = deferred<Response>();
    const calls = stubFetch(({ url, method }) => {
      if (method === 'POST' && url.pathname === '/api/projects') return projectAnswer.promise;
      return jsonResponse(buildContact(), { status: 201 });
    });
    const { user, router } = renderWizard();
    await user.type(within(dialog()).getByLabelText('Company Name'), 'Sunny Foods');
    for (let index = 0; index < 3; index += 1) await user.click(button('Next'));
    await user.type(within(dialog()).getByLabelText('First Name'), 'Jamie');
    await user.click(button('Submit'));
    expect(await within(dialog()).findByText('Uploading project info...')).toBeInTheDocument();

    await user.click(button('Cancel'));
    // The request already sent cannot be taken back: the modal waits for its answer.
    expect(within(dialog()).getByText(/^Stopping…/)).toBeInTheDocument();
    projectAnswer.resolve(jsonResponse({ projectId: 42 }, { status: 201 }));

    expect(await within(dialog()).findByText('Submission cancelled')).toBeInTheDocument();
    expect(within(dialog()).getByText('The project “Sunny Foods” had already been created when you cancelled, with 0 of 1 contacts. Open it to add the missing ones.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual(['/api/projects']);

    await user.click(within(dialog()).getByRole('link', { name: 'Open the project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/42'));
    expect(localStorage.getItem(projectTabStorageKey(42))).toBe('contacts');
  });

  it('offers to delete the project a Cancel came too late to stop, and says when it is gone (issue 34 item 7)', async () => {
    const projectAnswer = deferred<Response>();
    const calls = stubFetch(({ url, method }) => {
      if (method === 'POST' && url.pathname === '/api/projects') return projectAnswer.promise;
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return jsonResponse([]);
    });
    const { user } = renderWizard();
    await user.type(within(dialog()).getByLabelText('Company Name'), 'Sunny Foods');
    for (let index = 0; index < 3; index += 1) await user.click(button('Next'));
    await user.click(button('Submit'));
    await user.click(button('Cancel'));
    projectAnswer.resolve(jsonResponse({ projectId: 42 }, { status: 201 }));

    expect(await within(dialog()).findByText('Submission cancelled')).toBeInTheDocument();
    await user.click(button('Delete the project'));
    expect(await within(dialog()).findByText('The project “Sunny Foods” and its contacts were deleted. Nothing of this submission remains.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual(['/api/projects/42']);
    expect(within(dialog()).queryByRole('link', { name: 'Open the project' })).not.toBeInTheDocument();
    await user.click(button('Close'));
    await dialogGone();
  });

  it("shows the server's reason when the project cannot be deleted, and keeps the link to it", async () => {
    const contactAnswer = deferred<Response>();
    stubFetch(({ url, method }) => {
      if (method === 'POST' && url.pathname === '/api/projects') return jsonResponse({ projectId: 42 }, { status: 201 });
      if (method === 'DELETE') return jsonResponse({ error: { code: 'rule_broken', message: 'Ask our team to archive it instead.' } }, { status: 422 });
      return contactAnswer.promise;
    });
    const { user } = renderWizard();
    for (let index = 0; index < 3; index += 1) await user.click(button('Next'));
    await user.type(within(dialog()).getByLabelText('First Name'), 'Jamie');
    await user.click(button('Submit'));
    expect(await within(dialog()).findByText('Uploading contacts 1/1...', {}, { timeout: 3000 })).toBeInTheDocument();
    await user.click(button('Cancel'));
    contactAnswer.resolve(jsonResponse(buildContact({ id: 1 }), { status: 201 }));
    expect(await within(dialog()).findByText('Submission cancelled')).toBeInTheDocument();
    await user.click(button('Delete the project'));
    expect(await within(dialog()).findByText('Ask our team to archive it instead.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('link', { name: 'Open the project' })).toHaveAttribute('href', '/projects/42');
  });

  it('Cancel between contacts stops the rest; Close ends the notice and the wizard starts empty', async () => {
    const contactAnswer = deferred<Response>();
    const calls = stubFetch(({ url, method }) => {
      if (method === 'POST' && url.pathname === '/api/projects') return jsonResponse({ projectId: 7 }, { status: 201 });
      return contactAnswer.promise;
    });
    const { user, router } = renderWizard();
    for (let index = 0; index < 3; index += 1) await user.click(button('Next'));
    await user.type(within(dialog()).getByLabelText('First Name'), 'Jamie');
    await user.click(button('Add Contact'));
    await user.type(within(within(dialog()).getByRole('group', { name: 'Contact 2' })).getByLabelText('First Name'), 'Rob');
    await user.click(button('Submit'));
    expect(await within(dialog()).findByText('Uploading contacts 1/2...', {}, { timeout: 3000 })).toBeInTheDocument();

    await user.click(button('Cancel'));
    contactAnswer.resolve(jsonResponse(buildContact({ id: 1 }), { status: 201 }));
    expect(await within(dialog()).findByText(/with 1 of 2 contacts/)).toBeInTheDocument();
    expect(within(dialog()).getByText(/“Untitled project”/)).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/projects/7/contacts')).toHaveLength(1);

    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await dialogGone();
    expect(router.state.location.pathname).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Open wizard' }));
    expect(heading()).toHaveTextContent('Step 1 of 4');
  });

  it('Cancel when the project request then fails closes quietly: nothing was created', async () => {
    const projectAnswer = deferred<Response>();
    stubFetch(() => projectAnswer.promise);
    const { user } = renderWizard();
    for (let index = 0; index < 3; index += 1) await user.click(button('Next'));
    await user.click(button('Submit'));
    await user.click(button('Cancel'));
    projectAnswer.resolve(jsonResponse({ error: { code: 'internal', message: 'x' } }, { status: 500 }));
    await dialogGone();
  });

  it('alerts "Project creation failed. Error: " with the message, clears the progress and keeps the fields', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    stubFetch(({ method }) =>
      method === 'POST'
        ? jsonResponse({ error: { code: 'payment_required', message: 'An active Sales Partner subscription is required to do that.' } }, { status: 402 })
        : jsonResponse([]),
    );
    const { user, router } = renderWizard();
    await user.type(within(dialog()).getByLabelText('Company Name'), 'Sunny Foods');
    for (let index = 0; index < 3; index += 1) await user.click(button('Next'));
    await user.click(button('Submit'));

    await vi.waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Project creation failed. Error: An active Sales Partner subscription is required to do that.'),
    );
    expect(within(dialog()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(heading()).toHaveTextContent('Step 4 of 4: Contacts');
    await user.click(button('Previous'));
    await user.click(button('Previous'));
    await user.click(button('Previous'));
    expect(within(dialog()).getByLabelText('Company Name')).toHaveValue('Sunny Foods');
    expect(router.state.location.pathname).toBe('/');
    alert.mockRestore();
  });

  it('when the project was created but a contact failed, alerts and opens the project on its contacts tab', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    stubFetch(({ url, method }) => {
      if (method === 'POST' && url.pathname === '/api/projects') return jsonResponse({ projectId: 9 }, { status: 201 });
      if (method === 'POST') return jsonResponse({ error: { code: 'validation_failed', message: 'Please enter a valid email address.' } }, { status: 422 });
      return jsonResponse([]);
    });
    const { user, router } = renderWizard();
    for (let index = 0; index < 3; index += 1) await user.click(button('Next'));
    await user.type(within(dialog()).getByLabelText('Email'), 'not-an-email');
    await user.click(button('Submit'));

    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Project creation failed. Error: Please enter a valid email address.'), { timeout: 3000 });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/projects/9'));
    expect(localStorage.getItem(projectTabStorageKey(9))).toBe('contacts');
    alert.mockRestore();
  });

  it('sends no contact request for a contact left completely blank', async () => {
    const calls = stubFetch(({ method }) => (method === 'POST' ? jsonResponse({ projectId: 5 }, { status: 201 }) : jsonResponse([])));
    const { user, router } = renderWizard();
    for (let index = 0; index < 3; index += 1) await user.click(button('Next'));
    await user.click(button('Submit'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/projects/5'), { timeout: 4000 });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual(['/api/projects']);
  });
});
