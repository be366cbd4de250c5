import { z } from 'zod';
import { isValidEmail, normalizeEmail } from './email.js';
import { MAX_MONTHLY_BILL_USD, MAX_MONTHLY_KWH, MONTHS_PER_METER } from './constants.js';
import { int4Id, isoDay } from './input-bounds.js';
import { meterAnswerSchema, meterSchema } from './tariffs.js';
import { ALL_PROJECT_STAGES, LINK_TYPES, ROOF_AGES, ROOF_TYPES, YES_NO } from './enums.js';

/** Messages of the project rules, used word for word by the server and the web app. */
export const PROJECT_MESSAGES = {
  noIdInUrl: 'No ID found in the URL',
  stageForbidden: 'Only an administrator can change the project stage.',
  kilowattShape: 'Each meter needs exactly 12 monthly kWh values.',
  /** Issue 35 item 2: a negative month is net data (exports subtracted), not what the site used. */
  kilowattValue: 'Monthly kWh must be consumption, 0 or more: enter what the site used, not net usage after exports.',
  kilowattNumber: 'Monthly kWh values must be numbers.',
  kilowattTooLarge: `A month over ${MAX_MONTHLY_KWH.toLocaleString('en-US')} kWh is not plausible for one meter: enter the monthly usage in kWh.`,
  billCost: 'The average monthly power bill must be a number.',
  billTooLarge: `The average monthly power bill must be at most $${MAX_MONTHLY_BILL_USD.toLocaleString('en-US')}.`,
  linkUrl: 'Please enter a full web address starting with http:// or https://.',
  contactEmail: 'Please enter a valid email address.',
  subscriptionRequired: 'An active Sales Partner subscription is required to do that.',
  /** Not a spec text (issue 34 item 7): what a member may delete, and what to do otherwise. */
  withdrawRefused:
    'Only a project you created in the last 24 hours, still at Project Initiation, with no proposal request, files or deal, can be deleted. Ask our team to archive it instead.',
} as const;

/** How long after creating it a member may still delete a project made by mistake (docs/decisions/036). */
export const PROJECT_WITHDRAW_HOURS = 24;

const text = (label: string, max = 200) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`);

/** Optional free text: absent, null and '' are all stored as ''. */
const optionalText = (label: string, max = 200) => text(label, max).nullish().transform((value) => value ?? '');

/** A spec enumeration that the forms may also leave blank ('' or null is "not chosen"). */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` }), z.literal(''), z.null()])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

/**
 * One monthly kWh entry: a non-negative number, or null for a month left empty. The empty month
 * is kept empty (issue 14 item 12: it came back as '0'); the annual total counts it as 0
 * (member-app.md 5, totalAnnualKilowatts).
 */
const kilowattValue = z
  .union([z.number(), z.string().trim(), z.null()])
  .transform((value, ctx): number | null => {
    if (value === null || value === '') return null;
    const number = typeof value === 'number' ? value : Number(value);
    if (number < 0) {
      ctx.addIssue({ code: 'custom', message: PROJECT_MESSAGES.kilowattValue });
      return z.NEVER;
    }
    if (!Number.isFinite(number) || (typeof value === 'string' && !/^\d*\.?\d+$|^\d+\.$/.test(value))) {
      ctx.addIssue({ code: 'custom', message: PROJECT_MESSAGES.kilowattNumber });
      return z.NEVER;
    }
    if (number > MAX_MONTHLY_KWH) {
      ctx.addIssue({ code: 'custom', message: PROJECT_MESSAGES.kilowattTooLarge });
      return z.NEVER;
    }
    return number;
  });

/** A list of meters, each exactly 12 monthly kWh values. */
export const kilowattAmountsSchema = z
  .array(z.array(kilowattValue, { error: PROJECT_MESSAGES.kilowattShape }).length(MONTHS_PER_METER, PROJECT_MESSAGES.kilowattShape), {
    error: PROJECT_MESSAGES.kilowattShape,
  })
  .max(50, 'At most 50 meters.');

/** member-app.md 5: the sum of all monthly values, empty counting as 0. */
export function totalAnnualKilowatts(meters: ReadonlyArray<ReadonlyArray<number | string | null | undefined>>): number {
  let total = 0;
  for (const meter of meters) {
    for (const value of meter) {
      const number = typeof value === 'number' ? value : Number(value ?? 0);
      if (Number.isFinite(number)) total += number;
    }
  }
  return total;
}

/** Cents: the bill amount keeps at most two digits after its decimal point. */
const AMOUNT_DECIMALS = 2;

/**
 * What the bill input keeps of what is typed or pasted (member-app.md 2: digits and dots only).
 * Only the first dot stays, and at most two decimals after it, so '1.250.00' cannot be typed
 * and the server never has to refuse the amount at the end of the wizard (issue 14 item 3).
 * A trailing dot stays while the member is still typing the cents.
 */
export function stripToAmount(value: string): string {
  const kept = value.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  if (dot === -1) return kept;
  const decimals = kept.slice(dot + 1).replace(/\./g, '').slice(0, AMOUNT_DECIMALS);
  return `${kept.slice(0, dot)}.${decimals}`;
}

const billCost = z
  .union([z.string().trim(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value)))
  .refine((value) => value === '' || /^\d+(\.\d+)?$|^\.\d+$/.test(value), PROJECT_MESSAGES.billCost)
  .refine((value) => !(Number(value) > MAX_MONTHLY_BILL_USD), PROJECT_MESSAGES.billTooLarge);

/** An optional YYYY-MM-DD day: '' and null clear it. */
const optionalDay = (label: string) =>
  z
    .union([isoDay(label), z.literal(''), z.null()])
    .optional()
    .transform((value) => (value === '' ? null : value));

/** Every member-editable Project field (member-app.md 3 and 7), all optional. */
const projectFields = {
  company_name: optionalText('Company name'),
  industry: optionalText('Industry', 100),
  address_1: optionalText('Address line 1'),
  address_2: optionalText('Address line 2'),
  city: optionalText('City', 100),
  state: optionalText('State', 50),
  zip: optionalText('ZIP', 20),
  shade_interference: optionalChoice(YES_NO, 'Shade interference'),
  shade_interference_details: optionalText('Shade description', 2000),
  type_of_roof: optionalChoice(ROOF_TYPES, 'Type of roof'),
  age_of_roof: optionalChoice(ROOF_AGES, 'Age of roof'),
  roof_description: optionalText('Roof description', 2000),
  utility_company: optionalText('Utility company'),
  utility_account_holder: optionalText('Utility account holder'),
  utility_account_number: optionalText('Utility account number', 100),
  main_meter_number: optionalText('Main meter number', 100),
  main_panel_amperage: optionalText('Main panel amperage', 50),
  power_bill_received_status: optionalChoice(YES_NO, 'Power bill received'),
  average_monthly_power_bill_cost: billCost,
  additional_utility_notes: optionalText('Additional utility notes', 4000),
  kilowatt_amounts: kilowattAmountsSchema.nullish().transform((value) => value ?? []),
  project_stage: z.enum(ALL_PROJECT_STAGES, { error: 'Unknown project stage.' }).optional(),
  /** Tax-credit inputs of the savings estimate (issue 16 item 2), beyond the spec's fields. */
  itc_energy_community: z.boolean({ error: 'Energy community must be true or false.' }).optional(),
  itc_domestic_content: z.boolean({ error: 'Domestic content must be true or false.' }).optional(),
  tax_exempt: z.boolean({ error: 'Tax-exempt must be true or false.' }).optional(),
  /**
   * Issue 35 item 1: one entry per meter of `kilowatt_amounts` (same order): its name, tariff,
   * load profile and the calendar month of each of its 12 values. Absent: the stored entries
   * are kept (and a meter without one gets January to December of the reference year).
   */
  meters: z.array(meterSchema, { error: 'Meters must be a list.' }).max(50, 'At most 50 meters.').optional(),
  /** Issue 35 item 6: the credit's eligibility (DOMAIN.md 1c). `tax_exempt_owner` is `tax_exempt` by its issue-35 name. */
  construction_start_date: optionalDay('Construction start date'),
  expected_in_service_date: optionalDay('Expected in-service date'),
  itc_prevailing_wage: z.boolean({ error: 'Prevailing wage must be true or false.' }).optional(),
  tax_exempt_owner: z.boolean({ error: 'Tax-exempt owner must be true or false.' }).optional(),
};

/**
 * `allow_duplicate: true` creates the project even when the caller already has one at the same
 * site (issue 37 item 6); without it that answers 409 `possible_duplicate`.
 */
export const projectCreateSchema = z.object({ ...projectFields, allow_duplicate: z.boolean({ error: 'allow_duplicate must be true or false.' }).optional() });
export const projectCreateBodySchema = z.object({ project: projectCreateSchema });
export type ProjectCreateInput = z.input<typeof projectCreateSchema>;

/** PATCH: only the fields sent change; an absent field keeps its value. */
export const projectUpdateSchema = z.object(projectFields).partial();
export const projectUpdateBodySchema = z.object({ project: projectUpdateSchema });
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int().nullable(),
  user_id: z.number().int(),
  owner_name: z.string(),
  company_name: z.string(),
  industry: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  shade_interference: z.enum(YES_NO).nullable(),
  shade_interference_details: z.string(),
  type_of_roof: z.enum(ROOF_TYPES).nullable(),
  age_of_roof: z.enum(ROOF_AGES).nullable(),
  roof_description: z.string(),
  utility_company: z.string(),
  utility_account_holder: z.string(),
  utility_account_number: z.string(),
  main_meter_number: z.string(),
  main_panel_amperage: z.string(),
  power_bill_received_status: z.enum(YES_NO).nullable(),
  average_monthly_power_bill_cost: z.string(),
  additional_utility_notes: z.string(),
  /** Each meter's 12 months; null is a month left empty. */
  kilowatt_amounts: z.array(z.array(z.number().nullable())),
  project_stage: z.enum(ALL_PROJECT_STAGES),
  proposal_url: z.string().nullable(),
  itc_energy_community: z.boolean(),
  itc_domestic_content: z.boolean(),
  tax_exempt: z.boolean(),
  /** The same value as `tax_exempt`, by issue 35's name. */
  tax_exempt_owner: z.boolean(),
  itc_prevailing_wage: z.boolean(),
  construction_start_date: z.string().nullable(),
  expected_in_service_date: z.string().nullable(),
  /** One per meter of `kilowatt_amounts`, same order (issue 35 item 1). */
  meters: z.array(meterAnswerSchema),
  /** When the project reached its current stage (issue 17 item 1: from its stage history). */
  stage_entered_at: z.string().nullable(),
  /** Past its stage's stall threshold now (issue 18 item 3; the rule of stall.ts, the alerts' rule). */
  stalled: z.boolean(),
  /** When the customer signed the current proposal through a link (issue 36 item 4), or null. */
  signed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectCreatedResponseSchema = z.object({ projectId: z.number().int() });

/**
 * The /home projects statistic "for the three account types" (member-app.md 2): a partner's own
 * projects, or, for a full_access_admin, the whole company's (scope 'company', issue 14 item 11).
 */
export const PROJECT_STATISTICS_SCOPES = ['own', 'company'] as const;
export const projectStatisticsSchema = z.object({
  scope: z.enum(PROJECT_STATISTICS_SCOPES),
  total: z.number().int(),
  /** Every stage but Archived. */
  working: z.number().int(),
  archived: z.number().int(),
  by_stage: z.record(z.enum(ALL_PROJECT_STAGES), z.number().int()),
});
export type ProjectStatistics = z.infer<typeof projectStatisticsSchema>;

/** Pagination query shared by every list (DESIGN.md: page and per_page; X-Total-Count, Link). */
export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number.' }).int('page must be a whole number.').min(1, 'page starts at 1.').max(100_000).default(1),
  per_page: z.coerce.number({ error: 'per_page must be a whole number.' }).int('per_page must be a whole number.').min(1, 'per_page is at least 1.').max(100, 'per_page is at most 100.').default(25),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A row id in a path (`/projects/{id}`): a positive int4. */
export const idParam = int4Id('The id', 'The id must be a number.');
export const idParamsSchema = z.object({ id: idParam });

// Contacts (member-app.md 3).
const contactEmail = z
  .string()
  .trim()
  .max(254)
  .nullish()
  .transform((value) => (value ? normalizeEmail(value) : ''))
  .refine((value) => value === '' || isValidEmail(value), PROJECT_MESSAGES.contactEmail);

/** An absolute http(s) URL (links the member or an admin attaches), with the caller's message. */
export const httpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, 'That address is too long.')
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, message);

const contactFields = {
  contact_first_name: optionalText('First name', 100),
  contact_last_name: optionalText('Last name', 100),
  contact_title: optionalText('Title', 100),
  contact_email: contactEmail,
  contact_phone_number: optionalText('Phone number', 30),
  contact_notes: optionalText('Notes', 4000),
  profile_photo_url: z.union([httpUrl(PROJECT_MESSAGES.linkUrl), z.literal(''), z.null()]).optional().transform((value) => value || null),
};
export const contactCreateBodySchema = z.object({ contact: z.object(contactFields).extend({ project_id: z.unknown().optional() }) });
export const contactUpdateBodySchema = z.object({ contact: z.object(contactFields).partial() });
export const contactSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  contact_first_name: z.string(),
  contact_last_name: z.string(),
  contact_title: z.string(),
  contact_email: z.string(),
  contact_phone_number: z.string(),
  contact_notes: z.string(),
  profile_photo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

// Project links (member-app.md 3).
const linkFields = {
  link_type: z.enum(LINK_TYPES, { error: `Link type must be one of: ${LINK_TYPES.join(', ')}.` }),
  link_title: text('Link title').min(1, 'Link title is required.'),
  link_url: httpUrl(PROJECT_MESSAGES.linkUrl),
};
export const projectLinkCreateBodySchema = z.object({ project_link: z.object(linkFields) });
export const projectLinkUpdateBodySchema = z.object({ project_link: z.object(linkFields).partial() });
export const projectLinkSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  link_type: z.enum(LINK_TYPES),
  link_title: z.string(),
  link_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectLink = z.infer<typeof projectLinkSchema>;

// Photos and files (member-app.md 3: id, url, name).
export const storedFileSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  /** A photo's capture time and position as the device read them from its EXIF (issue 41); null for files. */
  taken_at: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_at: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;
/** DELETE of a photo or file: the client sends {source: 'active_storage'}; an empty body is fine too. */
export const deleteAttachmentBodySchema = z.object({ source: z.literal('active_storage') }).partial().nullish();

// Tickets (member-app.md 7; their fields beyond project_id are not shown: DESIGN decision).
export const TICKET_STATUSES = ['open', 'in_progress', 'closed'] as const;
const ticketFields = {
  title: text('Title').min(1, 'Title is required.'),
  details: optionalText('Details', 10_000),
  status: z.enum(TICKET_STATUSES, { error: `Status must be one of: ${TICKET_STATUSES.join(', ')}.` }).optional(),
};
export const ticketCreateBodySchema = z.object({ ticket: z.object(ticketFields) });
export const ticketUpdateBodySchema = z.object({ ticket: z.object(ticketFields).partial() });
export const ticketSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  title: z.string(),
  details: z.string(),
  status: z.enum(TICKET_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;
