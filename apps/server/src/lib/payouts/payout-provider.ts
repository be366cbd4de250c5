import type { PayoutAccountStatus, PayoutProviderKind } from '@sunin/contract';
import type { PayoutRow, UserRow } from '../../db/schema/index.js';

/**
 * What the earnings module needs from a payout provider (issue 38 item 2,
 * docs/decisions/047-payout-provider-and-tin-storage.md). Two complete implementations, chosen
 * like billing's: Stripe Connect when the app's billing is Stripe, the local simulation
 * otherwise. A payout's outcome never comes back from these calls as "paid": it arrives as a
 * Stripe-shaped event (payout.paid, payout.failed) that one handler applies, whichever
 * provider sent it. Only a refusal at sending time is answered directly.
 */

/** A payout account as the provider holds it. */
export interface PayoutAccountState {
  status: PayoutAccountStatus;
  bank_last4: string | null;
  requirement: string | null;
}

export interface CreatedPayoutAccount extends PayoutAccountState {
  /** The provider's id of the account (Stripe `acct_...`, local `acct_local_...`). */
  accountRef: string;
}

/**
 * The answer to sending: on its way (the provider reports the outcome later, by event), or
 * refused now (no transfer was made, or it was reversed at once), with the reason in words.
 */
export type SendResult = { status: 'pending'; providerRef: string } | { status: 'failed'; providerRef: string | null; failureReason: string };

/**
 * The provider could not be reached (network, its own 5xx, rate limits): nothing is decided,
 * the payout stays pending without a reference and the sweep sends it again (the idempotency
 * key makes that safe).
 */
export class PayoutProviderUnreachable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PayoutProviderUnreachable';
  }
}

export type PayoutUser = Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name'>;
export type PayoutToSend = Pick<PayoutRow, 'id' | 'user_id' | 'amount_cents'>;

export interface PayoutProviderBase {
  readonly kind: PayoutProviderKind;
  /** Opens an account for the partner at the provider (onboarding not yet done). */
  createAccount(user: PayoutUser): Promise<CreatedPayoutAccount>;
  /** Where the partner's browser goes to finish (or update) the account. */
  onboardingUrl(account: { account_ref: string; status: PayoutAccountStatus }, returnUrl: string, refreshUrl: string): Promise<string>;
  /** Sends a payout to the account; idempotent per payout id. `resend`: a retry by the sweep. */
  send(payout: PayoutToSend, accountRef: string, options?: { resend?: boolean }): Promise<SendResult>;
  /** Stops timers (the local provider's settling); the sweep settles what was left. */
  close(): void;
}

/** Stripe's failure text and code in one sentence: "The bank account is closed (account_closed)." */
export function failureText(message: string | null | undefined, code: string | null | undefined): string {
  const text = (message ?? '').trim().replace(/\.$/, '') || 'The payout failed';
  return code ? `${text} (${code}).` : `${text}.`;
}
