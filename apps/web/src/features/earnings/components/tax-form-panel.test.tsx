import { screen, waitFor, within } from '@testing-library/react';
import { W9_CERTIFICATION_TEXT, type TaxForm, type TaxFormBody } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { CERTIFY_LABEL, NO_TAX_FORM_MESSAGE, TaxFormPanel } from './tax-form-panel';

const TIN = '521-47-3906';
const saved: TaxForm = {
  legal_name: 'Jordan Rivera',
  business_type: 'individual',
  tin_type: 'ssn',
  tin_masked: '***-**-3906',
  address_1: '12 Oak Ave',
  city: 'Fresno',
  state: 'CA',
  zip: '93701',
  certified_at: '2026-12-01T18:00:00.000Z',
  reviewed_at: null,
  reviewed_by_name: null,
  updated_at: '2026-12-01T18:00:00.000Z',
};

/** The API: GET answers `current`; PUT answers `put` (the saved form by default) and makes it current. */
function stubApi({ current = null as TaxForm | null, put }: { current?: TaxForm | null; put?: (call: FetchCall) => Response } = {}) {
  let form = current;
  return stubFetch((call) => {
    if (call.url.pathname !== '/api/user/tax_form') return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    if (call.method === 'PUT') {
      const res = put?.(call);
      if (res) return res;
      form = saved;
    }
    return jsonResponse({ tax_form: form, certification_text: W9_CERTIFICATION_TEXT });
  });
}

const render = () => renderRoutes([{ path: '/', element: <TaxFormPanel /> }]);

async function fillIn(user: ReturnType<typeof render>['user'], { certify = true } = {}) {
  await user.type(screen.getByLabelText('Legal name'), 'Jordan Rivera');
  await user.selectOptions(screen.getByLabelText('Federal tax classification'), 'individual');
  await user.click(screen.getByRole('radio', { name: 'Social security number (SSN)' }));
  await user.type(screen.getByLabelText('Taxpayer identification number'), TIN);
  await user.type(screen.getByLabelText('Street address'), '12 Oak Ave');
  await user.type(screen.getByLabelText('City'), 'Fresno');
  await user.selectOptions(screen.getByLabelText('State'), 'CA');
  await user.type(screen.getByLabelText('ZIP code'), '93701');
  if (certify) await user.click(screen.getByRole('checkbox', { name: CERTIFY_LABEL }));
}

describe('Tax information (W-9) on /earnings (issue 38 item 1)', { timeout: 30_000 }, () => {
  it('says no payout can be made without a form, and shows the form with the certification in full', async () => {
    stubApi();
    render();
    expect(await screen.findByText(NO_TAX_FORM_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tax information (W-9)' })).toBeInTheDocument();
    expect(screen.getByText(W9_CERTIFICATION_TEXT)).toBeInTheDocument();
    const tin = screen.getByLabelText('Taxpayer identification number');
    expect(tin).toHaveAttribute('type', 'text');
    expect(tin).toHaveAttribute('inputmode', 'numeric');
    expect(tin).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByRole('checkbox', { name: CERTIFY_LABEL })).toBeRequired();
    expect(screen.getByRole('option', { name: 'LLC taxed as a partnership' })).toBeInTheDocument();
  });

  it('says what is wrong beside each field before sending anything: a repeated-digit TIN, no certification, a short ZIP', async () => {
    const calls = stubApi();
    const { user } = render();
    await screen.findByText(NO_TAX_FORM_MESSAGE);
    await fillIn(user, { certify: false });
    const tin = screen.getByLabelText('Taxpayer identification number');
    await user.clear(tin);
    await user.type(tin, '111-11-1111');
    await user.clear(screen.getByLabelText('ZIP code'));
    await user.type(screen.getByLabelText('ZIP code'), '937');
    await user.click(screen.getByRole('button', { name: 'Sign and save W-9' }));
    expect(await screen.findByText('The SSN cannot be one digit repeated.')).toBeInTheDocument();
    expect(tin).toHaveAccessibleDescription('The SSN cannot be one digit repeated.');
    expect(screen.getByText('Certify the form: tick the certification to sign it.')).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('The ZIP code is five digits, or ZIP+4 (12345-6789).');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('shows the server’s field messages under their fields', async () => {
    stubApi({ put: () => jsonResponse({ error: { code: 'validation_failed', message: 'Check the form.', fields: { tin: 'This is not a valid SSN.' } } }, { status: 422 }) });
    const { user } = render();
    await screen.findByText(NO_TAX_FORM_MESSAGE);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign and save W-9' }));
    expect(await screen.findByText('This is not a valid SSN.')).toBeInTheDocument();
    expect(screen.getByLabelText('Taxpayer identification number')).toHaveAccessibleDescription('This is not a valid SSN.');
    // The signature is given again for the next try.
    expect(screen.getByRole('checkbox', { name: CERTIFY_LABEL })).not.toBeChecked();
  });

  it('sends the form once, then shows it masked and keeps the TIN nowhere: not on the page, not in the query cache', async () => {
    const calls = stubApi();
    const { user, queryClient, container } = render();
    await screen.findByText(NO_TAX_FORM_MESSAGE);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign and save W-9' }));
    expect(await screen.findByText('***-**-3906')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect((put.body as TaxFormBody).tax_form).toMatchObject({ tin: TIN, tin_type: 'ssn', certified: true, state: 'CA', business_type: 'individual' });

    expect(screen.queryByText(NO_TAX_FORM_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByText('Not reviewed yet')).toBeInTheDocument();
    expect(screen.getByText('December 1, 2026')).toBeInTheDocument();
    expect(screen.queryByLabelText('Taxpayer identification number')).not.toBeInTheDocument();
    expect(container.innerHTML).not.toContain('521-47');
    expect(container.innerHTML).not.toContain('521473906');
    const cached = JSON.stringify([queryClient.getQueryCache().getAll().map((query) => query.state.data), queryClient.getMutationCache().getAll().map((mutation) => mutation.state)]);
    expect(cached).toContain('***-**-3906');
    expect(cached).not.toContain('521-47');
  });

  it('shows a saved form masked with its review, and Update asks for the whole TIN again', async () => {
    stubApi({ current: { ...saved, reviewed_at: '2026-12-03T18:00:00.000Z', reviewed_by_name: 'Avery Admin' } });
    const { user } = render();
    const summary = (await screen.findByText('***-**-3906')).closest('dl')!;
    expect(within(summary).getByText('Reviewed by Avery Admin on December 3, 2026')).toBeInTheDocument();
    expect(within(summary).getByText('12 Oak Ave, Fresno, CA 93701')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByLabelText('Legal name')).toHaveValue('Jordan Rivera');
    expect(screen.getByLabelText('Taxpayer identification number')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: CERTIFY_LABEL })).not.toBeChecked();
    expect(screen.queryByText(NO_TAX_FORM_MESSAGE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument());
  });

  it('says when the form could not be loaded', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 }));
    render();
    expect(await screen.findByText('Your tax information could not be loaded.')).toBeInTheDocument();
  });
});
