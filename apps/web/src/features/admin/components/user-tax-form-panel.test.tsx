import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { W9_CERTIFICATION_TEXT, type TaxForm } from '@sunin/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { Form1099Download } from './form-1099-download';
import { UserTaxFormPanel } from './user-tax-form-panel';

const form: TaxForm = {
  legal_name: 'Rivera Solar LLC',
  business_type: 'llc_p',
  tin_type: 'ein',
  tin_masked: '**-***4321',
  address_1: '12 Oak Ave',
  city: 'Fresno',
  state: 'CA',
  zip: '93701',
  certified_at: '2026-12-01T18:00:00.000Z',
  reviewed_at: null,
  reviewed_by_name: null,
  updated_at: '2026-12-01T18:00:00.000Z',
};

const renderPanel = () => {
  saveSession('jwt', buildUser({ account_type: 'admin', company_role: 'full_access_admin' }));
  return renderRoutes([{ path: '/', element: <UserTaxFormPanel userId={7} name="Rae Rivera" /> }]);
};

afterEach(() => toast.remove());

describe('the admin’s "Tax form (W-9)" panel (issue 38 item 1)', { timeout: 15_000 }, () => {
  it('shows the form masked and marks it reviewed after a confirmation', async () => {
    let current = form;
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.url.pathname === '/api/admin/users/7/tax_form/review') current = { ...form, reviewed_at: '2026-12-04T18:00:00.000Z', reviewed_by_name: 'Avery Admin' };
      return jsonResponse({ tax_form: current, certification_text: W9_CERTIFICATION_TEXT });
    });
    const { user } = renderPanel();
    expect(await screen.findByText('**-***4321')).toBeInTheDocument();
    expect(screen.getByText('LLC taxed as a partnership')).toBeInTheDocument();
    expect(screen.getByText('Not reviewed yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark reviewed' }));
    const dialog = await screen.findByRole('dialog', { name: "Mark Rae Rivera's W-9 reviewed?" });
    await user.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    expect(await screen.findByText('Reviewed by Avery Admin on December 4, 2026')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual(['/api/admin/users/7/tax_form/review']);
    expect(screen.queryByRole('button', { name: 'Mark reviewed' })).not.toBeInTheDocument();
  });

  it('says when the partner has given no form', async () => {
    stubFetch(() => jsonResponse({ tax_form: null, certification_text: W9_CERTIFICATION_TEXT }));
    renderPanel();
    expect(await screen.findByText(/Rae Rivera has not given a W-9 yet: no payout can be made to them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark reviewed' })).not.toBeInTheDocument();
  });
});

describe('the 1099 totals download (issue 38 item 5)', () => {
  it('offers last year by default and links the chosen year', async () => {
    const { user } = renderRoutes([{ path: '/', element: <Form1099Download now={new Date('2026-12-06T12:00:00Z')} /> }]);
    const year = screen.getByLabelText('1099 year');
    expect(year).toHaveValue('2025');
    expect(screen.getByRole('link', { name: 'Download 1099 totals' })).toHaveAttribute('href', '/api/admin/payouts/1099.csv?year=2025');
    await user.selectOptions(year, '2026');
    expect(screen.getByRole('link', { name: 'Download 1099 totals' })).toHaveAttribute('href', '/api/admin/payouts/1099.csv?year=2026');
  });
});
