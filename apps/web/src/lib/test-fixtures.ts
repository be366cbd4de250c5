import type { AdminLead, ApiToken, Contact, EarningEntry, Earnings, Lead, Notification, Project, ProjectLink, StoredFile, User, WebhookDelivery, WebhookEndpoint } from '@sunin/contract';

/** A complete GET /api/user/profile answer; override what a test cares about. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 3,
    first_name: 'Ana',
    last_name: 'Lopez',
    user_name: 'ana',
    email: 'ana@example.com',
    phone_number: '5125550100',
    referrer_name: '',
    address_1: '1 main st',
    address_2: '',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    account_type: 'referral_partner',
    company_role: null,
    member_level: null,
    image: null,
    company_name: '',
    logo_url: null,
    created_at: '2025-01-05T10:00:00.000Z',
    updated_at: '2025-01-05T10:00:00.000Z',
    email_verified_at: null,
    subscription_status: null,
    subscription_end_date: null,
    is_in_trial: false,
    trial_end_date: null,
    mfa_enabled: false,
    ...overrides,
  };
}

/** A complete GET /api/projects/:id answer; override what a test cares about. */
export function buildProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 7,
    account_id: 1,
    user_id: 3,
    owner_name: 'Ana Lopez',
    company_name: 'Sunny Foods',
    industry: '',
    address_1: '100 Main St',
    address_2: 'Suite 4',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    shade_interference: 'No',
    shade_interference_details: '',
    type_of_roof: 'Metal Roofing',
    age_of_roof: '6-10 Years',
    roof_description: '',
    utility_company: 'Austin Energy',
    utility_account_holder: 'Sunny Foods LLC',
    utility_account_number: 'AE-1',
    main_meter_number: 'M-1',
    main_panel_amperage: '400',
    power_bill_received_status: 'No',
    average_monthly_power_bill_cost: '1200',
    additional_utility_notes: '',
    kilowatt_amounts: [],
    project_stage: 'Project Initiation',
    proposal_url: null,
    itc_energy_community: false,
    itc_domestic_content: false,
    tax_exempt: false,
    tax_exempt_owner: false,
    itc_prevailing_wage: false,
    construction_start_date: null,
    expected_in_service_date: null,
    meters: [],
    stage_entered_at: '2025-03-01T10:00:00.000Z',
    stalled: false,
    signed_at: null,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 11,
    project_id: 7,
    contact_first_name: 'Jamie',
    contact_last_name: 'Cole',
    contact_title: 'Facilities Manager',
    contact_email: 'jamie@sunnyfoods.example',
    contact_phone_number: '5125550111',
    contact_notes: '',
    profile_photo_url: null,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildProjectLink(overrides: Partial<ProjectLink> = {}): ProjectLink {
  return {
    id: 21,
    project_id: 7,
    link_type: 'Finance',
    link_title: 'Loan portal',
    link_url: 'https://finance.example/loan',
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildStoredFile(overrides: Partial<StoredFile> = {}): StoredFile {
  const id = overrides.id ?? 31;
  return {
    id,
    project_id: 7,
    name: `photo-${id}.png`,
    url: `/api/projects/7/images/${id}`,
    content_type: 'image/png',
    byte_size: 2048,
    taken_at: null,
    latitude: null,
    longitude: null,
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A notification as GET /api/users/:id/notifications answers it; no subject unless given. */
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    user_id: 3,
    title: 'Proposal update',
    message: 'Your proposal request is now: Proposal accepted and assigned to engineer.',
    read: false,
    viewed_on: null,
    created_at: '2025-03-01T10:00:00.000Z',
    project_id: null,
    proposal_ticket_id: null,
    kind: 'proposal_updates',
    ...overrides,
  };
}

/** A paid deal entry of a sales partner (60 % of $10,000), still inside the clawback window; override what a test cares about. */
export function buildEarningEntry(overrides: Partial<EarningEntry> = {}): EarningEntry {
  return {
    id: 5,
    user_id: 7,
    project_id: 31,
    company_name: 'Harbor Cold Storage',
    kind: 'deal',
    share_rate: 0.6,
    net_profit_usd: 10_000,
    amount_usd: 6000,
    status: 'paid',
    reason: '',
    payout_id: 2,
    applies_at: null,
    clawback_until: '2027-02-20T12:00:00.000Z',
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-22T12:00:00.000Z',
    ...overrides,
  };
}

/** A complete GET /api/user/earnings answer of a sales partner; override what a test cares about. */
export function buildEarnings(overrides: Partial<Earnings> = {}): Earnings {
  return {
    entries: [],
    totals: { expected_usd: 0, approved_usd: 0, paid_usd: 0, payable_usd: 0 },
    share_rate: 0.6,
    minimum_payout_usd: 0,
    share_ladder: { referral_partner: 0.2, sales_partner: 0.6, enterprize_partner: 0.7 },
    payouts: [],
    next_tier: { account_type: 'enterprize_partner', share_rate: 0.7, path: 'ask_team' },
    at_risk: { amount_usd: 0, until: null },
    statements: [],
    ...overrides,
  };
}

/** A lead as its partner sees it (GET /api/user/leads); override what a test cares about. */
export function buildLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 11,
    status: 'new',
    source: 'link',
    company_name: 'Harbor Cold Storage',
    contact_name: 'Dana Owner',
    address_1: '500 Dock Rd',
    city: 'Austin',
    state: 'TX',
    zip: '78702',
    expires_at: '2027-03-06T10:00:00.000Z',
    rejected_reason: null,
    project: null,
    created_at: '2026-12-06T10:00:00.000Z',
    updated_at: '2026-12-06T10:00:00.000Z',
    ...overrides,
  };
}

/** A lead of the admin queue (GET /api/admin/leads); override what a test cares about. */
export function buildAdminLead(overrides: Partial<AdminLead> = {}): AdminLead {
  return {
    ...buildLead(),
    email: 'dana@harbor.example',
    phone: '5125550188',
    utility_company: 'Austin Energy',
    average_monthly_bill: 1250.5,
    has_usage_file: false,
    partner: { id: 7, name: 'Pat Partner', company_name: 'Pat Solar' },
    referred_by: null,
    conflict: null,
    clicked_at: '2026-12-05T10:00:00.000Z',
    converted_at: null,
    ...overrides,
  };
}

/** An item of GET /api/user/api_tokens (issue 40); override what a test cares about. */
export function buildApiToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 4,
    name: 'HubSpot sync',
    scopes: ['projects:read'],
    token_hint: 'abcd',
    created_at: '2026-11-01T10:00:00.000Z',
    expires_at: null,
    last_used_at: null,
    active: true,
    ...overrides,
  };
}

/** A webhook endpoint as GET /api/webhook_endpoints/:id answers it (issue 40). */
export function buildWebhookEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 9,
    url: 'https://crm.example.com/hooks',
    description: '',
    events: ['project.created'],
    company_wide: false,
    enabled: true,
    disabled_at: null,
    disabled_reason: null,
    failing_since: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** One delivery of an endpoint's log (issue 40), pending and not yet attempted unless overridden. */
export function buildWebhookDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 31,
    message_id: 'msg_2Lx0test',
    event_type: 'webhook.test',
    status: 'pending',
    attempts: 0,
    next_attempt_at: '2026-11-01T10:00:05.000Z',
    created_at: '2026-11-01T10:00:00.000Z',
    completed_at: null,
    payload: { type: 'webhook.test', timestamp: '2026-11-01T10:00:00.000Z', data: {} },
    attempt_log: [],
    ...overrides,
  };
}
