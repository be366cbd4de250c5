import { z } from 'zod';
import { EARNING_ENTRY_KINDS, EARNING_ENTRY_STATUSES } from './earnings.js';
import { ALL_PROJECT_STAGES, PROPOSAL_STATUSES } from './enums.js';
import { int4Id } from './input-bounds.js';
import { PAYOUT_METHODS } from './partner-pay.js';
import { LEAD_SOURCES } from './referrals.js';

/*
 * The public API's tokens and outbound webhooks (issue 40; docs/decisions/051-api-tokens-and-webhooks.md).
 * A personal API token is sent as `Authorization: Bearer sunin_pat_...` and acts as its member
 * within its scopes. A webhook endpoint receives the chosen events, signed by the Standard
 * Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */

// --- API tokens --------------------------------------------------------------------------

/** What a token may do: read or write the member's projects, read their earnings, or (administrators only) the admin API. */
export const API_TOKEN_SCOPES = ['projects:read', 'projects:write', 'earnings:read', 'admin'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'projects:read': 'Read projects',
  'projects:write': 'Write projects',
  'earnings:read': 'Read earnings',
  admin: 'Administration',
};
/** Offered only to full access administrators, and refused for anyone else. */
export const ADMIN_API_TOKEN_SCOPES: readonly ApiTokenScope[] = ['admin'];
/** Every token's text starts so, which tells it from a session's JWT and lets secret scanners find it. */
export const API_TOKEN_PREFIX = 'sunin_pat_';
/** A token lasts at most a year, or never expires (expires_in_days null). */
export const API_TOKEN_MAX_DAYS = 365;
/** The choices /profile offers; the API takes any whole number of days from 1 to 365, or null. */
export const API_TOKEN_EXPIRY_CHOICES = [30, 90, 365, null] as const;
/** Requests a token may make a minute (API_TOKEN_REQUESTS_PER_MINUTE's default). */
export const API_TOKEN_REQUESTS_PER_MINUTE = 120;
/** Tokens a member may hold at once (revoked and expired ones do not count). */
export const API_TOKENS_PER_USER = 25;

export const apiTokenCreateBodySchema = z.strictObject({
  api_token: z.strictObject({
    name: z.string({ error: 'name is required.' }).trim().min(1, "Name can't be blank.").max(100, 'Name is too long (maximum is 100 characters).'),
    scopes: z
      .array(z.enum(API_TOKEN_SCOPES, { error: `Each scope must be one of ${API_TOKEN_SCOPES.join(', ')}.` }), { error: 'scopes must be a list.' })
      .min(1, 'Choose at least one scope.')
      .max(API_TOKEN_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope may be given once.'),
    expires_in_days: z
      .number({ error: 'expires_in_days must be a whole number of days, or null for a token that never expires.' })
      .int('expires_in_days must be a whole number of days.')
      .min(1, 'expires_in_days is at least 1.')
      .max(API_TOKEN_MAX_DAYS, `A token lasts at most ${API_TOKEN_MAX_DAYS} days.`)
      .nullable(),
  }),
});
export type ApiTokenCreateBody = z.infer<typeof apiTokenCreateBodySchema>;

/** A token as its owner sees it: never its text. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The token's last four characters. */
  token_hint: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  /** Whether it still works: neither expired nor revoked. */
  active: z.boolean(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
/** 201 from POST /api/user/api_tokens: the only time `token` is shown. */
export const apiTokenCreatedSchema = z.object({ api_token: apiTokenSchema, token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
/** GET /api/user/api_tokens: the member's tokens that are not revoked, newest first. */
export const apiTokenListSchema = z.object({ api_tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;
export const apiTokenIdParamsSchema = z.object({ id: int4Id('The token id') });

// --- Webhooks ----------------------------------------------------------------------------

/** The events an endpoint may choose. */
export const WEBHOOK_EVENT_TYPES = [
  'project.created',
  'project.updated',
  'project.stage_changed',
  'proposal.status_changed',
  'proposal.signed',
  'earnings.entry_changed',
  'payout.paid',
  'lead.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** "Send test event" sends this type, to one endpoint, whatever it chose. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'project.created': 'A project is created',
  'project.updated': 'A project is edited',
  'project.stage_changed': "A project's stage changes",
  'proposal.status_changed': "A proposal request's status changes",
  'proposal.signed': 'The customer signs a proposal',
  'earnings.entry_changed': 'An earnings entry is added or changes',
  'payout.paid': 'A payout is paid',
  'lead.created': 'A referral lead comes in',
};
/** The token scope an event's data needs: an endpoint made with a token must hold it. */
export const WEBHOOK_EVENT_SCOPES: Record<WebhookEventType, ApiTokenScope> = {
  'project.created': 'projects:read',
  'project.updated': 'projects:read',
  'project.stage_changed': 'projects:read',
  'proposal.status_changed': 'projects:read',
  'proposal.signed': 'projects:read',
  'earnings.entry_changed': 'earnings:read',
  'payout.paid': 'earnings:read',
  'lead.created': 'projects:read',
};
/** The waits before each retry after a failed attempt: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** An endpoint whose deliveries have failed without a success for this long is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
/** An attempt that has no answer within this is a failure. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** At most this much of an answer's body is read, and kept as its excerpt. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 4096;
/** Endpoints a member may hold. */
export const WEBHOOK_ENDPOINTS_PER_USER = 10;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** Why an endpoint is off: its deliveries failed for five days, or its owner turned it off. */
export const WEBHOOK_ENDPOINT_DISABLED_REASONS = ['failing', 'owner'] as const;
export type WebhookEndpointDisabledReason = (typeof WEBHOOK_ENDPOINT_DISABLED_REASONS)[number];

const webhookUrl = z
  .string({ error: 'url is required.' })
  .trim()
  .min(1, "URL can't be blank.")
  .max(2000, 'URL is too long (maximum is 2000 characters).')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'URL must be an http or https address.');
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Each event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}.` }), { error: 'events must be a list.' })
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'Each event may be given once.');
const webhookDescription = z.string().trim().max(200, 'Description is too long (maximum is 200 characters).');

/** POST /api/webhook_endpoints: 201 with the signing secret, shown once. `company_wide` is for full access administrators. */
export const webhookEndpointCreateBodySchema = z.strictObject({
  webhook_endpoint: z.strictObject({ url: webhookUrl, events: webhookEvents, description: webhookDescription.optional(), company_wide: z.boolean().optional() }),
});
export type WebhookEndpointCreateBody = z.infer<typeof webhookEndpointCreateBodySchema>;
/** PATCH /api/webhook_endpoints/{id}: turning an endpoint on again clears its failing state. */
export const webhookEndpointUpdateBodySchema = z.strictObject({
  webhook_endpoint: z
    .strictObject({ url: webhookUrl.optional(), events: webhookEvents.optional(), description: webhookDescription.optional(), enabled: z.boolean().optional() })
    .refine((changes) => Object.keys(changes).length > 0, 'Send at least one field to change.'),
});
export type WebhookEndpointUpdateBody = z.infer<typeof webhookEndpointUpdateBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  company_wide: z.boolean(),
  enabled: z.boolean(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.enum(WEBHOOK_ENDPOINT_DISABLED_REASONS).nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointResponseSchema = z.object({ webhook_endpoint: webhookEndpointSchema });
/** 201 from POST /api/webhook_endpoints: the only time `secret` is shown. */
export const webhookEndpointCreatedSchema = z.object({ webhook_endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;
/** GET /api/webhook_endpoints: the caller's own endpoints (an administrator's include their company-wide ones). */
export const webhookEndpointListSchema = z.object({ webhook_endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  attempted_at: z.string(),
  duration_ms: z.number().int(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  response_excerpt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When the next attempt is due; null once it succeeded or failed for good. */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** The JSON body sent. */
  payload: z.unknown(),
  /** Newest first. */
  attempt_log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
/** GET /api/webhook_endpoints/{id}/deliveries (page, per_page): newest first. */
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema), total: z.number().int() });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });
export const webhookEndpointIdParamsSchema = z.object({ id: int4Id('The endpoint id') });
export const webhookDeliveryParamsSchema = z.object({ id: int4Id('The endpoint id'), delivery_id: int4Id('The delivery id') });

/** What every delivery's body is: Standard Webhooks' `{ type, timestamp, data }`. */
export interface WebhookMessage<T = unknown> {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** When the change happened, ISO 8601. */
  timestamp: string;
  data: T;
}

// --- Webhook payloads ----------------------------------------------------------------------
// The `data` of each event (docs/webhooks.md). Compact and stable: ids, the owner's id, names,
// stages and statuses as words, amounts as numbers of dollars, times in ISO 8601. Never a
// secret: no TIN, no customer link or its token, no signer's e-mail or address.

/** A project as every project event names it. `owner_id` is the partner who owns it. */
export const webhookProjectSchema = z.object({
  id: z.number().int(),
  owner_id: z.number().int(),
  company_name: z.string(),
  project_stage: z.enum(ALL_PROJECT_STAGES),
  city: z.string(),
  state: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookProject = z.infer<typeof webhookProjectSchema>;

export const projectCreatedDataSchema = z.object({ project: webhookProjectSchema });
/** Any field edit, by the owner or an administrator; `changed_fields` names the columns written (a stage change lists `project_stage`). */
export const projectUpdatedDataSchema = z.object({ project: webhookProjectSchema, changed_fields: z.array(z.string()) });
export const projectStageChangedDataSchema = z.object({ project: webhookProjectSchema, from_stage: z.enum(ALL_PROJECT_STAGES), to_stage: z.enum(ALL_PROJECT_STAGES) });
/** A proposal request's status, as its label (`Proposal requested and pending review`...); `from_status` is null when the request is new. */
export const proposalStatusChangedDataSchema = z.object({
  proposal_request: z.object({ id: z.number().int(), project_id: z.number().int(), owner_id: z.number().int(), company_name: z.string() }),
  from_status: z.enum(PROPOSAL_STATUSES).nullable(),
  to_status: z.enum(PROPOSAL_STATUSES),
});
/** The customer signed a proposal version through their link: who signed (name and title only) and when. */
export const proposalSignedDataSchema = z.object({
  project_id: z.number().int(),
  owner_id: z.number().int(),
  company_name: z.string(),
  proposal_version: z.number().int(),
  signer_name: z.string(),
  signer_title: z.string(),
  signed_at: z.string(),
});
/** An earnings ledger entry added, or its status or amount changed. */
export const earningsEntryChangedDataSchema = z.object({
  entry: z.object({
    id: z.number().int(),
    owner_id: z.number().int(),
    project_id: z.number().int().nullable(),
    kind: z.enum(EARNING_ENTRY_KINDS),
    company_name: z.string(),
    amount_usd: z.number(),
    status: z.enum(EARNING_ENTRY_STATUSES),
    created_at: z.string(),
    updated_at: z.string(),
  }),
});
export const payoutPaidDataSchema = z.object({
  payout: z.object({ id: z.number().int(), owner_id: z.number().int(), amount_usd: z.number(), method: z.enum(PAYOUT_METHODS), reference: z.string(), paid_at: z.string() }),
});
/** A referral lead: from a partner's link or the public form, or registered by hand. `owner_id` is the partner's, null for a lead of no partner (company-wide endpoints only). */
export const leadCreatedDataSchema = z.object({
  lead: z.object({ id: z.number().int(), owner_id: z.number().int().nullable(), source: z.enum(LEAD_SOURCES), company_name: z.string(), city: z.string(), state: z.string(), created_at: z.string() }),
});
/** "Send test event": to one endpoint, whatever it chose. */
export const webhookTestDataSchema = z.object({ endpoint_id: z.number().int(), message: z.string() });

/** The `data` schema of each event type. */
export const WEBHOOK_EVENT_DATA_SCHEMAS = {
  'project.created': projectCreatedDataSchema,
  'project.updated': projectUpdatedDataSchema,
  'project.stage_changed': projectStageChangedDataSchema,
  'proposal.status_changed': proposalStatusChangedDataSchema,
  'proposal.signed': proposalSignedDataSchema,
  'earnings.entry_changed': earningsEntryChangedDataSchema,
  'payout.paid': payoutPaidDataSchema,
  'lead.created': leadCreatedDataSchema,
  [WEBHOOK_TEST_EVENT]: webhookTestDataSchema,
} as const;
export type WebhookEventData = { [K in keyof typeof WEBHOOK_EVENT_DATA_SCHEMAS]: z.infer<(typeof WEBHOOK_EVENT_DATA_SCHEMAS)[K]> };

const exampleProject: WebhookProject = {
  id: 412,
  owner_id: 37,
  company_name: 'Bayside Brewing',
  project_stage: 'Presentation Ready',
  city: 'Oakland',
  state: 'CA',
  created_at: '2026-11-02T16:20:11.000Z',
  updated_at: '2026-11-09T09:14:03.000Z',
};
const exampleAt = '2026-11-09T09:14:03.000Z';
/** One example message per event type (the API reference and docs/webhooks.md show them). */
export const WEBHOOK_EVENT_EXAMPLES: { [K in keyof WebhookEventData]: WebhookMessage<WebhookEventData[K]> & { type: K } } = {
  'project.created': { type: 'project.created', timestamp: exampleAt, data: { project: { ...exampleProject, project_stage: 'Project Initiation', updated_at: exampleProject.created_at } } },
  'project.updated': { type: 'project.updated', timestamp: exampleAt, data: { project: exampleProject, changed_fields: ['city', 'zip'] } },
  'project.stage_changed': { type: 'project.stage_changed', timestamp: exampleAt, data: { project: exampleProject, from_stage: 'Project Initiation', to_stage: 'Presentation Ready' } },
  'proposal.status_changed': {
    type: 'proposal.status_changed',
    timestamp: exampleAt,
    data: { proposal_request: { id: 88, project_id: 412, owner_id: 37, company_name: 'Bayside Brewing' }, from_status: 'Proposal accepted and assigned to engineer', to_status: 'Proposal created and attached to project' },
  },
  'proposal.signed': {
    type: 'proposal.signed',
    timestamp: exampleAt,
    data: { project_id: 412, owner_id: 37, company_name: 'Bayside Brewing', proposal_version: 2, signer_name: 'Dana Reyes', signer_title: 'Owner', signed_at: exampleAt },
  },
  'earnings.entry_changed': {
    type: 'earnings.entry_changed',
    timestamp: exampleAt,
    data: { entry: { id: 1203, owner_id: 37, project_id: 412, kind: 'deal', company_name: 'Bayside Brewing', amount_usd: 4250.5, status: 'approved', created_at: '2026-11-02T16:20:11.000Z', updated_at: exampleAt } },
  },
  'payout.paid': { type: 'payout.paid', timestamp: exampleAt, data: { payout: { id: 57, owner_id: 37, amount_usd: 4250.5, method: 'manual', reference: 'ACH 2026-11-09', paid_at: exampleAt } } },
  'lead.created': {
    type: 'lead.created',
    timestamp: exampleAt,
    data: { lead: { id: 901, owner_id: 37, source: 'link', company_name: 'Harbor Cold Storage', city: 'Alameda', state: 'CA', created_at: exampleAt } },
  },
  [WEBHOOK_TEST_EVENT]: { type: WEBHOOK_TEST_EVENT, timestamp: exampleAt, data: { endpoint_id: 12, message: 'A test event from the SunIn Partner Portal.' } },
};
