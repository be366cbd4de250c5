import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import { FREE_ESTIMATE_TITLE, LEAD_MESSAGES } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { FreeEstimatePage } from './free-estimate-page';

type Answer = (call: FetchCall) => Response;

/** The public lead API: a fresh token per GET; `onLead` and `onFile` answer the POSTs. */
function stubLeadApi({ onLead = () => jsonResponse({ upload_token: 'up-1' }, { status: 201 }), onFile = () => jsonResponse({ months_found: 12, meters: 1 }, { status: 201 }) }: { onLead?: Answer; onFile?: Answer } = {}) {
  let tokens = 0;
  return stubFetch((call) => {
    if (call.url.pathname === '/api/public/lead_form') return jsonResponse({ form_token: `form-${++tokens}`, min_seconds: 3 });
    if (call.url.pathname === '/api/public/leads') return onLead(call);
    if (call.url.pathname === '/api/public/leads/usage_file') return onFile(call);
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
}

function renderPage() {
  return renderRoutes([{ path: '/free-estimate', element: <FreeEstimatePage /> }], { initialEntries: ['/free-estimate'] });
}

type User = ReturnType<typeof renderPage>['user'];

async function fillIn(user: User, form: HTMLElement) {
  const field = (label: string) => within(form).getByLabelText(label);
  await user.type(field('Company name'), 'Harbor Cold Storage');
  await user.type(field('Site street address'), '500 Dock Rd');
  await user.type(field('City'), 'Austin');
  await user.selectOptions(field('State'), 'TX');
  await user.type(field('ZIP code'), '78702');
  await user.type(field('Contact name'), 'Dana Owner');
  await user.type(field('Email'), 'Dana@Harbor.example');
  await user.type(field('Phone'), '(512) 555-0188');
  await user.type(field('Utility company'), 'Austin Energy');
  await user.type(field('Average monthly bill ($)'), '$1,250.50');
}

const sendButton = () => screen.getByRole('button', { name: 'Get my free estimate' });

describe('/free-estimate (issue 39 item 2)', { timeout: 30_000 }, () => {
  it('asks for a form token on arrival, without the session token, and labels every field (axe finds nothing)', async () => {
    saveSession('jwt-partner', buildUser());
    const calls = stubLeadApi();
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: FREE_ESTIMATE_TITLE })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/public/lead_form')).toHaveLength(1));
    expect(calls[0]!.headers.get('Authorization')).toBeNull();
    expect(document.title).toBe(`${FREE_ESTIMATE_TITLE} · SunIn`);

    const form = screen.getByRole('form', { name: FREE_ESTIMATE_TITLE });
    for (const label of ['Company name', 'Site street address', 'City', 'State', 'ZIP code', 'Contact name', 'Email', 'Phone', 'Utility company', 'Average monthly bill ($)', 'Green Button usage file']) {
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(form).getByLabelText('Green Button usage file')).toHaveAccessibleDescription(/Download My Data/);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('has a honeypot people never meet: off screen, out of the tab order and the accessibility tree, never autofilled', async () => {
    stubLeadApi();
    const { container } = renderPage();
    await screen.findByRole('form', { name: FREE_ESTIMATE_TITLE });
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website_url"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(honeypot!.parentElement).toHaveClass('absolute', '-left-[10000px]', 'overflow-hidden');
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
  });

  it('checks the fields with the contract before sending: each message beside its field, the first one focused', async () => {
    const calls = stubLeadApi();
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: FREE_ESTIMATE_TITLE });
    await waitFor(() => expect(sendButton()).toBeEnabled());
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.type(within(form).getByLabelText('Phone'), '555');
    await user.type(within(form).getByLabelText('Average monthly bill ($)'), '0');
    await user.click(sendButton());

    expect(await within(form).findByRole('alert')).toHaveTextContent('Please check the fields marked below.');
    expect(within(form).getByLabelText('Company name')).toHaveAccessibleDescription('Give the company name.');
    expect(within(form).getByLabelText('Company name')).toHaveFocus();
    expect(within(form).getByLabelText('State')).toHaveAccessibleDescription('Choose the state.');
    expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('Give a valid email address.');
    expect(within(form).getByLabelText('Phone')).toHaveAccessibleDescription('Give a 10-digit US phone number.');
    expect(within(form).getByLabelText('Average monthly bill ($)')).toHaveAccessibleDescription('The average monthly bill must be more than $0.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the lead with its token and the empty honeypot, then the usage file with the upload token, and says thank you', async () => {
    const calls = stubLeadApi();
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: FREE_ESTIMATE_TITLE });
    await fillIn(user, form);
    const file = new File(['<feed/>'], 'green-button.xml', { type: 'application/xml' });
    await user.upload(within(form).getByLabelText('Green Button usage file'), file);
    await user.click(sendButton());

    // The heading appears in one render and takes focus in an effect after it.
    const heading = await screen.findByRole('heading', { name: 'Thank you, Dana Owner!' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/We will email you at Dana@Harbor.example with your free solar savings estimate/)).toBeInTheDocument();
    expect(screen.getByText('Your usage file is attached to your request.')).toBeInTheDocument();

    const lead = calls.find((call) => call.url.pathname === '/api/public/leads');
    expect(lead?.headers.get('Authorization')).toBeNull();
    expect(lead?.body).toEqual({
      lead: {
        company_name: 'Harbor Cold Storage',
        address_1: '500 Dock Rd',
        city: 'Austin',
        state: 'TX',
        zip: '78702',
        contact_name: 'Dana Owner',
        email: 'Dana@Harbor.example',
        phone: '(512) 555-0188',
        utility_company: 'Austin Energy',
        average_monthly_bill: 1250.5,
      },
      form_token: 'form-1',
      website_url: '',
    });
    const upload = calls.find((call) => call.url.pathname === '/api/public/leads/usage_file');
    expect(upload?.method).toBe('POST');
    const body = upload?.body as FormData;
    expect(body.get('upload_token')).toBe('up-1');
    expect((body.get('file') as File).name).toBe('green-button.xml');
    // The file goes after the lead exists, never before.
    expect(calls.indexOf(upload!)).toBeGreaterThan(calls.indexOf(lead!));
  });

  it('sends no file request when none was chosen, and says so when the file is refused after the lead was made', async () => {
    let calls = stubLeadApi();
    let view = renderPage();
    await fillIn(view.user, await screen.findByRole('form', { name: FREE_ESTIMATE_TITLE }));
    await view.user.click(sendButton());
    expect(await screen.findByRole('heading', { name: 'Thank you, Dana Owner!' })).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/public/leads/usage_file')).toBe(false);
    view.unmount();

    calls = stubLeadApi({ onFile: () => jsonResponse({ error: { code: 'validation_failed', message: 'The file is not a Green Button file.' } }, { status: 422 }) });
    view = renderPage();
    const form = await screen.findByRole('form', { name: FREE_ESTIMATE_TITLE });
    await fillIn(view.user, form);
    await view.user.upload(within(form).getByLabelText('Green Button usage file'), new File(['x'], 'bill.csv', { type: 'text/csv' }));
    await view.user.click(sendButton());
    expect(await screen.findByText(/Your request is in, but the usage file could not be attached: The file is not a Green Button file\./)).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/public/leads')).toHaveLength(1);
  });

  it('shows 429 and form_refused at the top (a fresh token is fetched for the next try), and 422 field messages beside their fields', async () => {
    const answers: Response[] = [
      jsonResponse({ error: { code: 'rate_limited', message: LEAD_MESSAGES.tooManyForms } }, { status: 429 }),
      jsonResponse({ error: { code: 'form_refused', message: LEAD_MESSAGES.formRefused } }, { status: 422 }),
      jsonResponse({ error: { code: 'validation_failed', message: 'Give the utility company.', fields: { utility_company: 'Give the utility company.' } } }, { status: 422 }),
    ];
    const calls = stubLeadApi({ onLead: () => answers.shift()! });
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: FREE_ESTIMATE_TITLE });
    await fillIn(user, form);

    await user.click(sendButton());
    expect(await within(form).findByRole('alert')).toHaveTextContent(LEAD_MESSAGES.tooManyForms);

    await user.click(sendButton());
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(LEAD_MESSAGES.formRefused));
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/public/lead_form')).toHaveLength(2));

    await user.click(sendButton());
    await waitFor(() => expect(within(form).getByLabelText('Utility company')).toHaveAccessibleDescription('Give the utility company.'));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please check the fields marked below.');
    expect(within(form).getByLabelText('Utility company')).toHaveFocus();
    // The last try carried the token fetched after the refusal.
    const sent = calls.filter((call) => call.url.pathname === '/api/public/leads').map((call) => (call.body as { form_token: string }).form_token);
    expect(sent).toEqual(['form-1', 'form-1', 'form-2']);
    expect(within(form).getByLabelText('Company name')).toHaveValue('Harbor Cold Storage');
  });
});
