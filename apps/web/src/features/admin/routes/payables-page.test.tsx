import { act, screen, within } from '@testing-library/react';
import type { Payable, PayablesResponse, Payout, PayoutRunBody } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth, type FetchCall } from '../../../lib/test-utils';
import { payablesKey } from '../api/payables';
import { PayablesPage } from './payables-page';

const entry = (id: number, userId: number, amount: number, overrides: Partial<Payable['entries'][number]> = {}): Payable['entries'][number] => ({
  id,
  user_id: userId,
  project_id: 100 + id,
  company_name: `Job ${id}`,
  kind: 'deal',
  share_rate: 0.6,
  net_profit_usd: amount / 0.6,
  amount_usd: amount,
  status: 'approved',
  reason: '',
  payout_id: null,
  applies_at: null,
  clawback_until: null,
  created_at: '2026-10-01T12:00:00.000Z',
  updated_at: '2026-10-01T12:00:00.000Z',
  ...overrides,
});
const payable = (userId: number, name: string, amount: number, overrides: Partial<Payable> = {}): Payable => ({
  user_id: userId,
  user_name: name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  company_name: `${name.split(' ')[0]} Solar`,
  account_type: 'sales_partner',
  payable_usd: amount,
  minimum_payout_usd: 0,
  oldest_entry_at: '2026-10-01T12:00:00.000Z',
  oldest_age_days: 66,
  entries: [entry(userId * 10, userId, amount)],
  blocked_reason: null,
  blocked_code: null,
  last_failed_payout: null,
  ...overrides,
});

const ann = payable(1, 'Ann Archer', 600, { oldest_age_days: 66 });
const ben = payable(2, 'Ben Brook', 4000, {
  account_type: 'referral_partner',
  minimum_payout_usd: 2500,
  oldest_age_days: 12,
  entries: [entry(20, 2, 4100), entry(21, 2, -100, { kind: 'adjustment', project_id: null, company_name: '', share_rate: null, net_profit_usd: null, reason: 'Chargeback' })],
});
const cat = payable(3, 'Cat Cole', 75.5, { oldest_age_days: 1 });
const owed: PayablesResponse = { payables: [ann, ben, cat], total_usd: 4675.5 };
const payoutOf = (row: Payable, id: number): Payout => ({ id, user_id: row.user_id, user_name: row.user_name, amount_usd: row.payable_usd, reference: 'ACH-9', paid_by_name: 'Avery Admin', method: 'local', status: 'pending', failure_reason: null, settled_at: null, created_at: '2026-12-06T12:00:00.000Z' });

/** The API as the page sees it: the payables (`owing` may change them), the payouts history and the run. */
function stubApi({ payables = owed, history = [] as Payout[], total = history.length, run, owing }: { payables?: PayablesResponse; history?: Payout[]; total?: number; run?: (call: FetchCall) => Response; owing?: { now?: PayablesResponse } } = {}) {
  let current = payables;
  return stubFetch((call) => {
    if (call.url.pathname === '/api/admin/payables') return jsonResponse(owing?.now ?? current);
    if (call.url.pathname === '/api/admin/payouts') return jsonResponse(history, { headers: { 'X-Total-Count': String(total) } });
    if (call.url.pathname === '/api/admin/payout_runs' && run) {
      const res = run(call);
      if (res.status === 201) {
        const paid = new Set((call.body as PayoutRunBody).payout_run.payments.map((payment) => payment.user_id).filter((id) => id !== 3));
        current = { payables: current.payables.filter((row) => !paid.has(row.user_id)), total_usd: 0 };
      }
      return res;
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
}

describe('Payables (issue 37 item 1)', { timeout: 30_000 }, () => {
  it('lists who is owed, oldest debt first, with tier, payable, entries and age, and opens a partner’s entries', async () => {
    stubScreenWidth(true);
    stubApi();
    const { user } = renderRoutes([{ path: '/', element: <PayablesPage /> }]);
    const table = await screen.findByRole('table', { name: 'Partners owed, the oldest debt first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(1, 7).map((cell) => cell.textContent))).toEqual([
      ['Ann Archerann@example.com', 'Ann Solar', 'Sales Partner', '$600.00', '1', '66 daysOctober 1, 2026'],
      ['Ben Brookben@example.com', 'Ben Solar', 'Referral Partner', '$4,000.00', '2', '12 daysOctober 1, 2026'],
      ['Cat Colecat@example.com', 'Cat Solar', 'Sales Partner', '$75.50', '1', '1 dayOctober 1, 2026'],
    ]);
    expect(screen.getByText('3 partners, $4,675.50 in total')).toBeInTheDocument();

    const show = within(rows[1]!).getByRole('button', { name: 'Show entries of Ben Brook' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    const entries = screen.getByRole('list', { name: "Ben Brook's payable entries" });
    expect(within(entries).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Job 20'), expect.stringMatching(/^AdjustmentChargeback.*-\$100\.00$/)]);
    await user.click(screen.getByRole('button', { name: 'Hide entries of Ben Brook' }));
    expect(screen.queryByRole('list', { name: "Ben Brook's payable entries" })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Download earnings CSV' })).toHaveAttribute('href', '/api/admin/earnings.csv');
    expect(screen.getByRole('link', { name: 'Download payouts CSV' })).toHaveAttribute('href', '/api/admin/payouts.csv');
  });

  it('pays the ticked partners in one run after a confirmation naming the count and total, and says who was paid and who was refused and why', async () => {
    stubScreenWidth(true);
    const calls = stubApi({
      run: () =>
        jsonResponse(
          { payouts: [payoutOf(ann, 71), payoutOf(ben, 72)], refused: [{ user_id: 3, user_name: 'Cat Cole', code: 'nothing_payable', message: 'Nothing is payable: the partner has no approved earnings to pay.' }] },
          { status: 201 },
        ),
    });
    const { user } = renderRoutes([{ path: '/', element: <PayablesPage /> }]);
    const runButton = await screen.findByRole('button', { name: 'Record payout run' });
    expect(runButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select every partner' }));
    expect(screen.getByText('3 partners ticked, $4,675.50')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pay Cat Cole' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pay Cat Cole' }));
    await user.click(runButton);
    expect(await screen.findByText('Give the payment reference.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Payment reference'), 'ACH-9');
    await user.click(runButton);
    const dialog = await screen.findByRole('dialog', { name: 'Record payouts to 3 partners?' });
    expect(dialog).toHaveTextContent('3 payouts, $4,675.50 in total');
    expect(dialog).toHaveTextContent('ACH-9');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ann Archer: $600.00', 'Ben Brook: $4,000.00', 'Cat Cole: $75.50']);
    // Cancel pays nobody.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(runButton);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay $4,675.50' }));
    const result = await screen.findByRole('region', { name: 'Payout run ACH-9' });
    expect(within(result).getByRole('list', { name: 'Paid' })).toHaveTextContent('Ann Archer: $600.00Ben Brook: $4,000.00');
    expect(result).toHaveTextContent('Paid 2 partners, $4,600.00 in total.');
    expect(within(result).getByRole('list', { name: 'Not paid' })).toHaveTextContent('Cat Cole: Nothing is payable: the partner has no approved earnings to pay.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      payout_run: {
        payments: [
          { user_id: 1, payable_usd: 600 },
          { user_id: 2, payable_usd: 4000 },
          { user_id: 3, payable_usd: 75.5 },
        ],
        reference: 'ACH-9',
      },
    });
    // The list refreshed: the paid partners are gone.
    expect(await screen.findByText('Cat Cole')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Pay Ann Archer' })).not.toBeInTheDocument();
    await user.click(within(result).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Payout run ACH-9' })).not.toBeInTheDocument();
  });

  it('sends the amounts the confirmation shows, even if the list refreshes meanwhile, and says who was refused because a balance changed', async () => {
    stubScreenWidth(true);
    const changed = "Ann Archer's payable balance is now $650.00, not $600.00: reload Payables and confirm again.";
    const owing: { now?: PayablesResponse } = {};
    const calls = stubApi({
      owing,
      run: () => jsonResponse({ payouts: [payoutOf(ben, 73)], refused: [{ user_id: 1, user_name: 'Ann Archer', code: 'amount_changed', message: changed }] }, { status: 201 }),
    });
    const { user, queryClient } = renderRoutes([{ path: '/', element: <PayablesPage /> }]);
    await user.click(await screen.findByRole('checkbox', { name: 'Pay Ann Archer' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pay Ben Brook' }));
    await user.type(screen.getByLabelText('Payment reference'), 'ACH-11');
    await user.click(screen.getByRole('button', { name: 'Record payout run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payouts to 2 partners?' });
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ann Archer: $600.00', 'Ben Brook: $4,000.00']);

    // Another admin approves an entry for Ann: the list refreshes under the open confirmation.
    owing.now = { payables: [{ ...ann, payable_usd: 650 }, ben, cat], total_usd: 4725.5 };
    await act(() => queryClient.refetchQueries({ queryKey: payablesKey }));
    expect(queryClient.getQueryData<PayablesResponse>(payablesKey)?.payables[0]?.payable_usd).toBe(650);
    // The confirmation still shows, and the run sends, what the admin is confirming.
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ann Archer: $600.00', 'Ben Brook: $4,000.00']);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $4,600.00' }));
    const result = await screen.findByRole('region', { name: 'Payout run ACH-11' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      payout_run: {
        payments: [
          { user_id: 1, payable_usd: 600 },
          { user_id: 2, payable_usd: 4000 },
        ],
        reference: 'ACH-11',
      },
    });
    expect(result).toHaveTextContent('Paid 1 partner, $4,000.00 in total.');
    expect(within(result).getByRole('list', { name: 'Not paid' })).toHaveTextContent(`Ann Archer: ${changed}`);
  });

  it('says nobody was paid, and why for each, when the whole run is refused (409)', async () => {
    stubScreenWidth(true);
    stubApi({
      run: () =>
        jsonResponse(
          { error: { code: 'conflict', message: 'Nobody was paid. Cat Cole: Nothing is payable: the partner has no approved earnings to pay.', fields: { '3': 'Nothing is payable: the partner has no approved earnings to pay.' } } },
          { status: 409 },
        ),
    });
    const { user } = renderRoutes([{ path: '/', element: <PayablesPage /> }]);
    await user.click(await screen.findByRole('checkbox', { name: 'Pay Cat Cole' }));
    await user.type(screen.getByLabelText('Payment reference'), 'ACH-10');
    await user.click(screen.getByRole('button', { name: 'Record payout run' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Record payouts to 1 partner?' })).getByRole('button', { name: 'Pay $75.50' }));
    const result = await screen.findByRole('region', { name: 'Payout run ACH-10' });
    expect(result).toHaveTextContent('Nobody was paid.');
    expect(within(result).getByRole('list', { name: 'Not paid' })).toHaveTextContent('Cat Cole: Nothing is payable: the partner has no approved earnings to pay.');
  });

  it('shows cards with checkboxes on a phone, and a blocked partner’s reason without a checkbox', async () => {
    stubScreenWidth(false);
    stubApi({ payables: { payables: [ann, { ...cat, blocked_reason: 'No tax form on file.' }], total_usd: 600 } });
    const { user } = renderRoutes([{ path: '/', element: <PayablesPage /> }]);
    const cards = await screen.findByRole('list', { name: 'Partners owed' });
    expect(screen.queryByRole('table', { name: /Partners owed/ })).not.toBeInTheDocument();
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('Ann Archer$600.00Ann Solar · Sales Partner1 entry, the oldest 66 days old');
    expect(within(cards).getAllByRole('listitem')[1]).toHaveTextContent('Blocked: No tax form on file.');
    expect(screen.queryByRole('checkbox', { name: 'Pay Cat Cole' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Pay Ann Archer' })).toBeChecked();
    expect(screen.getByText('1 partner ticked, $600.00')).toBeInTheDocument();
  });

  for (const wide of [true, false]) {
    it(`says when a partner's last payout failed, and why, ${wide ? 'in the table' : 'on a card'} (issue 38 item 2)`, async () => {
      stubScreenWidth(wide);
      const failed = { id: 41, amount_usd: 600, failure_reason: 'The bank account is closed (account_closed).', settled_at: '2026-12-05T12:00:00.000Z' };
      stubApi({ payables: { payables: [{ ...ann, last_failed_payout: failed }, cat], total_usd: 675.5 } });
      renderRoutes([{ path: '/', element: <PayablesPage /> }]);
      expect(await screen.findByText('Last payout failed: The bank account is closed (account_closed).')).toBeInTheDocument();
      expect(screen.getAllByText(/Last payout failed/)).toHaveLength(1);
      // The server's sentence wraps on a phone rather than running past the card (seen at 390 px).
      expect(screen.getByText(/Last payout failed/)).not.toHaveClass('whitespace-nowrap');
      // Still payable: paying again is the retry.
      expect(screen.getByRole('checkbox', { name: 'Pay Ann Archer' })).toBeInTheDocument();
    });
  }

  it('says which payout of a run the provider refused at once, and why (issue 38 item 2)', async () => {
    stubScreenWidth(true);
    stubApi({
      run: () => jsonResponse({ payouts: [payoutOf(ann, 71), { ...payoutOf(ben, 72), status: 'failed', failure_reason: 'There is no payout account ready to receive it.' }], refused: [] }, { status: 201 }),
    });
    const { user } = renderRoutes([{ path: '/', element: <PayablesPage /> }]);
    await user.click(await screen.findByRole('checkbox', { name: 'Pay Ann Archer' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pay Ben Brook' }));
    await user.type(screen.getByLabelText('Payment reference'), 'ACH-12');
    await user.click(screen.getByRole('button', { name: 'Record payout run' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /^Pay / }));
    const result = await screen.findByRole('region', { name: 'Payout run ACH-12' });
    expect(within(result).getByRole('list', { name: 'Paid' })).toHaveTextContent('Ann Archer: $600.00Ben Brook: $4,000.00 (failed at once: There is no payout account ready to receive it.)');
  });

  it('shows each payout’s status in the history, and a failed one’s reason (issue 38 item 2)', async () => {
    stubScreenWidth(true);
    const history = [
      { ...payoutOf(ann, 3), status: 'failed' as const, failure_reason: 'The bank account is closed (account_closed).', settled_at: '2026-12-06T13:00:00.000Z' },
      { ...payoutOf(ben, 2), status: 'paid' as const, settled_at: '2026-12-06T13:00:00.000Z' },
      payoutOf(ann, 1),
    ];
    stubApi({ history, total: 3 });
    renderRoutes([{ path: '/', element: <PayablesPage /> }]);
    const table = await screen.findByRole('table', { name: 'Payouts, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual(['FailedThe bank account is closed (account_closed).', 'Paid', 'On its way']);
  });

  it('says when nobody is owed, and when no payout was made yet', async () => {
    stubScreenWidth(true);
    stubApi({ payables: { payables: [], total_usd: 0 } });
    renderRoutes([{ path: '/', element: <PayablesPage /> }]);
    expect(await screen.findByText('Nobody is owed a payout now')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payout run' })).not.toBeInTheDocument();
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
  });

  it('offers a retry when the payables cannot be loaded', async () => {
    stubScreenWidth(true);
    let fail = true;
    stubFetch(({ url }) =>
      url.pathname === '/api/admin/payables' ? (fail ? jsonResponse({ error: { code: 'internal', message: 'Down.' } }, { status: 500 }) : jsonResponse(owed)) : jsonResponse([], { headers: { 'X-Total-Count': '0' } }),
    );
    const { user } = renderRoutes([{ path: '/', element: <PayablesPage /> }]);
    expect(await screen.findByText('The payables could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Partners owed, the oldest debt first' })).toBeInTheDocument();
  });

  it('lists every payout company-wide, newest first, a page at a time', async () => {
    stubScreenWidth(true);
    const history = Array.from({ length: 25 }, (_, index) => ({ ...payoutOf(index % 2 ? ann : ben, 100 - index), reference: `ACH-${100 - index}` }));
    const calls = stubApi({ history, total: 30 });
    const { user } = renderRoutes([{ path: '/', element: <PayablesPage /> }]);
    const table = await screen.findByRole('table', { name: 'Payouts, newest first' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['December 6, 2026', 'Ben Brook', '$4,000.00', 'On its way', 'ACH-100', 'Avery Admin']);
    await user.click(within(screen.getByRole('navigation', { name: 'Payouts pages' })).getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 26 to 30 of 30 results');
    expect(calls.filter((call) => call.url.pathname === '/api/admin/payouts').map((call) => call.url.search)).toEqual(['?page=1&per_page=25', '?page=2&per_page=25']);
  });
});

describe('a partner without a W-9 (issue 38 item 1)', { timeout: 30_000 }, () => {
  it('reads as blocked for the tax form, cannot be ticked, and offers the 1099 totals download', async () => {
    stubScreenWidth(true);
    const reason = 'Cat Cole has not given their W-9 tax form: no payout can be made until they do (on their Earnings page).';
    stubApi({ payables: { payables: [ann, { ...cat, blocked_code: 'tax_form_required', blocked_reason: reason }], total_usd: 600 } });
    renderRoutes([{ path: '/', element: <PayablesPage /> }]);
    const table = await screen.findByRole('table', { name: 'Partners owed, the oldest debt first' });
    const catRow = within(table).getAllByRole('row')[2]!;
    expect(catRow).toHaveTextContent(`Blocked (No W-9 tax form): ${reason}`);
    expect(within(catRow).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pay Ann Archer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download 1099 totals' })).toHaveAttribute('href', `/api/admin/payouts/1099.csv?year=${new Date().getFullYear() - 1}`);
  });
});
