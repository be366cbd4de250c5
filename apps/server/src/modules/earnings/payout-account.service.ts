import { isEarningTier, LOCAL_PAYOUT_ACCOUNT_PATH, PAYOUT_ACCOUNT_RETURN_PARAM, type localBankAccountBodySchema, type PayoutAccountResponse } from '@sunin/contract';
import { eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { payoutAccounts, type PayoutAccountRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { PayoutProviderUnreachable } from '../../lib/payouts/index.js';
import { recordAudit } from '../audit/audit.service.js';
import { publishNotifications } from '../notifications/notifications.service.js';
import { updateAccount } from './payout-sending.service.js';

/**
 * A partner's payout account (issue 38 item 2, docs/decisions/047): where the payout provider
 * sends their payouts. One per partner, at the configured provider; an account left at another
 * provider (the deployment switched) is not ready, and onboarding starts a new one.
 */

/** Payout accounts are for the account types that earn a share (DOMAIN.md 2); others are answered 403. */
export function assertPartner(user: UserRow): void {
  if (!isEarningTier(user.account_type)) throw new AppError('forbidden', 'Payout accounts are for partners: your account type does not earn a share of deals.');
}

async function accountOf(ctx: AppContext, userId: number): Promise<PayoutAccountRow | undefined> {
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.user_id, userId));
  return row;
}

function toResponse(ctx: AppContext, row: PayoutAccountRow | undefined): PayoutAccountResponse {
  const mine = row && row.provider === ctx.payouts.kind ? row : undefined;
  return {
    provider: ctx.payouts.kind,
    payout_account: mine ? { provider: mine.provider, status: mine.status, bank_last4: mine.bank_last4, requirement: mine.requirement, updated_at: mine.updated_at.toISOString() } : null,
  };
}

/** GET /api/user/payout_account. */
export async function getPayoutAccount(ctx: AppContext, user: UserRow): Promise<PayoutAccountResponse> {
  assertPartner(user);
  return toResponse(ctx, await accountOf(ctx, user.id));
}

/** The partner's account at the configured provider, created there first when there is none. */
async function ensureAccount(ctx: AppContext, user: UserRow): Promise<PayoutAccountRow> {
  const existing = await accountOf(ctx, user.id);
  if (existing && existing.provider === ctx.payouts.kind) return existing;
  const created = await ctx.payouts.createAccount(user);
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const values = { provider: ctx.payouts.kind, account_ref: created.accountRef, status: created.status, bank_last4: created.bank_last4, requirement: created.requirement, local_failure: null, updated_at: now };
    // A double click: the first account stays (Stripe answered both with the same one).
    const [row] = await tx
      .insert(payoutAccounts)
      .values({ user_id: user.id, ...values, created_at: now })
      .onConflictDoUpdate({ target: payoutAccounts.user_id, set: values, setWhere: ne(payoutAccounts.provider, ctx.payouts.kind) })
      .returning();
    const [current] = row ? [row] : await tx.select().from(payoutAccounts).where(eq(payoutAccounts.user_id, user.id));
    if (!current) throw new Error('The payout account was not saved.');
    if (row) await recordAudit(tx, { actorId: user.id, action: 'payout_account_created', entityType: 'user', entityId: user.id, changes: { provider: { before: existing?.provider ?? null, after: row.provider }, status: { before: existing?.status ?? null, after: row.status } } });
    return current;
  });
}

/**
 * POST /api/user/payout_account/onboarding: where to send the browser. Stripe: its hosted
 * onboarding (or the Express Dashboard once ready), back to /earnings?payout_account=return, or
 * =refresh when the link expired. Local: the app's own bank account page.
 */
export async function startOnboarding(ctx: AppContext, user: UserRow): Promise<{ url: string }> {
  assertPartner(user);
  const back = (value: 'return' | 'refresh') => `${ctx.config.appUrl}/earnings?${PAYOUT_ACCOUNT_RETURN_PARAM}=${value}`;
  try {
    const account = await ensureAccount(ctx, user);
    return { url: await ctx.payouts.onboardingUrl(account, back('return'), back('refresh')) };
  } catch (error) {
    // Stripe out of reach answers 503, which the partner may retry; anything else stays a logged 500.
    if (error instanceof PayoutProviderUnreachable) throw new AppError('service_unavailable', 'The payout service could not be reached. Please try again in a moment.');
    throw error;
  }
}

/**
 * PUT /api/user/payout_account/local: the local provider's test bank account (404 with Stripe,
 * whose bank details never reach the portal). Only the last four digits are kept, and whether
 * transfers to it fail (Stripe's closed-account test number).
 */
export async function setLocalBankAccount(ctx: AppContext, user: UserRow, body: z.output<typeof localBankAccountBodySchema>): Promise<PayoutAccountResponse> {
  const provider = ctx.payouts;
  if (provider.kind !== 'local') throw new AppError('not_found', `The test bank account form is off: payouts go through Stripe (${LOCAL_PAYOUT_ACCOUNT_PATH} is for the local provider only).`);
  assertPartner(user);
  await ensureAccount(ctx, user);
  const state = provider.bankAccount(body.bank_account.account_number);
  const { notified } = await ctx.db.transaction((tx) => updateAccount(tx, user.id, state, user.id));
  await publishNotifications(ctx, notified);
  return toResponse(ctx, await accountOf(ctx, user.id));
}
