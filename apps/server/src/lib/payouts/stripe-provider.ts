import Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';
import { createStripeClient, WEBHOOK_TOLERANCE_SECONDS } from '../billing/stripe-provider.js';
import { PayoutProviderUnreachable, type CreatedPayoutAccount, type PayoutAccountState, type PayoutProviderBase, type PayoutToSend, type PayoutUser, type SendResult } from './payout-provider.js';
import { connectEventSchema, providerAccountSchema, type ConnectEvent, type ProviderAccount } from './provider-events.js';

/** Out of reach, or not decided: the network, Stripe's own 5xx, rate limits, a key in use by a request still running. */
const unreachable = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError ||
  error instanceof Stripe.errors.StripeIdempotencyError;

async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (unreachable(error)) throw new PayoutProviderUnreachable('Stripe could not be reached. Please try again in a moment.', { cause: error });
    throw error;
  }
}

/** Stripe's requirement names in words ("external_account" → "a bank account"). */
function requirementWords(name: string): string {
  if (name === 'external_account') return 'a bank account';
  if (name.startsWith('tos_acceptance')) return 'acceptance of the terms';
  if (name.startsWith('individual.verification') || name.includes('.verification.')) return 'identity verification';
  return name.replace(/^(individual|company|business_profile)\./, '').replace(/[._]/g, ' ');
}

/**
 * A connected account's state in the contract's terms: ready when Stripe pays it out and
 * nothing is due; onboarding until its details are submitted; restricted otherwise (Stripe
 * holds payouts, or wants something now), with what it wants in words.
 */
export function accountStateOf(account: ProviderAccount): PayoutAccountState {
  const due = [...new Set((account.requirements?.currently_due ?? []).map(requirementWords))];
  const disabled = account.requirements?.disabled_reason;
  const status = account.payouts_enabled && due.length === 0 ? 'active' : account.details_submitted ? 'restricted' : 'onboarding';
  const requirement = due.length > 0 ? `Stripe needs ${due.join(', ')}.` : disabled && !account.payouts_enabled ? `Stripe has paused payouts (${disabled}).` : null;
  const last4 = account.external_accounts?.data.find((bank) => bank.last4)?.last4 ?? null;
  return { status, bank_last4: last4, requirement };
}

/**
 * Stripe Connect with Express accounts (docs/decisions/047): the partner onboards on Stripe's
 * hosted pages; a payout is a transfer from the platform's balance to the connected account and
 * then a payout from that balance to the partner's bank (manual schedule, so each payout is
 * ours). The outcome arrives by the Connect webhook (payout.paid, payout.failed).
 */
export class StripePayoutProvider implements PayoutProviderBase {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = createStripeClient(config);
  }

  async createAccount(user: PayoutUser): Promise<CreatedPayoutAccount> {
    const account = await reach(() =>
      this.stripe.accounts.create(
        {
          country: 'US',
          email: user.email,
          // An Express account in controller properties: Stripe collects the requirements and
          // the partner has the Express Dashboard; the platform pays the fees and bears losses.
          controller: { stripe_dashboard: { type: 'express' }, fees: { payer: 'application' }, losses: { payments: 'application' }, requirement_collection: 'stripe' },
          capabilities: { transfers: { requested: true } },
          // Only our payouts move money to the bank, one per portal payout.
          settings: { payouts: { schedule: { interval: 'manual' } } },
          metadata: { user_id: String(user.id) },
        },
        // A double click creates one account.
        { idempotencyKey: `payout-account-${user.id}` },
      ),
    );
    return { accountRef: account.id, ...accountStateOf(providerAccountSchema.parse(account)) };
  }

  /** Stripe's hosted onboarding until the account is ready; the Express Dashboard (bank account, details) after. */
  async onboardingUrl(account: { account_ref: string; status: string }, returnUrl: string, refreshUrl: string): Promise<string> {
    if (account.status === 'active') {
      const link = await reach(() => this.stripe.accounts.createLoginLink(account.account_ref));
      return link.url;
    }
    const link = await reach(() => this.stripe.accountLinks.create({ account: account.account_ref, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl }));
    return link.url;
  }

  /** The account as Stripe holds it now (an account.updated event says only that it changed). */
  async accountState(accountRef: string): Promise<PayoutAccountState> {
    const account = await reach(() => this.stripe.accounts.retrieve(accountRef));
    return accountStateOf(providerAccountSchema.parse(account));
  }

  /**
   * A transfer to the connected account, then a payout of it to the partner's bank, each with
   * an idempotency key of the payout's id, so a re-send makes neither twice. A re-send by the
   * sweep first looks for the transfer by its group (keys are kept for 24 hours, a payout may
   * wait longer). A refusal of the payout reverses the transfer: the money goes back.
   */
  async send(payout: PayoutToSend, accountRef: string, options: { resend?: boolean } = {}): Promise<SendResult> {
    const group = `payout-${payout.id}`;
    const metadata = { payout_id: String(payout.id), user_id: String(payout.user_id) };
    let transfer: Stripe.Transfer | undefined;
    try {
      if (options.resend) transfer = (await reach(() => this.stripe.transfers.list({ transfer_group: group, limit: 1 }))).data[0];
      transfer ??= await reach(() =>
        this.stripe.transfers.create(
          { amount: payout.amount_cents, currency: 'usd', destination: accountRef, transfer_group: group, metadata, description: `SunIn payout ${payout.id}` },
          { idempotencyKey: `payout-${payout.id}` },
        ),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) return { status: 'failed', providerRef: null, failureReason: `Stripe refused the transfer: ${error.message}` };
      throw error;
    }
    const sent = transfer;
    try {
      await reach(() =>
        this.stripe.payouts.create(
          { amount: payout.amount_cents, currency: 'usd', metadata, description: `SunIn payout ${payout.id}` },
          { stripeAccount: accountRef, idempotencyKey: `payout-${payout.id}-to-bank` },
        ),
      );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      await this.reverse(sent.id, payout.id);
      return { status: 'failed', providerRef: sent.id, failureReason: `Stripe refused the payout to the bank: ${error.message}` };
    }
    return { status: 'pending', providerRef: sent.id };
  }

  /**
   * Takes a transfer back to the platform's balance (a payout that failed returns its money to
   * the connected account first). Once per payout; a transfer already reversed is done.
   */
  async reverse(transferId: string, payoutId: number): Promise<void> {
    try {
      await reach(() => this.stripe.transfers.createReversal(transferId, { metadata: { payout_id: String(payoutId) } }, { idempotencyKey: `payout-${payoutId}-reversal` }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && /already.*reversed|fully reversed/i.test(error.message)) return;
      throw error;
    }
  }

  /** Whether the Connect endpoint can verify events (STRIPE_CONNECT_WEBHOOK_SECRET set). */
  get connectWebhooks(): boolean {
    return Boolean(this.config.connectWebhookSecret);
  }

  /** Verifies the Connect endpoint's signature against the raw body; throws when it does not match. */
  verifyConnectWebhook(payload: Buffer, signature: string): ConnectEvent {
    const secret = this.config.connectWebhookSecret;
    if (!secret) throw new Error('STRIPE_CONNECT_WEBHOOK_SECRET is not set.');
    const event = this.stripe.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
    return connectEventSchema.parse(event);
  }

  close(): void {}
}
