import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { normalizeEmail } from './email.js';
import { ACCOUNT_TYPES, ADMIN_ACCOUNT_TYPES, ADMIN_ROLE, ALL_PROJECT_STAGES, COMPANY_ROLES, SUBSCRIPTION_STATUSES } from './enums.js';
import { INT4_MAX, int4Id, isoDay } from './input-bounds.js';
import { pageQuerySchema } from './projects.js';
import { PROPOSAL_STATUS_NUMBERS, proposalTicketSchema } from './proposals.js';
import { emailField, passwordField, phoneField, usernameField, zipField } from './users.js';

const text = (label: string, max = 200) => z.string({ error: `${label} must be text.` }).trim().max(max, `${label} must be at most ${max} characters.`);
const requiredText = (label: string, max = 100) => text(label, max).min(1, `${label} is required.`);

/** updateUser of public-site-and-admin.md 7: the fields an administrator edits (no client rules; the server checks). */
const adminUserFields = {
  email: emailField,
  user_name: usernameField,
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  phone_number: z.union([phoneField, z.literal('')]),
  address_1: text('Address 1'),
  address_2: text('Address 2'),
  city: text('City', 100),
  state: text('State', 50),
  zip: z.union([zipField, z.literal('')]),
  company_role: z.union([z.enum(COMPANY_ROLES, { error: 'Unknown company role.' }), z.literal(''), z.null()]).transform((value) => value || null),
  account_type: z.enum(ACCOUNT_TYPES, { error: 'Unknown account type.' }),
  referrer_name: text('Referred by', 100),
  /** The partner's company on their customer links (issue 36 item 2). */
  company_name: text('Company name', 100),
};

/**
 * The acting administrator's own current password, beside `user` (issue 34 item 2): a stolen
 * admin token alone cannot grant administrator access, take over an account (its email), turn
 * off a member's two-factor sign-in or delete a user. Optional in the schema: only the server
 * knows whether an edit needs it (adminChangeNeedsPassword), and says so with 422 on this field.
 */
const adminCurrentPassword = z
  .string({ error: 'Your password must be text.' })
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .optional();
/** Why an administrator's DELETE /api/admin/users/{id} was refused (docs/decisions/034). */
export const USER_DELETE_REFUSALS = {
  self: 'You cannot delete your own account.',
  owns: (what: string) => `This user still has ${what}, which the business keeps (archived ones too): end their sessions instead.`,
  acted: 'This user made changes the business keeps a record of (audit entries, stage changes, deals or payouts they recorded): end their sessions and remove their role instead.',
  paying: 'This user has a subscription or a checkout that is still open: cancel it first.',
} as const;

export const ADMIN_REAUTH_MESSAGES = {
  required: 'Enter your password to confirm this change.',
} as const;

export const adminUserUpdateBodySchema = z.object({ user: z.object(adminUserFields).partial(), current_password: adminCurrentPassword });
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateBodySchema>['user'];
export const adminUserCreateBodySchema = z.object({
  user: z
    .object(adminUserFields)
    .partial()
    .required({ email: true, user_name: true, first_name: true, last_name: true, account_type: true })
    .extend({ password: passwordField }),
  current_password: adminCurrentPassword,
});
/** DELETE /admin/users/:id/mfa and DELETE /admin/users/:id: only the acting administrator's password. */
export const adminReauthBodySchema = z.object({ current_password: adminCurrentPassword });
export type AdminReauthBody = z.infer<typeof adminReauthBodySchema>;

type AccessFields = { email?: string | undefined; company_role?: string | null | undefined; account_type?: string | undefined };

/** True for an administrative account type (ADMIN_ACCOUNT_TYPES). */
export const isAdminAccountType = (accountType: string | undefined): boolean => accountType !== undefined && (ADMIN_ACCOUNT_TYPES as readonly string[]).includes(accountType);

/**
 * Whether an administrator's write to a user needs the administrator's current password
 * (issue 34 item 2): creating an administrator, changing the company role or the account type
 * TO an admin one (from anything else), or changing the email. `current` is the saved user
 * (null for a new one); a field left out, or sent unchanged, needs nothing, so a plain edit of
 * a name goes through. The server and the web app decide with this one function.
 */
export function adminChangeNeedsPassword(current: Required<Pick<AccessFields, 'email' | 'company_role' | 'account_type'>> | null, changes: AccessFields): boolean {
  const role = changes.company_role || null;
  const roleGranted = role === ADMIN_ROLE && role !== current?.company_role;
  const typeGranted = isAdminAccountType(changes.account_type) && changes.account_type !== current?.account_type;
  const emailChanged = current !== null && changes.email !== undefined && normalizeEmail(changes.email) !== normalizeEmail(current.email);
  return roleGranted || typeGranted || emailChanged;
}

/**
 * A list's `sort` parameter (issue 15 item 2): one whitelisted field, `-` before it for
 * descending. Anything else answers 422 naming the allowed fields.
 */
export function sortParam<const F extends string>(fields: readonly [F, ...F[]]) {
  const allowed = fields.flatMap((field) => [field, `-${field}`]);
  return z
    .string({ error: 'sort must be text.' })
    .refine((value) => allowed.includes(value), { message: `sort must be one of: ${allowed.join(', ')}.` })
    .transform((value) => (value.startsWith('-') ? { field: value.slice(1) as F, desc: true } : { field: value as F, desc: false }))
    .optional();
}
export type SortSpec<F extends string> = { field: F; desc: boolean };

/** `q`: a case-insensitive substring search; blank means no search. */
export const searchParam = z
  .string({ error: 'q must be text.' })
  .trim()
  .max(200, 'q must be at most 200 characters.')
  .transform((value) => value || undefined)
  .optional();

export const ADMIN_USER_SORTS = ['first_name', 'last_name', 'email', 'user_name', 'company_name', 'created_at'] as const;
export const adminUserListQuerySchema = pageQuerySchema.extend({
  per_page: pageQuerySchema.shape.per_page.default(8),
  q: searchParam,
  company_role: z.enum(COMPANY_ROLES, { error: 'Unknown company role.' }).optional(),
  account_type: z.enum(ACCOUNT_TYPES, { error: 'Unknown account type.' }).optional(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES, { error: 'Unknown subscription status.' }).optional(),
  sort: sortParam(ADMIN_USER_SORTS),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const ACCOUNT_STATUSES = ['Active', 'Inactive'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** An account (customer company); Inactive when it has projects and every one is Archived. */
export const accountSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** The owner's full name, so lists name the member rather than an id (issue 34 item 8). */
  owner_name: z.string(),
  company_name: z.string(),
  address: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  project_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountCreateBodySchema = z.object({
  account: z.object({
    user_id: int4Id('user_id', 'The owner is required.'),
    company_name: requiredText('Company name', 200),
    address: text('Address', 500).optional().transform((value) => value ?? ''),
  }),
});
export const accountUpdateBodySchema = z.object({
  account: z.object({ company_name: requiredText('Company name', 200), address: text('Address', 500) }).partial(),
});

/** A referral (lead): a project submitted by a referral partner; Inactive when Archived. */
export const referralSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  company_name: z.string(),
  address: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  project_stage: z.string(),
  created_at: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;

const stageValue = z.enum(ALL_PROJECT_STAGES, { error: `stage must be one of: ${ALL_PROJECT_STAGES.join(', ')}.` });
const dateParam = (label: string) => isoDay(label).optional();

/**
 * `project_stage` sorts in pipeline order (stageRank), `owner_name` by the owner's last then
 * first name, `days_in_stage` by the time in the current stage (issue 37 item 5).
 */
export const ADMIN_PROJECT_SORTS = ['updated_at', 'created_at', 'company_name', 'project_stage', 'id', 'owner_name', 'days_in_stage'] as const;
export const adminProjectListQuerySchema = pageQuerySchema.extend({
  user_id: int4Id('user_id').optional(),
  owner_id: int4Id('owner_id', 'owner_id must be a number.').optional(),
  stage_filter: z.enum(['working', 'archived'], { error: 'stage_filter is working or archived.' }).optional(),
  q: searchParam,
  /** Repeatable: `?stage=a&stage=b`. */
  stage: z.union([stageValue, z.array(stageValue).max(ALL_PROJECT_STAGES.length * 2)], { error: `stage must be one of: ${ALL_PROJECT_STAGES.join(', ')}.` }).transform((value) => (Array.isArray(value) ? value : [value])).optional(),
  state: text('state', 50).transform((value) => value || undefined).optional(),
  updated_from: dateParam('updated_from'),
  updated_to: dateParam('updated_to'),
  /** Signed by the customer (issue 36 item 4): `true` only signed, `false` only unsigned. */
  signed: z.enum(['true', 'false'], { error: 'signed is true or false.' }).optional(),
  sort: sortParam(ADMIN_PROJECT_SORTS),
});
export type AdminProjectListQuery = z.infer<typeof adminProjectListQuerySchema>;

const statusValue = z.coerce
  .number({ error: 'status must be a number from 1 to 8.' })
  .int('status must be a number from 1 to 8.')
  .refine((value) => (PROPOSAL_STATUS_NUMBERS as readonly number[]).includes(value), 'status must be a number from 1 to 8.');
/**
 * `urgency` (the default, issue 37 item 2): running clocks past due first (the most overdue
 * first), then the least time left, then those waiting for the power bill, stopped ones last.
 */
export const ADMIN_PROPOSAL_TICKET_SORTS = ['urgency', 'due_at', 'created_at', 'id', 'company_name', 'status', 'assignee_name'] as const;
/** The queue's page sizes (issue 37 item 2): the spec's 8, and 25 or 50 kept in the address. */
export const PROPOSAL_QUEUE_PAGE_SIZES = [8, 25, 50] as const;
/**
 * The admin's proposal tickets (issue 15 item 2, issue 37 item 2); terminal statuses only with
 * include_terminal or when named in status. `overdue=true` keeps the running clocks past their
 * due time; `assignee` is `me`, `none` or an administrator's id. Paged (X-Total-Count, Link),
 * 8 a page unless per_page says otherwise.
 */
export const adminProposalTicketListQuerySchema = pageQuerySchema.extend({
  per_page: pageQuerySchema.shape.per_page.default(8),
  include_terminal: z.enum(['true', 'false'], { error: 'include_terminal is true or false.' }).optional(),
  overdue: z.enum(['true', 'false'], { error: 'overdue is true or false.' }).optional(),
  assignee: z
    .union([z.enum(['me', 'none']), z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).refine((value) => value <= INT4_MAX)], { error: "assignee is 'me', 'none' or an administrator's id." })
    .optional(),
  /** One project's tickets (the admin project detail's Proposal tab, now that the queue is paged). */
  project_id: int4Id('project_id', 'project_id must be a number.').optional(),
  q: searchParam,
  /** Repeatable: `?status=1&status=5`. */
  status: z.union([statusValue, z.array(statusValue).max(16)]).transform((value) => (Array.isArray(value) ? value : [value])).optional(),
  sort: sortParam(ADMIN_PROPOSAL_TICKET_SORTS),
});
export type AdminProposalTicketListQuery = z.infer<typeof adminProposalTicketListQuerySchema>;

/**
 * Bulk stage change on All Projects (issue 15 item 6): one transaction per project, each
 * audited and notifying its owner; the answer says what changed, what already had the
 * stage and what failed, so the screen can summarise all three.
 */
export const ADMIN_BULK_STAGE_MAX = 100;
export const adminBulkStageBodySchema = z.object({
  project_ids: z
    .array(z.number({ error: 'project_ids must be numbers.' }).int().positive().max(INT4_MAX), { error: 'project_ids must be a list of project ids.' })
    .min(1, 'Select at least one project.')
    .max(ADMIN_BULK_STAGE_MAX, `Select at most ${ADMIN_BULK_STAGE_MAX} projects at a time.`),
  project_stage: stageValue,
});
export type AdminBulkStageInput = z.infer<typeof adminBulkStageBodySchema>;
export const adminBulkStageResultSchema = z.object({
  changed: z.array(z.object({ id: z.number().int(), company_name: z.string(), from: z.string(), to: z.string() })),
  unchanged: z.array(z.object({ id: z.number().int(), company_name: z.string() })),
  failed: z.array(z.object({ id: z.number().int(), message: z.string() })),
});
export type AdminBulkStageResult = z.infer<typeof adminBulkStageResultSchema>;

/** A ticket in the admin's queue (issue 37 item 2): the ticket with its partner and its owner in the queue. */
export const adminProposalTicketSchema = proposalTicketSchema.extend({
  partner_id: z.number().int(),
  partner_name: z.string(),
  /** When the current request (or revision request) was made: the current clock's requested_at. */
  requested_at: z.string(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
});
export type AdminProposalTicket = z.infer<typeof adminProposalTicketSchema>;

/** PATCH /api/admin/proposal_tickets/{id}: assign to a full access administrator, or unassign with null. */
export const adminProposalTicketPatchBodySchema = z.strictObject({
  proposal_ticket: z.strictObject({
    assignee_id: z
      .number({ error: "assignee_id must be an administrator's id or null." })
      .int("assignee_id must be an administrator's id or null.")
      .positive("assignee_id must be an administrator's id or null.")
      .max(INT4_MAX, `assignee_id must be at most ${INT4_MAX}.`)
      .nullable(),
  }),
});
export type AdminProposalTicketPatchBody = z.infer<typeof adminProposalTicketPatchBodySchema>;
