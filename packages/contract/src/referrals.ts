import { z } from 'zod';
import { isValidEmail, normalizeEmail } from './email.js';
import { ALL_PROJECT_STAGES } from './enums.js';
import { int4Id, INT4_MAX } from './input-bounds.js';
import { usdAmountSchema } from './money.js';
import { pageQuerySchema } from './projects.js';
import { LEAD_MESSAGES } from './referral-values.js';
import { US_STATE_CODES } from './us-states.js';

/*
 * Referral links and leads (issue 39, docs/decisions/050-referral-links-and-leads.md). A partner's
 * link `APP_URL/r/{code}` records a click and sets a first-party cookie; the business owner's
 * form (`POST /api/public/leads`) makes a lead that belongs to the partner of the last click
 * within the attribution window, or to nobody. A partner can also register a site by hand. A
 * site (its normalised address, `sunin_site_key`) held by an open registration or a project
 * belongs to the first: a later registration is refused with the reason.
 */

// The pages, the cookie and the messages are plain values (referral-values.ts): the public form's
// page reads them without loading zod (its first-load budget, decision 024).
export { FREE_ESTIMATE_PATH, FREE_ESTIMATE_TITLE, LEAD_MESSAGES, REFERRAL_COOKIE, REFERRALS_PATH } from './referral-values.js';

/** A referral code: 8 characters of lowercase Crockford base32 (no i, l, o, u), random. */
export const REFERRAL_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_PATTERN = /^[0-9abcdefghjkmnpqrstvwxyz]{8}$/;
export const referralUrl = (appUrl: string, code: string) => `${appUrl.replace(/\/+$/, '')}/r/${code}`;

/** GET /api/user/referral: the partner's code and link, and what it has brought. */
export const referralResponseSchema = z.object({
  code: z.string(),
  url: z.string(),
  clicks: z.number().int(),
  leads: z.number().int(),
  converted: z.number().int(),
});
export type ReferralResponse = z.infer<typeof referralResponseSchema>;
/** The QR code of the link, to print on a card: GET /api/user/referral/qr.png and qr.svg. */
export const REFERRAL_QR_FORMATS = ['png', 'svg'] as const;

export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'rejected', 'expired'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', converted: 'Converted', rejected: 'Rejected', expired: 'Expired' };
/** Open leads hold their site and count against the partner's limit until they expire. */
export const OPEN_LEAD_STATUSES = ['new', 'contacted'] as const satisfies readonly LeadStatus[];

/** How a lead came: a partner's link (a click within the window), the public form with no click, or a partner by hand. */
export const LEAD_SOURCES = ['link', 'site', 'registration'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = { link: 'Referral link', site: 'Public site', registration: 'Registered by the partner' };

/**
 * Why a site could not be registered to the caller: another partner's open lead holds it, one of
 * the caller's own does, the business owner already asked SunIn directly (an open lead of no
 * partner), or it is already a project (any stage but Archived).
 */
export const LEAD_CONFLICTS = ['site_registered', 'site_registered_by_you', 'site_requested', 'site_is_project'] as const;
export type LeadConflict = (typeof LEAD_CONFLICTS)[number];

/** Administrator settings of referrals (GET/PUT /api/admin/referral-settings). */
const wholeNumber = (label: string, unit: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number of ${unit}.` })
    .int(`${label} must be a whole number of ${unit}.`)
    .min(min, `${label} must be at least ${min} ${unit}.`)
    .max(max, `${label} must be at most ${max} ${unit}.`);
export const referralSettingsSchema = z.strictObject({
  /** A click attributes a lead for this many days (the cookie lives as long). */
  attribution_window_days: wholeNumber('The attribution window', 'days', 1, 365),
  /** A registration (a partner's lead) lasts this many days unless converted. */
  registration_days: wholeNumber('A registration', 'days', 1, 365),
  /** At most this many open registrations per partner. */
  max_open_registrations: wholeNumber('The limit of open registrations', 'registrations', 1, 1000),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;
export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = { attribution_window_days: 90, registration_days: 90, max_open_registrations: 25 };
export const referralSettingsBodySchema = z.strictObject({ settings: referralSettingsSchema });
export const referralSettingsResponseSchema = z.object({
  settings: referralSettingsSchema,
  defaults: referralSettingsSchema,
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type ReferralSettingsResponse = z.infer<typeof referralSettingsResponseSchema>;

/** The rules as the Referrals page states them, from the settings in force. */
export function referralRules(settings: ReferralSettings): string[] {
  return [
    `A business owner who opens your link is yours for ${settings.attribution_window_days} days: a lead they send in that time is yours, unless they open another partner's link after yours (the last click counts).`,
    `A registration lasts ${settings.registration_days} days unless it converts to a project.`,
    'A site (its address, however it is written) already registered or already a project belongs to whoever was first.',
    `You can hold at most ${settings.max_open_registrations} open registrations at a time.`,
  ];
}

const required = (label: string, max: number) =>
  z.string({ error: `Give the ${label}.` }).trim().min(1, `Give the ${label}.`).max(max, `The ${label} is at most ${max} characters.`);

/** A US state by its two-letter code, any case. */
const stateField = z
  .string({ error: 'Choose the state.' })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => (US_STATE_CODES as readonly string[]).includes(value), 'Choose the state.');
const zipField = z
  .string({ error: 'Give the ZIP code.' })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'The ZIP code is 5 digits (or ZIP+4).');

/** A US phone number however it is typed ("(512) 555-1370", "512.555.1370", "+1 512 555 1370"): kept as its 10 digits. */
export const leadPhoneSchema = z
  .string({ error: 'Give a phone number.' })
  .trim()
  .max(40, 'Give a 10-digit phone number.')
  .transform((value) => value.replace(/\D/g, ''))
  .transform((digits) => (digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits))
  .refine((digits) => /^[2-9]\d{2}[2-9]\d{6}$/.test(digits), 'Give a 10-digit US phone number.');

const emailField = z
  .string({ error: 'Give an email address.' })
  .trim()
  .max(254, 'Give a valid email address.')
  .transform(normalizeEmail)
  .refine(isValidEmail, 'Give a valid email address.');

/** A business's average monthly bill: more than $0 and at most $5,000,000 (a larger bill is a typing error). */
export const LEAD_MAX_MONTHLY_BILL_USD = 5_000_000;
const monthlyBill = usdAmountSchema('The average monthly bill')
  .refine((value) => value > 0, 'The average monthly bill must be more than $0.')
  .refine((value) => value <= LEAD_MAX_MONTHLY_BILL_USD, `The average monthly bill must be at most $${LEAD_MAX_MONTHLY_BILL_USD.toLocaleString('en-US')}.`);

const siteFields = {
  company_name: required('company name', 200),
  address_1: required('street address', 200),
  city: required('city', 100),
  state: stateField,
  zip: zipField,
};

/** The business owner's form (POST /api/public/leads). */
export const publicLeadSchema = z.strictObject({
  ...siteFields,
  contact_name: required('contact name', 200),
  email: emailField,
  phone: leadPhoneSchema,
  utility_company: required('utility company', 200),
  average_monthly_bill: monthlyBill,
});
export type PublicLeadInput = z.input<typeof publicLeadSchema>;
/**
 * `form_token` comes from GET /api/public/lead_form (signed, with the time the form was shown: a
 * form sent back sooner than a person could fill it is refused); `website_url` is the honeypot, a
 * field people never see, which must stay empty.
 */
export const publicLeadBodySchema = z.strictObject({
  lead: publicLeadSchema,
  /** Optional in the schema so that a form without one is refused as `form_refused` (the bot check), not as a field error. */
  form_token: z.string({ error: LEAD_MESSAGES.formRefused }).max(200, LEAD_MESSAGES.formRefused).optional(),
  website_url: z.string().max(500).optional(),
});
export type PublicLeadBody = z.input<typeof publicLeadBodySchema>;
export const leadFormResponseSchema = z.object({ form_token: z.string(), min_seconds: z.number().int() });
/**
 * 201 from POST /api/public/leads. `upload_token` lets the same visitor attach a Green Button
 * file within an hour (POST /api/public/leads/usage_file, multipart: `upload_token`, `file`).
 */
export const publicLeadCreatedSchema = z.object({ upload_token: z.string() });
export const publicLeadUsageFileResponseSchema = z.object({ months_found: z.number().int(), meters: z.number().int() });

/** A partner registers a site by hand (POST /api/user/leads): company and address only. */
export const leadRegistrationBodySchema = z.strictObject({ lead: z.strictObject(siteFields) });
export type LeadRegistrationInput = z.input<typeof leadRegistrationBodySchema>['lead'];

/** A converted lead's project as its partner follows it: stage and expected earning. */
export const leadProjectSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  project_stage: z.enum(ALL_PROJECT_STAGES),
  /** The partner's expected earning on the deal, or null while there is no deal value. */
  expected_earning_usd: z.number().nullable(),
});

/** A lead as its partner sees it (GET /api/user/leads): no contact details of the business owner. */
export const leadSchema = z.object({
  id: z.number().int(),
  status: z.enum(LEAD_STATUSES),
  source: z.enum(LEAD_SOURCES),
  company_name: z.string(),
  contact_name: z.string().nullable(),
  address_1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  /** When the registration ends unless converted; null once converted or rejected. */
  expires_at: z.string().nullable(),
  rejected_reason: z.string().nullable(),
  project: leadProjectSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;
export const leadListResponseSchema = z.object({ leads: z.array(leadSchema), settings: referralSettingsSchema, open_registrations: z.number().int() });
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;
export const leadUserQuerySchema = pageQuerySchema.extend({ status: z.enum(LEAD_STATUSES, { error: 'Unknown lead status.' }).optional() });

/** A lead in the admin queue (GET /api/admin/leads): everything the form said, and who it belongs to. */
export const adminLeadSchema = leadSchema.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  utility_company: z.string().nullable(),
  average_monthly_bill: z.number().nullable(),
  has_usage_file: z.boolean(),
  partner: z.object({ id: z.number().int(), name: z.string(), company_name: z.string() }).nullable(),
  /** The partner whose link brought a lead that the site's first holder owns (else null). */
  referred_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  conflict: z.enum(LEAD_CONFLICTS).nullable(),
  clicked_at: z.string().nullable(),
  converted_at: z.string().nullable(),
});
export type AdminLead = z.infer<typeof adminLeadSchema>;
export const adminLeadListQuerySchema = pageQuerySchema.extend({
  per_page: pageQuerySchema.shape.per_page.default(25),
  status: z.enum(LEAD_STATUSES, { error: 'Unknown lead status.' }).optional(),
  q: z
    .string({ error: 'q must be text.' })
    .trim()
    .max(200, 'q must be at most 200 characters.')
    .transform((value) => value || undefined)
    .optional(),
  user_id: int4Id('user_id').optional(),
});
export type AdminLeadListQuery = z.infer<typeof adminLeadListQuerySchema>;
export const adminLeadListResponseSchema = z.object({ leads: z.array(adminLeadSchema) });

/** The answer of PATCH /api/admin/leads/{id} and POST /api/admin/leads/{id}/reject: the lead after the change. */
export const adminLeadResponseSchema = z.object({ lead: adminLeadSchema });
/** PATCH /api/admin/leads/{id}: mark contacted. */
export const adminLeadPatchBodySchema = z.strictObject({ lead: z.strictObject({ status: z.enum(['contacted'], { error: 'A lead can be marked contacted here; convert or reject it with their own actions.' }) }) });
/** POST /api/admin/leads/{id}/reject. */
export const adminLeadRejectBodySchema = z.strictObject({
  reason: z.string({ error: 'Give the reason.' }).trim().min(1, 'Give the reason.').max(500, 'The reason is at most 500 characters.'),
});
/** POST /api/admin/leads/{id}/convert: `user_id` names the owner of a lead that belongs to nobody. */
export const adminLeadConvertBodySchema = z.strictObject({
  user_id: z.number({ error: 'user_id must be a whole number.' }).int('user_id must be a whole number.').positive('user_id must be positive.').max(INT4_MAX).optional(),
});
export const adminLeadConvertResponseSchema = z.object({ project_id: z.number().int(), lead: adminLeadSchema });

/**
 * Sent on the partner's NotificationsChannel when one of their leads changes (created, contacted,
 * converted, rejected, expired): their open Referrals page reads again.
 */
export const LEADS_CHANGED_EVENT = 'leads_changed';
export interface LeadsChangedEvent {
  type: typeof LEADS_CHANGED_EVENT;
  payload: { lead_id: number };
}

/** Admin analytics: the referral funnel per partner (GET /api/admin/analytics/referral-funnel). */
export const referralFunnelRowSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  clicks: z.number().int(),
  leads: z.number().int(),
  converted: z.number().int(),
  /** Converted leads whose project reached Project Completion. */
  completed: z.number().int(),
  /** Median days from lead to conversion, or null when none converted. */
  median_days_to_conversion: z.number().nullable(),
});
export type ReferralFunnelRow = z.infer<typeof referralFunnelRowSchema>;
export const referralFunnelResponseSchema = z.object({ rows: z.array(referralFunnelRowSchema) });
