import { z } from 'zod';
import type { AccountType, ProjectStage } from './enums.js';
import { INT4_MAX, int4Id } from './input-bounds.js';
import { pageQuerySchema } from './projects.js';
import { usdAmountSchema } from './money.js';
import { atRiskSchema, nextTierSchema, PAYOUT_METHODS, PAYOUT_STATUSES, statementSummarySchema } from './partner-pay.js';

export { toCents, toUsd, usdAmountSchema } from './money.js';

/**
 * Partner earnings (issue 17 item 2, DOMAIN.md 2). Money is kept in whole cents wherever it is
 * stored and answered in dollars with two decimals; a share is kept in basis points.
 */
/** `clawback` (issue 38 item 4): money paid on a deal taken back, negative, netted against later payouts. */
export const EARNING_ENTRY_KINDS = ['deal', 'adjustment', 'clawback'] as const;
export type EarningEntryKind = (typeof EARNING_ENTRY_KINDS)[number];
export const EARNING_ENTRY_STATUSES = ['expected', 'approved', 'paid', 'void'] as const;
export type EarningEntryStatus = (typeof EARNING_ENTRY_STATUSES)[number];
export const EARNING_STATUS_LABELS: Record<EarningEntryStatus, string> = { expected: 'Expected', approved: 'Approved', paid: 'Paid', void: 'Void' };
/** Issue 38 item 4: each kind in words (the ledger tables, the exports). */
export const EARNING_KIND_LABELS: Record<EarningEntryKind, string> = { deal: 'Deal', adjustment: 'Adjustment', clawback: 'Clawback' };

/** The tiers that earn a share (DOMAIN.md 2); other account types record deals but earn nothing. */
export const EARNING_TIERS = ['referral_partner', 'sales_partner', 'enterprize_partner'] as const satisfies readonly AccountType[];
export type EarningTier = (typeof EARNING_TIERS)[number];
export const isEarningTier = (accountType: string): accountType is EarningTier => (EARNING_TIERS as readonly string[]).includes(accountType);

/** The stage that approves an expected entry, and the one that voids it before approval. */
export const APPROVING_STAGE: ProjectStage = 'Project Completion';
export const VOIDING_STAGE: ProjectStage = 'Archived';

const usd = usdAmountSchema;

const tierSettingSchema = z.strictObject({
  share_rate: z
    .number({ error: 'The share must be a number from 0 to 1.' })
    .min(0, 'The share must be at least 0.')
    .max(1, 'The share must be at most 1 (100 %).')
    .refine((value) => Math.abs(Math.round(value * 10_000) - value * 10_000) < 1e-6, 'The share has at most two decimals of a percent.'),
  minimum_payout_usd: usd('The minimum payout').refine((value) => value >= 0, 'The minimum payout cannot be negative.'),
});
export const earningsSettingsSchema = z.strictObject({
  tiers: z.strictObject({ referral_partner: tierSettingSchema, sales_partner: tierSettingSchema, enterprize_partner: tierSettingSchema }),
});
export type EarningsSettings = z.infer<typeof earningsSettingsSchema>;

/** DOMAIN.md 2's table (the public site's tier table). */
export const DEFAULT_EARNINGS_SETTINGS: EarningsSettings = {
  tiers: {
    referral_partner: { share_rate: 0.2, minimum_payout_usd: 2500 },
    sales_partner: { share_rate: 0.6, minimum_payout_usd: 0 },
    enterprize_partner: { share_rate: 0.7, minimum_payout_usd: 0 },
  },
};

export const earningsSettingsBodySchema = z.strictObject({ settings: earningsSettingsSchema });
export const earningsSettingsResponseSchema = z.object({
  settings: earningsSettingsSchema,
  defaults: earningsSettingsSchema,
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type EarningsSettingsResponse = z.infer<typeof earningsSettingsResponseSchema>;

/** The share of a tier in basis points (20 % = 2000). */
export const shareBasisPoints = (rate: number): number => Math.round(rate * 10_000);

/** A deal entry's amount: the share of the net profit, rounded to the cent (half away from zero). */
export function shareOfProfitCents(netProfitCents: number, shareBp: number): number {
  const exact = (netProfitCents * shareBp) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

export interface LedgerLine {
  status: EarningEntryStatus;
  amount_cents: number;
}

export interface LedgerTotals {
  expected_cents: number;
  /** Approved and not yet paid, adjustments included. */
  approved_cents: number;
  paid_cents: number;
  /** What a payout would pay now: the whole approved balance once it reaches the minimum. */
  payable_cents: number;
}

/**
 * DOMAIN.md 2: approved entries become payable only once the unpaid approved total reaches the
 * minimum payout (zero for tiers without one), and a payout pays the whole balance; a balance
 * at or below zero (negative adjustments) is never payable.
 */
export function ledgerTotals(lines: readonly LedgerLine[], minimumPayoutCents: number): LedgerTotals {
  const sum = (status: EarningEntryStatus) => lines.reduce((total, line) => (line.status === status ? total + line.amount_cents : total), 0);
  const approved = sum('approved');
  return { expected_cents: sum('expected'), approved_cents: approved, paid_cents: sum('paid'), payable_cents: approved > 0 && approved >= minimumPayoutCents ? approved : 0 };
}

/**
 * A deal entry's status after its project moves (DOMAIN.md 2): Project Completion approves an
 * expected entry, Archived voids it before approval, and leaving Archived restores a voided
 * one. Approved and paid entries stay as they are.
 */
export function entryStatusAtStage(status: EarningEntryStatus, stage: ProjectStage): EarningEntryStatus {
  if (status === 'approved' || status === 'paid') return status;
  if (stage === VOIDING_STAGE) return 'void';
  if (stage === APPROVING_STAGE) return 'approved';
  return 'expected';
}

const id = (label: string) => z.number({ error: `${label} must be a whole number.` }).int(`${label} must be a whole number.`).positive(`${label} must be positive.`).max(INT4_MAX, `${label} must be at most ${INT4_MAX}.`);

/** PUT /api/admin/projects/{id}/deal. */
export const dealBodySchema = z.strictObject({
  contract_value_usd: usd('The contract value').refine((value) => value > 0, 'The contract value must be more than $0.'),
  net_profit_usd: usd('The net profit').refine((value) => value >= 0, 'The net profit cannot be negative.'),
});
export type DealBody = z.infer<typeof dealBodySchema>;

export const earningEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  project_id: z.number().int().nullable(),
  company_name: z.string(),
  kind: z.enum(EARNING_ENTRY_KINDS),
  share_rate: z.number().nullable(),
  net_profit_usd: z.number().nullable(),
  amount_usd: z.number(),
  status: z.enum(EARNING_ENTRY_STATUSES),
  reason: z.string(),
  payout_id: z.number().int().nullable(),
  /** A clawback's date: it is netted against payouts from then on (null for other kinds). */
  applies_at: z.string().nullable(),
  /** A paid deal entry a clawback can still take back until this time (null once outside the window, or never paid). */
  clawback_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EarningEntry = z.infer<typeof earningEntrySchema>;

export const dealSchema = z.object({
  project_id: z.number().int(),
  contract_value_usd: z.number(),
  net_profit_usd: z.number(),
  recorded_by_name: z.string().nullable(),
  updated_at: z.string(),
  /** The owner's deal entry; null when the owner's account type earns no share. */
  entry: earningEntrySchema.nullable(),
  // Issue 38 item 4 (clawbacks): a cancelled deal, and the clawback of its paid entry.
  /** When the deal was cancelled (POST /api/admin/projects/{id}/deal/cancel); null while it stands. */
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** The clawback taking back the paid entry (scheduled or applied); null when none. */
  clawback: earningEntrySchema.nullable(),
  // End of issue 38 item 4.
});
export type Deal = z.infer<typeof dealSchema>;
/** GET answers `{deal: null}` before a deal is recorded. */
export const dealResponseSchema = z.object({ deal: dealSchema.nullable(), share_rate: z.number().nullable() });
export type DealResponse = z.infer<typeof dealResponseSchema>;

export const payoutSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  amount_usd: z.number(),
  reference: z.string(),
  paid_by_name: z.string().nullable(),
  /** Issue 38 item 2: how it was sent, and where it is now (a failed payout's entries are payable again). */
  method: z.enum(PAYOUT_METHODS),
  status: z.enum(PAYOUT_STATUSES),
  failure_reason: z.string().nullable(),
  /** When it was paid or failed; null while on its way. */
  settled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutWithEntriesSchema = payoutSchema.extend({ entries: z.array(earningEntrySchema) });
export type PayoutWithEntries = z.infer<typeof payoutWithEntriesSchema>;

/** POST /api/admin/payouts: pays the partner's whole payable balance. */
export const payoutBodySchema = z.strictObject({
  user_id: id('user_id'),
  reference: z.string({ error: 'Give the payment reference.' }).trim().min(1, 'Give the payment reference.').max(200, 'The reference is at most 200 characters.'),
});
export const payoutsQuerySchema = pageQuerySchema.extend({ user_id: int4Id('user_id').optional() });

/** POST /api/admin/earnings/adjustments: corrects paid history with a new entry (negative allowed). */
export const adjustmentBodySchema = z.strictObject({
  user_id: id('user_id'),
  amount_usd: usd('The amount').refine((value) => value !== 0, 'The amount cannot be $0.'),
  reason: z.string({ error: 'Give the reason.' }).trim().min(1, 'Give the reason.').max(500, 'The reason is at most 500 characters.'),
});

export const earningsTotalsSchema = z.object({ expected_usd: z.number(), approved_usd: z.number(), paid_usd: z.number(), payable_usd: z.number() });

/** GET /api/user/earnings (the caller's own) and GET /api/admin/users/{id}/earnings. */
export const earningsSchema = z.object({
  entries: z.array(earningEntrySchema),
  totals: earningsTotalsSchema,
  /** The caller's tier's share now (null for account types without one) and minimum payout. */
  share_rate: z.number().nullable(),
  minimum_payout_usd: z.number(),
  /**
   * Every tier's configured share now (issue 34 item 7): the page explains the ladder behind
   * the marketing's "up to 70 %" with the administrator's numbers, not hard-coded ones.
   */
  share_ladder: z.object({ referral_partner: z.number(), sales_partner: z.number(), enterprize_partner: z.number() }),
  payouts: z.array(payoutSchema),
  /** Issue 38: the tier above and how to reach it (null at the top, or for account types without a share). */
  next_tier: nextTierSchema.nullable(),
  /** Paid money a clawback could still take back, and the last day it could. */
  at_risk: atRiskSchema,
  /** The monthly statements issued, newest first. */
  statements: z.array(statementSummarySchema),
});
export type Earnings = z.infer<typeof earningsSchema>;
