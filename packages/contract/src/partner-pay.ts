import { z } from 'zod';
import type { AccountType } from './enums.js';
import { usdAmountSchema } from './money.js';
import { INT4_MAX } from './input-bounds.js';
import { US_STATE_CODES, type UsStateCode } from './us-states.js';

/**
 * Partner pay partners trust (issue 38): the W-9 tax form, payout accounts and payouts a
 * provider sends, monthly statements, clawbacks with a window, the year's 1099 totals and the
 * next rung of the share ladder.
 */

// Item 1: the tax form (IRS Form W-9, Rev. March 2024).

/** W-9 line 3a, the federal tax classification. */
export const BUSINESS_TYPES = ['individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc_c', 'llc_s', 'llc_p', 'other'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  individual: 'Individual/sole proprietor',
  c_corporation: 'C corporation',
  s_corporation: 'S corporation',
  partnership: 'Partnership',
  trust_estate: 'Trust/estate',
  llc_c: 'LLC taxed as a C corporation',
  llc_s: 'LLC taxed as an S corporation',
  llc_p: 'LLC taxed as a partnership',
  other: 'Other',
};

export const TIN_TYPES = ['ssn', 'ein'] as const;
export type TinType = (typeof TIN_TYPES)[number];
export const TIN_TYPE_LABELS: Record<TinType, string> = { ssn: 'Social security number (SSN)', ein: 'Employer identification number (EIN)' };

/** The certification of W-9 Part II, word for word; the partner certifies it electronically. */
export const W9_CERTIFICATION_TEXT =
  'Under penalties of perjury, I certify that: ' +
  '1. The number shown on this form is my correct taxpayer identification number (or I am waiting for a number to be issued to me); and ' +
  '2. I am not subject to backup withholding because (a) I am exempt from backup withholding, or (b) I have not been notified by the Internal Revenue Service (IRS) that I am subject to backup withholding as a result of a failure to report all interest or dividends, or (c) the IRS has notified me that I am no longer subject to backup withholding; and ' +
  '3. I am a U.S. citizen or other U.S. person (defined below); and ' +
  '4. The FATCA code(s) entered on this form (if any) indicating that I am exempt from FATCA reporting is correct.';

/** The nine digits of a TIN as typed (dashes and spaces allowed), or null when it is not nine digits. */
export function tinDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

/**
 * Why a TIN cannot be right, or null. Nine digits, not all one digit; an SSN never has area
 * 000, 666 or 9xx, group 00 or serial 0000 (SSA's rules); an EIN's two-digit prefix is never 00.
 */
export function tinProblem(type: TinType, value: string): string | null {
  const digits = tinDigits(value);
  if (!digits) return type === 'ssn' ? 'The SSN must be nine digits (123-45-6789).' : 'The EIN must be nine digits (12-3456789).';
  if (/^(\d)\1{8}$/.test(digits)) return `The ${type === 'ssn' ? 'SSN' : 'EIN'} cannot be one digit repeated.`;
  if (type === 'ssn') {
    const area = digits.slice(0, 3);
    if (area === '000' || area === '666' || area.startsWith('9') || digits.slice(3, 5) === '00' || digits.slice(5) === '0000') return 'This is not a valid SSN.';
  } else if (digits.startsWith('00')) return 'This is not a valid EIN.';
  return null;
}

/** A TIN as shown anywhere: only its last four digits (`***-**-6789`, `**-***6789`). */
export function maskTin(type: TinType, lastFour: string): string {
  return type === 'ssn' ? `***-**-${lastFour}` : `**-***${lastFour}`;
}

const text = (label: string, max: number) =>
  z.string({ error: `Give the ${label}.` }).trim().min(1, `Give the ${label}.`).max(max, `The ${label} is at most ${max} characters.`);

/** PUT /api/user/tax_form. */
export const taxFormBodySchema = z.strictObject({
  tax_form: z
    .strictObject({
      legal_name: text('legal name', 200),
      business_type: z.enum(BUSINESS_TYPES, { error: 'Choose the federal tax classification.' }),
      tin_type: z.enum(TIN_TYPES, { error: 'Choose SSN or EIN.' }),
      tin: z.string({ error: 'Give the taxpayer identification number.' }).max(20, 'The TIN must be nine digits.'),
      address_1: text('street address', 200),
      city: text('city', 100),
      state: z.enum(US_STATE_CODES as [UsStateCode, ...UsStateCode[]], { error: 'State must be a two-letter state code.' }),
      zip: z
        .string({ error: 'Give the ZIP code.' })
        .trim()
        .regex(/^\d{5}(-\d{4})?$/, 'The ZIP code is five digits, or ZIP+4 (12345-6789).'),
      certified: z.literal(true, { error: 'Certify the form: tick the certification to sign it.' }),
    })
    .superRefine((form, context) => {
      const problem = tinProblem(form.tin_type, form.tin);
      if (problem) context.addIssue({ code: 'custom', path: ['tin'], message: problem });
    }),
});
export type TaxFormBody = z.infer<typeof taxFormBodySchema>;

/** A tax form as answered: never the TIN, only `tin_masked`. */
export const taxFormSchema = z.object({
  legal_name: z.string(),
  business_type: z.enum(BUSINESS_TYPES),
  tin_type: z.enum(TIN_TYPES),
  tin_masked: z.string(),
  address_1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  certified_at: z.string(),
  reviewed_at: z.string().nullable(),
  reviewed_by_name: z.string().nullable(),
  updated_at: z.string(),
});
export type TaxForm = z.infer<typeof taxFormSchema>;
/** GET/PUT /api/user/tax_form and the admin's GET /api/admin/users/{id}/tax_form: `{tax_form: null}` before one is given. */
export const taxFormResponseSchema = z.object({ tax_form: taxFormSchema.nullable(), certification_text: z.string() });
export type TaxFormResponse = z.infer<typeof taxFormResponseSchema>;

// Item 2: payout accounts and payouts sent through a provider.

/** Why no payout can be made to a partner now, whatever the balance. */
export const PAYOUT_BLOCK_CODES = ['tax_form_required', 'payout_account_required'] as const;
export type PayoutBlockCode = (typeof PAYOUT_BLOCK_CODES)[number];

export const PAYOUT_PROVIDERS = ['local', 'stripe'] as const;
export type PayoutProviderKind = (typeof PAYOUT_PROVIDERS)[number];
/** How a payout went: `manual` is one recorded before payouts were sent (paid elsewhere). */
export const PAYOUT_METHODS = ['manual', ...PAYOUT_PROVIDERS] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = { pending: 'On its way', paid: 'Paid', failed: 'Failed' };

/** Where a partner's payouts go: onboarding started, ready to receive, or held by the provider. */
export const PAYOUT_ACCOUNT_STATUSES = ['onboarding', 'active', 'restricted'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];
export const PAYOUT_ACCOUNT_STATUS_LABELS: Record<PayoutAccountStatus, string> = { onboarding: 'Setup not finished', active: 'Ready for payouts', restricted: 'Needs attention' };

export const payoutAccountSchema = z.object({
  provider: z.enum(PAYOUT_PROVIDERS),
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  /** The bank account's last four digits, when the provider says. */
  bank_last4: z.string().nullable(),
  /** What the provider asks for before it pays (Stripe's requirements), in words; null when nothing. */
  requirement: z.string().nullable(),
  updated_at: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
/** GET /api/user/payout_account: `{payout_account: null}` before onboarding starts. */
export const payoutAccountResponseSchema = z.object({ payout_account: payoutAccountSchema.nullable(), provider: z.enum(PAYOUT_PROVIDERS) });
export type PayoutAccountResponse = z.infer<typeof payoutAccountResponseSchema>;
/** POST /api/user/payout_account/onboarding: where to send the browser (Stripe's hosted onboarding, or the local provider's page). */
export const payoutOnboardingResponseSchema = z.object({ url: z.string() });

/**
 * The local provider's bank account form (PUT /api/user/payout_account/local; 404 with Stripe).
 * The routing number passes the ABA checksum. Stripe's test account numbers behave as they do
 * there: 000111111113 is a closed account, so a transfer to it fails.
 */
export const LOCAL_FAILING_ACCOUNT_NUMBER = '000111111113';
export function abaChecksumOk(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
}
export const localBankAccountBodySchema = z.strictObject({
  bank_account: z.strictObject({
    holder_name: text('account holder name', 200),
    routing_number: z
      .string({ error: 'Give the routing number.' })
      .trim()
      .refine(abaChecksumOk, 'The routing number is nine digits and must pass the ABA check (try 110000000).'),
    account_number: z
      .string({ error: 'Give the account number.' })
      .trim()
      .regex(/^\d{4,17}$/, 'The account number is 4 to 17 digits.'),
  }),
});

// Item 3: statements.

/** A statement's month, `YYYY-MM`. */
export const statementMonthSchema = z
  .string({ error: 'month must be YYYY-MM.' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM.')
  .refine((value) => Number(value.slice(0, 4)) >= 2000, 'month must be from 2000-01.');
export const statementQuerySchema = z.strictObject({ month: statementMonthSchema });

/** One month's statement, as listed on /earnings (the PDF has every line). */
export const statementSummarySchema = z.object({
  month: z.string(),
  opening_usd: z.number(),
  earned_usd: z.number(),
  adjustments_usd: z.number(),
  payouts_usd: z.number(),
  closing_usd: z.number(),
  issued_at: z.string(),
  emailed_at: z.string().nullable(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

// Item 4: clawbacks.

export const CLAWBACK_REASONS = ['project_archived', 'deal_cancelled'] as const;
export type ClawbackReason = (typeof CLAWBACK_REASONS)[number];
export const CLAWBACK_REASON_LABELS: Record<ClawbackReason, string> = { project_archived: 'Project archived after payment', deal_cancelled: 'Deal cancelled' };

const wholeDays = (label: string, min: number, max: number) =>
  z.number({ error: `${label} must be a whole number of days.` }).int(`${label} must be a whole number of days.`).min(min, `${label} must be at least ${min} days.`).max(max, `${label} must be at most ${max} days.`);

/** Settings of the payout side (GET/PUT /api/admin/payout-settings), stored apart from the shares. */
export const payoutSettingsSchema = z.strictObject({
  /** A paid entry can be clawed back within this many days of its payment. */
  clawback_window_days: wholeDays('The clawback window', 0, 3650),
  /** Days between telling the partner of a clawback and netting it against their payouts. */
  clawback_notice_days: wholeDays('The clawback notice', 0, 90),
  /** The events that claw back a paid entry inside the window. */
  clawback_reasons: z.array(z.enum(CLAWBACK_REASONS, { error: 'Unknown clawback reason.' })).max(CLAWBACK_REASONS.length).refine((list) => new Set(list).size === list.length, 'Each reason once.'),
  /** The 1099-NEC reporting threshold: $600 for payments made before 2026, $2,000 from 2026 (OBBBA). */
  reporting_threshold_usd: z.strictObject({
    before_2026: usdAmountSchema('The threshold before 2026').refine((value) => value >= 0, 'The threshold cannot be negative.'),
    from_2026: usdAmountSchema('The threshold from 2026').refine((value) => value >= 0, 'The threshold cannot be negative.'),
  }),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;
export const DEFAULT_PAYOUT_SETTINGS: PayoutSettings = {
  clawback_window_days: 90,
  clawback_notice_days: 7,
  clawback_reasons: ['project_archived', 'deal_cancelled'],
  reporting_threshold_usd: { before_2026: 600, from_2026: 2000 },
};
export const payoutSettingsBodySchema = z.strictObject({ settings: payoutSettingsSchema });
export const payoutSettingsResponseSchema = z.object({
  settings: payoutSettingsSchema,
  defaults: payoutSettingsSchema,
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type PayoutSettingsResponse = z.infer<typeof payoutSettingsResponseSchema>;
/** The reporting threshold for payments made in `year`, in dollars. */
export const reportingThresholdUsd = (settings: PayoutSettings, year: number): number =>
  year >= 2026 ? settings.reporting_threshold_usd.from_2026 : settings.reporting_threshold_usd.before_2026;

const note = (label: string) => z.string({ error: `Give the ${label}.` }).trim().min(1, `Give the ${label}.`).max(500, `The ${label} is at most 500 characters.`);

/**
 * POST /api/admin/earnings/clawbacks: claws back a paid deal entry. Inside the window a reason
 * is enough; outside it the administrator overrides explicitly, with a note.
 */
export const clawbackBodySchema = z.strictObject({
  clawback: z
    .strictObject({
      entry_id: z.number({ error: 'entry_id must be a whole number.' }).int('entry_id must be a whole number.').positive('entry_id must be positive.').max(INT4_MAX, `entry_id must be at most ${INT4_MAX}.`),
      reason: z.enum(CLAWBACK_REASONS, { error: 'Choose the clawback reason.' }),
      override: z.boolean().optional(),
      note: note('note').optional(),
    })
    .refine((body) => !body.override || body.note !== undefined, { path: ['note'], message: 'An override needs a note saying why.' }),
});
/** POST /api/admin/projects/{id}/deal/cancel: the deal fell apart; its unpaid entry is voided, a paid one clawed back. */
export const dealCancelBodySchema = z.strictObject({ reason: note('reason') });

/** Money already paid that a clawback could still take back, and until when. */
export const atRiskSchema = z.object({ amount_usd: z.number(), until: z.string().nullable() });

// Item 6: the next rung of the share ladder.

/** How a partner reaches the tier above: subscribe to the sales plan, or ask the team. */
export const NEXT_TIER_PATHS = ['subscribe', 'ask_team'] as const;
export const nextTierSchema = z.object({
  account_type: z.string() as z.ZodType<AccountType>,
  share_rate: z.number(),
  path: z.enum(NEXT_TIER_PATHS),
});
export type NextTier = z.infer<typeof nextTierSchema>;

// Item 5: the year's totals.

export const form1099QuerySchema = z.strictObject({
  year: z.coerce
    .number({ error: 'year must be a year.' })
    .int('year must be a year.')
    .min(2000, 'year must be from 2000.')
    .max(2100, 'year must be at most 2100.'),
});

// Item 2, the payout provider's part: the local provider's page and its messages.

/** The local provider's bank account page (the web app's own), where its onboarding URL leads. */
export const LOCAL_PAYOUT_ACCOUNT_PATH = '/earnings/payout-account';
/** Why a local transfer to LOCAL_FAILING_ACCOUNT_NUMBER fails, in Stripe's words and code. */
export const LOCAL_ACCOUNT_CLOSED_REASON = 'The bank account is closed (account_closed).';
/** Where Stripe's hosted onboarding sends the partner back (`?payout_account=return` or `refresh`). */
export const PAYOUT_ACCOUNT_RETURN_PARAM = 'payout_account';
