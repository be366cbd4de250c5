import { z } from 'zod';
import { PROPOSAL_TICKET_TITLE } from './constants.js';
import { httpUrl } from './projects.js';
import { PROPOSAL_STATUSES, REJECTION_REASONS, REJECTION_SPECIFICS, REVISION_TYPES, type ProposalStatus } from './enums.js';

/** Status numbers as the API speaks them: status n is PROPOSAL_STATUSES[n - 1] (member-app.md 4). */
export const PROPOSAL_STATUS = {
  proposalRequested: 1,
  proposalAccepted: 2,
  proposalCreated: 3,
  proposalRejected: 4,
  revisionRequested: 5,
  revisionAccepted: 6,
  revisionCompleted: 7,
  revisionRejected: 8,
} as const;
export type ProposalStatusNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export const PROPOSAL_STATUS_NUMBERS: readonly ProposalStatusNumber[] = [1, 2, 3, 4, 5, 6, 7, 8];

export function proposalStatusLabel(status: number): ProposalStatus | 'Unknown status' {
  return PROPOSAL_STATUSES[status - 1] ?? 'Unknown status';
}

/** The four terminal statuses: a revision may be requested from these, and the admin list hides them. */
export const TERMINAL_PROPOSAL_STATUSES: readonly ProposalStatusNumber[] = [3, 4, 7, 8];
/** Statuses that attach a proposal link to the project. */
export const ATTACHING_PROPOSAL_STATUSES: readonly ProposalStatusNumber[] = [3, 7];
/** Statuses that assign an engineer; the name is required for 2 only (public-site-and-admin.md 5). */
export const ENGINEER_PROPOSAL_STATUSES: readonly ProposalStatusNumber[] = [2, 6];
export const REJECTING_PROPOSAL_STATUSES: readonly ProposalStatusNumber[] = [4, 8];
/** Rejection reasons that need a rejection-specific field. */
export const SPECIFIC_REJECTION_REASONS = ['incorrect information', 'missing information'] as const;

export const isTerminalProposalStatus = (status: number) => (TERMINAL_PROPOSAL_STATUSES as readonly number[]).includes(status);

/** member-app.md 4: one third, two thirds, full, full, half, three quarters, full otherwise. */
export function proposalProgress(status: number): number {
  switch (status) {
    case 1:
      return 1 / 3;
    case 2:
      return 2 / 3;
    case 5:
      return 1 / 2;
    case 6:
      return 3 / 4;
    default:
      return 1;
  }
}

export type ProposalTone = 'pending' | 'accepted' | 'completed' | 'rejected';
/** Grey pending, dark grey accepted, blue completed, red rejected. */
export function proposalTone(status: number): ProposalTone {
  if (status === 1 || status === 5) return 'pending';
  if (status === 2 || status === 6) return 'accepted';
  if (status === 4 || status === 8) return 'rejected';
  return 'completed';
}

export const PROPOSAL_MESSAGES = {
  detailsRequired: 'Details are required.',
  revisionRequired: 'Please provide details and select a revision type.',
  openTicketExists: 'This project already has an open proposal request.',
  revisionNotAllowed: 'A revision can only be requested once the proposal is completed or rejected.',
  memberStatus: 'Members can only request a proposal (status 1) or a revision (status 5).',
  stageRequired: 'Please select a new stage.',
  engineerRequired: "Please enter the engineer's name.",
  rejectionReasonRequired: 'Please select a rejection reason.',
  rejectionSpecificRequired: 'Please select the field that needs attention.',
  proposalLinkRequired: 'Please enter the proposal link title and a full URL (http:// or https://).',
} as const;

const statusNumber = z.coerce
  .number({ error: 'Unknown status.' })
  .int('Unknown status.')
  .refine((value): value is ProposalStatusNumber => (PROPOSAL_STATUS_NUMBERS as readonly number[]).includes(value), 'Unknown status.');

const details = z
  .string({ error: PROPOSAL_MESSAGES.detailsRequired })
  .trim()
  .min(1, PROPOSAL_MESSAGES.detailsRequired)
  .max(10_000, 'Details must be at most 10000 characters.');

/** Create: the fields the client sends (member-app.md 7); the server decides what it trusts. */
export const proposalTicketCreateBodySchema = z.object({
  proposal_ticket: z.object({
    project_id: z.unknown().optional(),
    title: z.string().max(200).optional(),
    details,
    company_name: z.string().trim().max(200).optional(),
    company_address: z.string().trim().max(500).optional(),
    status: statusNumber.optional(),
    notification_user_id: z.unknown().optional(),
  }),
});

/** Update by a member: a revision request, status 5 with details (and optionally its type). */
export const proposalTicketUpdateBodySchema = z.object({
  proposal_ticket: z.object({
    status: statusNumber,
    details,
    revision_type: z.enum(REVISION_TYPES, { error: `Revision type must be one of: ${REVISION_TYPES.join(', ')}.` }).optional(),
  }),
});

export const proposalLinkInputSchema = z.object({
  title: z.string().trim().min(1, PROPOSAL_MESSAGES.proposalLinkRequired).max(200),
  url: httpUrl(PROPOSAL_MESSAGES.proposalLinkRequired),
});

/** Admin update (public-site-and-admin.md 7 updateProposal); conditional fields are checked by the server. */
export const adminProposalTicketUpdateBodySchema = z.object({
  proposal_ticket: z.object({
    status: statusNumber,
    admin_notes: z.string().trim().max(10_000).nullish().transform((value) => value ?? ''),
    engineer_name: z.string().trim().max(200).nullish().transform((value) => value ?? ''),
    rejection_reason: z.union([z.enum(REJECTION_REASONS, { error: 'Unknown rejection reason.' }), z.literal(''), z.null()]).optional().transform((value) => value || null),
    rejection_specific: z.union([z.enum(REJECTION_SPECIFICS, { error: 'Unknown rejection-specific field.' }), z.literal(''), z.null()]).optional().transform((value) => value || null),
    proposal_links: z.array(proposalLinkInputSchema).max(10).nullish().transform((value) => value ?? []),
  }),
});

export const proposalLinkSchema = z.object({ id: z.number().int(), title: z.string(), url: z.string() });

export const proposalTicketHistorySchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  status_label: z.string(),
  event_date: z.string(),
  action_taken_by: z.string(),
  rejection_reason: z.string().nullable(),
  rejection_specific: z.string().nullable(),
  notes: z.string(),
  proposal_link: z.string().nullable(),
});
export type ProposalTicketHistory = z.infer<typeof proposalTicketHistorySchema>;

export const proposalTicketSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  title: z.literal(PROPOSAL_TICKET_TITLE),
  details: z.string(),
  company_name: z.string(),
  company_address: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  notification_user_id: z.number().int(),
  engineer_name: z.string(),
  admin_notes: z.string(),
  rejection_reason: z.string().nullable(),
  rejection_specific: z.string().nullable(),
  proposal_links: z.array(proposalLinkSchema),
  proposal_ticket_histories: z.array(proposalTicketHistorySchema),
  /**
   * The current 48-hour clock (issue 18 item 1, DOMAIN.md 3): started when the power bill is
   * received (null until then), due 48 hours later, delivered when a proposal is attached,
   * stopped at a delivery or a rejection.
   */
  clock_started_at: z.string().nullable(),
  due_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  clock_stopped_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProposalTicket = z.infer<typeof proposalTicketSchema>;
