import {
  ACCOUNT_TYPE_LABELS,
  ALL_PROJECT_STAGES,
  LINK_TYPES,
  PROPOSAL_STATUSES,
  REVISION_TYPES,
  ROOF_AGES,
  ROOF_TYPES,
  YES_NO,
  type CompanyRole,
  type RejectionReason,
  type RejectionSpecific,
  type SubscriptionStatus,
} from './enums.js';
import { ACCOUNT_STATUSES, type AccountStatus } from './admin.js';
import type { TICKET_STATUSES } from './projects.js';

/**
 * The one label map of every enumeration (issue 14 item 13): what a person reads for each stored
 * value. The stored values stay exactly as the spec spells them ('sunin_ambassader',
 * 'meter_number'); only what is shown changes. Each map is typed by its enumeration, so a new
 * value without a label does not compile.
 */

/** The values that already read as words (stages, roof types, link types ...) label themselves. */
const selfLabelled = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, value as string])) as Record<T, string>;

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  full_access_admin: 'Full Access Admin',
  project_engineer: 'Project Engineer',
  project_manager: 'Project Manager',
  human_resources_admin: 'Human Resources Admin',
  sunin_ambassader: 'SunIn Ambassador',
  sunin_minor: 'SunIn Minor',
  sunin_pro: 'SunIn Pro',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  pending_cancelation: 'Active (cancels at the end of the period)',
  past_due: 'Past due',
  incomplete: 'Incomplete',
  canceled: 'Canceled',
};

export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  'incorrect information': 'Incorrect information',
  'missing information': 'Missing information',
  'not feasible': 'Not feasible',
  'out of scope': 'Out of scope',
};

/** The project fields a rejection may point at, named as the project forms name them. */
export const REJECTION_SPECIFIC_LABELS: Record<RejectionSpecific, string> = {
  utility_company: 'Utility Company',
  meter_number: 'Meter Number',
  number_of_meters: 'Number of Meters',
  main_panel_amperage: 'Main Panel Amperage',
  power_bill_received: 'Power Bill Received',
  monthly_kilowatt_amount: 'Monthly Kilowatt Amount',
  annual_kilowatt_amount: 'Annual Kilowatt Amount',
  average_monthly_power_bill_cost: 'Average Monthly Power Bill Cost',
  type_of_roof: 'Type of Roof',
  age_of_roof: 'Age of Roof',
  address_1: 'Address Line 1',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  company_name: 'Company Name',
  utility_account_holder: 'Utility Account Holder',
  utility_account_number: 'Utility Account Number',
  shade_interference: 'Shade Interference',
};

/** Every enumeration by name; `enumLabel(kind, value)` reads it. */
export const ENUM_LABELS = {
  account_type: ACCOUNT_TYPE_LABELS,
  company_role: COMPANY_ROLE_LABELS,
  subscription_status: SUBSCRIPTION_STATUS_LABELS,
  project_stage: selfLabelled(ALL_PROJECT_STAGES),
  yes_no: selfLabelled(YES_NO),
  type_of_roof: selfLabelled(ROOF_TYPES),
  age_of_roof: selfLabelled(ROOF_AGES),
  link_type: selfLabelled(LINK_TYPES),
  proposal_status: selfLabelled(PROPOSAL_STATUSES),
  rejection_reason: REJECTION_REASON_LABELS,
  rejection_specific: REJECTION_SPECIFIC_LABELS,
  revision_type: selfLabelled(REVISION_TYPES),
  ticket_status: { open: 'Open', in_progress: 'In Progress', closed: 'Closed' } satisfies Record<(typeof TICKET_STATUSES)[number], string>,
  account_status: selfLabelled<AccountStatus>(ACCOUNT_STATUSES),
} as const;
export type EnumKind = keyof typeof ENUM_LABELS;

/**
 * The label of a stored value. A value the map does not know (an old row, a newer server) is
 * shown with its underscores as spaces rather than as a raw key; empty shows as ''.
 */
export function enumLabel(kind: EnumKind, value: string | null | undefined): string {
  if (!value) return '';
  const labels = ENUM_LABELS[kind] as Record<string, string>;
  return labels[value] ?? value.replace(/_/g, ' ');
}

/** `[{value, label}]` for a select of one enumeration, in the enumeration's order. */
export function enumOptions<T extends string>(kind: EnumKind, values: readonly T[]): Array<{ value: T; label: string }> {
  return values.map((value) => ({ value, label: enumLabel(kind, value) }));
}
