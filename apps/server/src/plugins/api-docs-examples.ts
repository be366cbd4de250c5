import {
  apiTokenCreateBodySchema,
  apiTokenCreatedSchema,
  apiTokenListSchema,
  earningsSchema,
  projectCreateBodySchema,
  projectCreatedResponseSchema,
  projectSchema,
  projectUpdateBodySchema,
  webhookEndpointCreateBodySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  type ApiErrorBody,
  type ApiTokenCreateBody,
  type ApiTokenCreated,
  type ApiTokenList,
  type Earnings,
  type Project,
  type ProjectCreateInput,
  type WebhookEndpoint,
  type WebhookEndpointCreateBody,
  type WebhookEndpointCreated,
} from '@sunin/contract';
import { z, type ZodType } from 'zod';

/*
 * Request and response examples of the routes a partner's integration calls first (issue 40
 * item 2), keyed by method and route URL and put on the operation when the route exists. Each
 * names the contract schema it is an example of: api-docs.test.ts parses every example with it,
 * and with the route's own schema once the route is registered, so an example cannot drift.
 */

export interface ExampleOf {
  schema: ZodType;
  value: unknown;
}

export interface OperationExamples {
  request?: ExampleOf;
  response: ExampleOf & { status: number };
}

/**
 * The body Getting started creates a project with: the fields a first integration has. Every
 * project field is optional; a test sends this through the real route and expects 201.
 */
export const GETTING_STARTED_PROJECT = {
  project: {
    company_name: 'Harbor Cold Storage',
    address_1: '1200 Harbor Blvd',
    city: 'Oxnard',
    state: 'CA',
    zip: '93035',
    average_monthly_power_bill_cost: '4250.00',
  },
} satisfies { project: ProjectCreateInput };

/** What POST /api/projects answers to GETTING_STARTED_PROJECT with a 21-character ZIP (a test checks it). */
export const ERROR_EXAMPLE: ApiErrorBody = { error: { code: 'validation_failed', message: 'ZIP must be at most 20 characters.', fields: { zip: 'ZIP must be at most 20 characters.' } } };

/** The webhook endpoint Getting started subscribes. */
export const GETTING_STARTED_WEBHOOK = {
  webhook_endpoint: { url: 'https://crm.example.com/hooks/sunin', events: ['project.created', 'project.stage_changed'] },
} satisfies WebhookEndpointCreateBody;

const PROJECT: Project = {
  id: 4182,
  account_id: null,
  user_id: 311,
  owner_name: 'Dana Whitfield',
  company_name: 'Harbor Cold Storage',
  industry: 'Warehousing',
  address_1: '1200 Harbor Blvd',
  address_2: '',
  city: 'Oxnard',
  state: 'CA',
  zip: '93035',
  shade_interference: 'No',
  shade_interference_details: '',
  type_of_roof: 'TPO and PVC Roofing',
  age_of_roof: '6-10 Years',
  roof_description: 'Flat membrane roof, about 60,000 sq ft, two rooftop condensers.',
  utility_company: 'Southern California Edison',
  utility_account_holder: 'Harbor Cold Storage LLC',
  utility_account_number: '700123456789',
  main_meter_number: 'V349N-12345',
  main_panel_amperage: '2000',
  power_bill_received_status: 'Yes',
  average_monthly_power_bill_cost: '4250.00',
  additional_utility_notes: '',
  kilowatt_amounts: [[21850, 20400, 22300, 23900, 26100, 29800, 33400, 34100, 31200, 27000, 22900, 21700]],
  project_stage: 'Presentation Ready',
  proposal_url: null,
  itc_energy_community: false,
  itc_domestic_content: false,
  tax_exempt: false,
  tax_exempt_owner: false,
  itc_prevailing_wage: true,
  construction_start_date: null,
  expected_in_service_date: '2027-09-30',
  meters: [
    {
      name: 'Main meter',
      tariff_id: 12,
      load_profile: 'cold_storage',
      months: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12'],
      interval_import_id: null,
      interval: null,
    },
  ],
  stage_entered_at: '2026-11-18T16:02:11.000Z',
  stalled: false,
  signed_at: null,
  created_at: '2026-11-03T09:41:27.000Z',
  updated_at: '2026-11-18T16:02:11.000Z',
};

const EARNINGS: Earnings = {
  entries: [
    {
      id: 907,
      user_id: 311,
      project_id: 4182,
      company_name: 'Harbor Cold Storage',
      kind: 'deal',
      share_rate: 0.6,
      net_profit_usd: 48000,
      amount_usd: 28800,
      status: 'expected',
      reason: '',
      payout_id: null,
      applies_at: null,
      clawback_until: null,
      created_at: '2026-11-20T10:15:00.000Z',
      updated_at: '2026-11-20T10:15:00.000Z',
    },
  ],
  totals: { expected_usd: 28800, approved_usd: 0, paid_usd: 12600, payable_usd: 0 },
  share_rate: 0.6,
  minimum_payout_usd: 0,
  share_ladder: { referral_partner: 0.2, sales_partner: 0.6, enterprize_partner: 0.7 },
  payouts: [
    {
      id: 55,
      user_id: 311,
      user_name: 'dana.whitfield',
      amount_usd: 12600,
      reference: 'ACH 2026-10-31 #5521',
      paid_by_name: 'Operations',
      method: 'manual',
      status: 'paid',
      failure_reason: null,
      settled_at: '2026-10-31T17:00:00.000Z',
      created_at: '2026-10-31T17:00:00.000Z',
    },
  ],
  next_tier: { account_type: 'enterprize_partner', share_rate: 0.7, path: 'ask_team' },
  at_risk: { amount_usd: 12600, until: '2027-04-29' },
  statements: [
    { month: '2026-10', opening_usd: 0, earned_usd: 12600, adjustments_usd: 0, payouts_usd: 12600, closing_usd: 0, issued_at: '2026-11-01T06:00:00.000Z', emailed_at: '2026-11-01T06:00:04.000Z' },
  ],
};

const API_TOKEN_REQUEST: ApiTokenCreateBody = { api_token: { name: 'HubSpot sync', scopes: ['projects:read', 'projects:write'], expires_in_days: 90 } };
const API_TOKEN = {
  id: 17,
  name: 'HubSpot sync',
  scopes: ['projects:read', 'projects:write'],
  token_hint: 'x9Qe',
  created_at: '2026-12-01T08:30:00.000Z',
  expires_at: '2027-03-01T08:30:00.000Z',
  last_used_at: null,
  active: true,
} satisfies ApiTokenCreated['api_token'];
const API_TOKEN_CREATED: ApiTokenCreated = { api_token: API_TOKEN, token: 'sunin_pat_4rW7tLk2pVn9sQd3bYh6mZc8fJa1eXu5gTo0iNy_x9Qe' };
const API_TOKEN_LIST: ApiTokenList = {
  api_tokens: [
    { ...API_TOKEN, last_used_at: '2026-12-05T22:14:09.000Z' },
    { id: 9, name: 'Earnings export', scopes: ['earnings:read'], token_hint: '7cKd', created_at: '2026-09-12T14:00:00.000Z', expires_at: null, last_used_at: '2026-12-01T06:00:02.000Z', active: true },
  ],
};

const WEBHOOK_ENDPOINT: WebhookEndpoint = {
  id: 3,
  url: GETTING_STARTED_WEBHOOK.webhook_endpoint.url,
  description: '',
  events: [...GETTING_STARTED_WEBHOOK.webhook_endpoint.events],
  company_wide: false,
  enabled: true,
  disabled_at: null,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-12-01T08:35:00.000Z',
  updated_at: '2026-12-01T08:35:00.000Z',
};
const WEBHOOK_ENDPOINT_CREATED: WebhookEndpointCreated = { webhook_endpoint: WEBHOOK_ENDPOINT, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };

export const OPERATION_EXAMPLES: Readonly<Record<string, OperationExamples>> = {
  'GET /api/projects': { response: { status: 200, schema: z.array(projectSchema), value: [PROJECT] } },
  'GET /api/projects/:id': { response: { status: 200, schema: projectSchema, value: PROJECT } },
  'POST /api/projects': {
    request: { schema: projectCreateBodySchema, value: GETTING_STARTED_PROJECT },
    response: { status: 201, schema: projectCreatedResponseSchema, value: { projectId: 4183 } },
  },
  'PATCH /api/projects/:id': {
    request: { schema: projectUpdateBodySchema, value: { project: { utility_company: 'Southern California Edison', main_panel_amperage: '2000', type_of_roof: 'TPO and PVC Roofing' } } },
    response: { status: 200, schema: projectSchema, value: PROJECT },
  },
  'GET /api/user/earnings': { response: { status: 200, schema: earningsSchema, value: EARNINGS } },
  'POST /api/user/api_tokens': {
    request: { schema: apiTokenCreateBodySchema, value: API_TOKEN_REQUEST },
    response: { status: 201, schema: apiTokenCreatedSchema, value: API_TOKEN_CREATED },
  },
  'GET /api/user/api_tokens': { response: { status: 200, schema: apiTokenListSchema, value: API_TOKEN_LIST } },
  'POST /api/webhook_endpoints': {
    request: { schema: webhookEndpointCreateBodySchema, value: GETTING_STARTED_WEBHOOK },
    response: { status: 201, schema: webhookEndpointCreatedSchema, value: WEBHOOK_ENDPOINT_CREATED },
  },
  'GET /api/webhook_endpoints': { response: { status: 200, schema: webhookEndpointListSchema, value: { webhook_endpoints: [WEBHOOK_ENDPOINT] } } },
};
