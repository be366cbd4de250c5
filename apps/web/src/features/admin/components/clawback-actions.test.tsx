import { screen, within } from '@testing-library/react';
import { DEFAULT_PAYOUT_SETTINGS, type DealResponse, type EarningEntry, type Earnings, type PayoutSettings, type Project } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { buildEarningEntry, buildEarnings } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth } from '../../../lib/test-utils';
import { PayoutSettingsPage } from '../routes/payout-settings-page';
import { DealPanel } from './deal-panel';
import { UserEarningsPanel } from './user-earnings-panel';

const project = { id: 31, company_name: 'Harbor Cold Storage', owner_name: 'Sam Sales', project_stage: 'Project Completion' } as Project;
const paid: EarningEntry = buildEarningEntry();
const clawback: EarningEntry = { ...paid, id: 9, kind: 'clawback', share_rate: null, net_profit_usd: null, amount_usd: -6000, status: 'expected', reason: 'Deal cancelled: Customer backed out', payout_id: null, clawback_until: null, applies_at: '2026-12-13T12:00:00.000Z' };
const standing: DealResponse = { deal: { project_id: 31, contract_value_usd: 100_000, net_profit_usd: 10_000, recorded_by_name: 'Avery Admin', updated_at: '2026-11-01T12:00:00.000Z', entry: paid, cancelled_at: null, cancel_reason: null, clawback: null }, share_rate: 0.6 };
const cancelled: DealResponse = { ...standing, deal: { ...standing.deal!, cancelled_at: '2026-12-06T12:00:00.000Z', cancel_reason: 'Customer backed out', clawback } };

describe('Cancel deal (issue 38 item 4)', { timeout: 30_000 }, () => {
  it('asks for the reason, says the paid entry is clawed back, and then shows the deal cancelled with its clawback', async () => {
    let current = standing;
    const calls = stubFetch(({ url }) => {
      if (url.pathname.endsWith('/deal/cancel')) current = cancelled;
      return jsonResponse(current);
    });
    const { user } = renderRoutes([{ path: '/', element: <DealPanel project={project} /> }]);
    await user.click(await screen.findByRole('button', { name: 'Cancel deal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this deal?' });
    expect(dialog).toHaveTextContent('Sam Sales was paid $6,000.00 on it: inside the clawback window it is clawed back');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel deal' }));
    expect(await within(dialog).findByText('Give the reason.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Customer backed out');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel deal' }));
    expect(await screen.findByText('Deal cancelled. $6,000.00 will be clawed back.')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/admin/projects/31/deal/cancel');
    expect(post.body).toEqual({ reason: 'Customer backed out' });
    expect(await screen.findByText(/Deal cancelled on .*: Customer backed out/)).toBeInTheDocument();
    expect(screen.getByText('Clawback of $6,000.00: Deal cancelled: Customer backed out. Applies on December 13, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save correction' })).not.toBeInTheDocument();
  });
});

const ledger = (entries: EarningEntry[]): Earnings =>
  buildEarnings({ entries, totals: { expected_usd: 0, approved_usd: 0, paid_usd: 6000, payable_usd: 0 }, next_tier: null, at_risk: { amount_usd: 6000, until: '2027-02-20T12:00:00.000Z' } });

describe('Claw back (issue 38 item 4)', { timeout: 30_000 }, () => {
  it('claws back a paid entry inside the window with a reason', async () => {
    stubScreenWidth(true);
    const calls = stubFetch(({ url }) => (url.pathname === '/api/admin/earnings/clawbacks' ? jsonResponse(clawback, { status: 201 }) : jsonResponse(ledger([paid]))));
    const { user } = renderRoutes([{ path: '/', element: <UserEarningsPanel userId={7} name="Sam Sales" /> }]);
    await user.click(await screen.findByRole('button', { name: 'Claw back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claw back from Sam Sales?' });
    expect(within(dialog).queryByLabelText('Override the clawback window')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Claw back' }));
    expect(await within(dialog).findByText('Choose the clawback reason.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'deal_cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Claw back' }));
    expect(await screen.findByText('$6,000.00 will be clawed back from Sam Sales on December 13, 2026.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ clawback: { entry_id: 5, reason: 'deal_cancelled' } });
  });

  it('asks for the override and a note when the entry is outside the window, and offers nothing once clawed back', async () => {
    stubScreenWidth(true);
    const outside = { ...paid, clawback_until: null };
    const calls = stubFetch(({ url }) => (url.pathname === '/api/admin/earnings/clawbacks' ? jsonResponse(clawback, { status: 201 }) : jsonResponse(ledger([outside]))));
    const { user, unmount } = renderRoutes([{ path: '/', element: <UserEarningsPanel userId={7} name="Sam Sales" /> }]);
    await user.click(await screen.findByRole('button', { name: 'Claw back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claw back from Sam Sales?' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'project_archived');
    await user.click(within(dialog).getByRole('button', { name: 'Claw back' }));
    expect(await within(dialog).findByText(/tick the override and say why/)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Override the clawback window'));
    await user.click(within(dialog).getByRole('button', { name: 'Claw back' }));
    expect(await within(dialog).findByText('An override needs a note saying why.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Note (required for an override)'), 'Fraud found in audit');
    await user.click(within(dialog).getByRole('button', { name: 'Claw back' }));
    expect(await screen.findByText(/will be clawed back from Sam Sales/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ clawback: { entry_id: 5, reason: 'project_archived', override: true, note: 'Fraud found in audit' } });
    unmount();

    stubFetch(() => jsonResponse(ledger([paid, clawback])));
    renderRoutes([{ path: '/', element: <UserEarningsPanel userId={7} name="Sam Sales" /> }]);
    expect(await screen.findByText(/Clawback: Deal cancelled: Customer backed out/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claw back' })).not.toBeInTheDocument();
  });
});

describe('Payout settings (issue 38)', { timeout: 30_000 }, () => {
  const answer = (settings: PayoutSettings, updated = false) => ({ settings, defaults: DEFAULT_PAYOUT_SETTINGS, updated_at: updated ? '2026-12-01T17:00:00.000Z' : null, updated_by_name: updated ? 'Avery Admin' : null });

  it('shows the window, notice, reasons and thresholds with their defaults, checks them, and saves them', async () => {
    let stored = answer(DEFAULT_PAYOUT_SETTINGS);
    const calls = stubFetch(({ method, body }) => {
      if (method === 'PUT') stored = answer((body as { settings: PayoutSettings }).settings, true);
      return jsonResponse(stored);
    });
    const { user } = renderRoutes([{ path: '/', element: <PayoutSettingsPage /> }]);
    const window = await screen.findByLabelText('Clawback window (days after payment)');
    expect(window).toHaveValue('90');
    expect(screen.getByText(/Default 90 days/)).toBeInTheDocument();
    expect(screen.getByLabelText('Notice before a clawback applies (days)')).toHaveValue('7');
    expect(screen.getByLabelText('Project archived after payment')).toBeChecked();
    expect(screen.getByLabelText('Deal cancelled')).toBeChecked();
    expect(screen.getByLabelText('Threshold for payments before 2026 (US$)')).toHaveValue('600');
    expect(screen.getByLabelText('Threshold for payments from 2026 (US$)')).toHaveValue('2000');
    expect(screen.getByText('Default $2,000.00')).toBeInTheDocument();

    await user.clear(window);
    await user.type(window, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findAllByText('The clawback window is a whole number of days from 0 to 3650.')).not.toHaveLength(0);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.clear(window);
    await user.type(window, '60');
    await user.click(screen.getByLabelText('Project archived after payment'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Payout settings saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ settings: { ...DEFAULT_PAYOUT_SETTINGS, clawback_window_days: 60, clawback_reasons: ['deal_cancelled'] } });
    expect(await screen.findByText(/Last changed by Avery Admin/)).toBeInTheDocument();
  });
});
