import { z } from 'zod';
import { ACCOUNT_TYPES, ALL_PROJECT_STAGES, type ProjectStage } from './enums.js';
import { earningEntrySchema, payoutSchema, usdAmountSchema } from './earnings.js';
import { PAYOUT_BLOCK_CODES } from './partner-pay.js';
import { INT4_MAX, int4Id } from './input-bounds.js';
import { searchParam, sortParam } from './admin.js';
import { pageQuerySchema } from './projects.js';

/**
 * The operator's day (issue 37): payables and payout runs, the pipeline board and the
 * duplicate-site check. The queue's assignee is in admin.ts beside the queue's list query, and
 * the email digests in notifications.ts.
 */

// Item 1: payables.

/** One partner the business owes now: their whole payable balance and the entries behind it. */
export const payableSchema = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  email: z.string(),
  company_name: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  /** The approved, unpaid balance (adjustments included), past the tier's minimum payout. */
  payable_usd: z.number(),
  minimum_payout_usd: z.number(),
  /** The oldest approved entry's approval (or creation) time, and its age in whole days. */
  oldest_entry_at: z.string(),
  oldest_age_days: z.number().int(),
  entries: z.array(earningEntrySchema),
  /**
   * Why no payout can be made to this partner now (for instance, issue 38's missing tax form),
   * or null when one can.
   */
  blocked_reason: z.string().nullable(),
  /** The block's code: `tax_form_required` (no W-9) or `payout_account_required` (nowhere to send it); null when none. */
  blocked_code: z.enum(PAYOUT_BLOCK_CODES).nullable(),
  /** The partner's newest payout when it failed (its entries are payable again), so the admin sees why before retrying. */
  last_failed_payout: z.object({ id: z.number().int(), amount_usd: z.number(), failure_reason: z.string().nullable(), settled_at: z.string().nullable() }).nullable(),
});
export type Payable = z.infer<typeof payableSchema>;
/** GET /api/admin/payables: every partner with a payable balance, the oldest debt first. */
export const payablesResponseSchema = z.object({ payables: z.array(payableSchema), total_usd: z.number() });
export type PayablesResponse = z.infer<typeof payablesResponseSchema>;

export const PAYOUT_RUN_MAX_PARTNERS = 200;
const userIdValue = z.number({ error: 'Each user id must be a whole number.' }).int('Each user id must be a whole number.').positive('Each user id must be positive.').max(INT4_MAX, `Each user id must be at most ${INT4_MAX}.`);

/**
 * One ticked partner of a payout run: who, and the payable balance the administrator confirmed.
 * The run pays exactly that: a partner whose payable balance changed since (an entry approved,
 * voided or adjusted) is refused `amount_changed` and nothing is paid to them.
 */
export const payoutRunPaymentSchema = z.strictObject({
  user_id: userIdValue,
  payable_usd: usdAmountSchema('Each payable amount').refine((value) => value > 0, 'Each payable amount must be more than $0.'),
});
export type PayoutRunPayment = z.infer<typeof payoutRunPaymentSchema>;

/**
 * POST /api/admin/payout_runs: one payout per ticked partner, each its partner's whole payable
 * balance when it is still the amount confirmed, each in its own transaction (one partner's
 * refusal does not undo another's payout).
 */
export const payoutRunBodySchema = z.strictObject({
  payout_run: z.strictObject({
    payments: z
      .array(payoutRunPaymentSchema, { error: 'Tick at least one partner.' })
      .min(1, 'Tick at least one partner.')
      .max(PAYOUT_RUN_MAX_PARTNERS, `At most ${PAYOUT_RUN_MAX_PARTNERS} partners in one run.`)
      .refine((payments) => new Set(payments.map((payment) => payment.user_id)).size === payments.length, 'Each partner at most once.'),
    reference: z.string({ error: 'Give the payment reference.' }).trim().min(1, 'Give the payment reference.').max(200, 'The reference is at most 200 characters.'),
  }),
});
export type PayoutRunBody = z.infer<typeof payoutRunBodySchema>;
/** 201 (at least one paid) or 409 (none): the payouts made and, per refused partner, why. */
export const payoutRunResponseSchema = z.object({
  payouts: z.array(payoutSchema),
  refused: z.array(z.object({ user_id: z.number().int(), user_name: z.string(), code: z.string(), message: z.string() })),
});
export type PayoutRunResponse = z.infer<typeof payoutRunResponseSchema>;

// Item 4: the pipeline board.

/** Cards a column answers at once; `GET /api/admin/board/columns/{stage}` pages on. */
export const BOARD_CARDS_PER_COLUMN = 20;
export const boardQuerySchema = z.object({
  owner_id: int4Id('owner_id', 'owner_id must be a number.').optional(),
  state: z.string({ error: 'state must be text.' }).trim().max(50, 'state must be at most 50 characters.').transform((value) => value || undefined).optional(),
  stalled: z.enum(['true', 'false'], { error: 'stalled is true or false.' }).optional(),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

export const boardCardSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  user_id: z.number().int(),
  owner_name: z.string(),
  state: z.string(),
  project_stage: z.enum(ALL_PROJECT_STAGES),
  deal_value_usd: z.number(),
  stage_entered_at: z.string().nullable(),
  days_in_stage: z.number().int().nullable(),
  stalled: z.boolean(),
  updated_at: z.string(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

export const boardColumnSchema = z.object({
  stage: z.enum(ALL_PROJECT_STAGES),
  count: z.number().int(),
  deal_value_usd: z.number(),
  /** The longest in the stage first, at most BOARD_CARDS_PER_COLUMN; `next_cursor` reads on. */
  cards: z.array(boardCardSchema),
  next_cursor: z.string().nullable(),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;
/** GET /api/admin/board: one column per stage in pipeline order, Archived last. */
export const boardResponseSchema = z.object({ columns: z.array(boardColumnSchema) });
export type BoardResponse = z.infer<typeof boardResponseSchema>;
/** GET /api/admin/board/columns/{stage}?cursor=: the next cards of one column, same filters. */
export const boardColumnQuerySchema = boardQuerySchema.extend({
  cursor: z.string({ error: 'cursor must be text.' }).max(200, 'cursor is not valid.').optional(),
});
export const boardColumnParamsSchema = z.object({ stage: z.enum(ALL_PROJECT_STAGES, { error: `stage must be one of: ${ALL_PROJECT_STAGES.join(', ')}.` }) });
export const boardColumnPageSchema = z.object({ cards: z.array(boardCardSchema), next_cursor: z.string().nullable() });

/** The place of a stage in the pipeline (1 to 6, Archived last): what "sort by stage" means everywhere. */
export const stageRank = (stage: ProjectStage): number => ALL_PROJECT_STAGES.indexOf(stage) + 1;

// Item 6: possible duplicates.

/** A project of the same site (normalised address), named by a 409 `possible_duplicate` and on the admin's project page. */
export const duplicateProjectSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  address: z.string(),
  user_id: z.number().int(),
  owner_name: z.string(),
  project_stage: z.enum(ALL_PROJECT_STAGES),
  created_at: z.string(),
});
export type DuplicateProject = z.infer<typeof duplicateProjectSchema>;
/** GET /api/admin/projects/{id}/duplicates: other projects at the same site, any partner's. */
export const duplicatesResponseSchema = z.object({ duplicates: z.array(duplicateProjectSchema) });

/** POST /api/projects's 409 message: "You already have Pacific Fastener Supply at 4100 Industrial Pkwy". */
export const duplicateMessage = (project: { company_name: string; address: string }): string =>
  `You already have ${project.company_name || 'a project'} at ${project.address}. Create it anyway?`;

// Item 6: the partner's own list.

export const PROJECT_SORTS = ['updated_at', 'created_at', 'company_name', 'project_stage', 'days_in_stage'] as const;
const stageValue = z.enum(ALL_PROJECT_STAGES, { error: `stage must be one of: ${ALL_PROJECT_STAGES.join(', ')}.` });
/**
 * GET /api/projects (issue 37 item 6): the caller's projects with the admin lists' parameter
 * names: `q` (company, city, address, id), repeatable `stage`, `state`, `stalled`,
 * `open_proposal` (a proposal request not yet in a terminal status) and `sort`; newest
 * updated_at first by default.
 */
export const projectListQuerySchema = pageQuerySchema.extend({
  q: searchParam,
  stage: z.union([stageValue, z.array(stageValue).max(ALL_PROJECT_STAGES.length * 2)], { error: `stage must be one of: ${ALL_PROJECT_STAGES.join(', ')}.` }).transform((value) => (Array.isArray(value) ? value : [value])).optional(),
  state: z.string({ error: 'state must be text.' }).trim().max(50, 'state must be at most 50 characters.').transform((value) => value || undefined).optional(),
  stalled: z.enum(['true', 'false'], { error: 'stalled is true or false.' }).optional(),
  open_proposal: z.enum(['true', 'false'], { error: 'open_proposal is true or false.' }).optional(),
  sort: sortParam(PROJECT_SORTS),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;
