import { LOCAL_ACCOUNT_CLOSED_REASON, LOCAL_FAILING_ACCOUNT_NUMBER } from '@sunin/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalPayoutProvider } from './local-provider.js';
import { connectEventSchema, providerPayoutSchema } from './provider-events.js';

const payout = { id: 7, user_id: 3, amount_cents: 12_345 };
const account = { account_ref: 'acct_local_x', local_failure: null };

afterEach(() => vi.useRealTimers());

describe('the local payout provider (issue 38 item 2)', () => {
  it('keeps only the last four digits of a test bank account; Stripe’s closed-account number fails its transfers', () => {
    const provider = new LocalPayoutProvider(0);
    expect(provider.bankAccount('000123456789')).toEqual({ status: 'active', bank_last4: '6789', requirement: null, local_failure: null });
    expect(provider.bankAccount(LOCAL_FAILING_ACCOUNT_NUMBER)).toEqual({ status: 'active', bank_last4: '1113', requirement: null, local_failure: LOCAL_ACCOUNT_CLOSED_REASON });
  });

  it('settles with Stripe-shaped events whose id is the payout’s: paid, the account’s failure, or the one failNext set (once)', async () => {
    const provider = new LocalPayoutProvider(0);
    expect(await provider.send(payout)).toEqual({ status: 'pending', providerRef: 'tr_local_7' });
    const paid = connectEventSchema.parse(provider.settlementEvent(payout, account));
    expect(paid).toMatchObject({ id: 'evt_local_payout_7_settled', type: 'payout.paid', account: 'acct_local_x' });
    expect(providerPayoutSchema.parse(paid.data.object)).toMatchObject({ status: 'paid', metadata: { payout_id: '7', user_id: '3' } });

    const closed = provider.settlementEvent(payout, { ...account, local_failure: LOCAL_ACCOUNT_CLOSED_REASON });
    expect(closed.type).toBe('payout.failed');
    expect(providerPayoutSchema.parse(closed.data.object)).toMatchObject({ failure_code: 'account_closed', failure_message: 'The bank account is closed.' });

    provider.failNext(3, 'Refused by the test.');
    expect(providerPayoutSchema.parse(provider.settlementEvent(payout, account).data.object)).toMatchObject({ status: 'failed', failure_message: 'Refused by the test.', failure_code: null });
    expect(provider.settlementEvent(payout, account).type).toBe('payout.paid');
  });

  it('runs a settling settleMs after sending, never with 0, and close() cancels what is waiting', async () => {
    vi.useFakeTimers();
    const task = vi.fn(async () => {});
    new LocalPayoutProvider(0).later(task);
    const provider = new LocalPayoutProvider(1500);
    provider.later(task);
    await vi.advanceTimersByTimeAsync(1499);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    provider.later(task);
    provider.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
