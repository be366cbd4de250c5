import { randomBytes } from 'node:crypto';
import { LOCAL_ACCOUNT_CLOSED_REASON, LOCAL_FAILING_ACCOUNT_NUMBER, LOCAL_PAYOUT_ACCOUNT_PATH } from '@sunin/contract';
import type { PayoutAccountRow } from '../../db/schema/index.js';
import type { CreatedPayoutAccount, PayoutAccountState, PayoutProviderBase, PayoutToSend, SendResult } from './payout-provider.js';
import type { ConnectEvent, ProviderPayoutInput } from './provider-events.js';

/** What the local bank account form gives, and what of it is kept (never the full number). */
export interface LocalBankAccountState extends PayoutAccountState {
  local_failure: string | null;
}

/**
 * The local payout provider (issue 38 item 2): the default without Stripe, a complete
 * simulation of Stripe Connect's states. The partner "onboards" on the app's own page with a
 * test bank account; a payout is pending when sent and settles LOCAL_PAYOUT_SETTLE_MS later as
 * Stripe's would, by a Stripe-shaped payout.paid or payout.failed event that the one payout
 * handler applies. Stripe's closed-account test number (000111111113) fails every transfer, as
 * there; `failNext` makes one partner's next payout fail (tests).
 */
export class LocalPayoutProvider implements PayoutProviderBase {
  readonly kind = 'local' as const;
  private readonly failures = new Map<number, string>();
  private readonly timers = new Set<NodeJS.Timeout>();

  /** `settleMs`: a payout settles this long after it is sent; 0: only when asked (settleLocalPayouts) or swept. */
  constructor(readonly settleMs: number) {}

  async createAccount(): Promise<CreatedPayoutAccount> {
    return { accountRef: `acct_local_${randomBytes(12).toString('hex')}`, status: 'onboarding', bank_last4: null, requirement: null };
  }

  /** The web app's own bank account page stands in for Stripe's hosted onboarding. */
  async onboardingUrl(): Promise<string> {
    return LOCAL_PAYOUT_ACCOUNT_PATH;
  }

  /** A test bank account entered: ready for payouts, keeping only the last four digits. */
  bankAccount(accountNumber: string): LocalBankAccountState {
    return { status: 'active', bank_last4: accountNumber.slice(-4), requirement: null, local_failure: accountNumber === LOCAL_FAILING_ACCOUNT_NUMBER ? LOCAL_ACCOUNT_CLOSED_REASON : null };
  }

  async send(payout: PayoutToSend): Promise<SendResult> {
    return { status: 'pending', providerRef: `tr_local_${payout.id}` };
  }

  /** The partner's next payout fails with `reason` (tests; this process only). */
  failNext(userId: number, reason: string): void {
    this.failures.set(userId, reason);
  }

  /**
   * The event a pending payout settles with: payout.failed with the account's failure (or the
   * one `failNext` set), payout.paid otherwise. Its id is the payout's, so a second settling
   * (the timer and the sweep, two processes) is the same event and changes nothing twice.
   */
  settlementEvent(payout: PayoutToSend, account: Pick<PayoutAccountRow, 'account_ref' | 'local_failure'> | null, now = new Date()): ConnectEvent {
    const forced = this.failures.get(payout.user_id);
    if (forced !== undefined) this.failures.delete(payout.user_id);
    const failure = forced ?? account?.local_failure ?? (account ? null : 'The payout account no longer exists.');
    const closed = failure === LOCAL_ACCOUNT_CLOSED_REASON;
    const object: ProviderPayoutInput = {
      id: `po_local_${payout.id}`,
      object: 'payout',
      status: failure ? 'failed' : 'paid',
      amount: payout.amount_cents,
      failure_code: closed ? 'account_closed' : null,
      failure_message: closed ? 'The bank account is closed.' : failure,
      metadata: { payout_id: String(payout.id), user_id: String(payout.user_id) },
    };
    return {
      id: `evt_local_payout_${payout.id}_settled`,
      object: 'event',
      type: failure ? 'payout.failed' : 'payout.paid',
      created: Math.floor(now.getTime() / 1000),
      livemode: false,
      ...(account ? { account: account.account_ref } : {}),
      data: { object },
    };
  }

  /** Runs `task` settleMs from now (not at all with 0); the timer does not keep the process alive. */
  later(task: () => Promise<void>): void {
    if (this.settleMs <= 0) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void task();
    }, this.settleMs);
    timer.unref();
    this.timers.add(timer);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
