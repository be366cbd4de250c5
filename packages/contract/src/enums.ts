/**
 * Every enumeration of the two spec documents, spelled exactly as the spec spells them
 * (including 'enterprize_partner', 'sunin_ambassader' and 'pending_cancelation').
 */

// member-app.md 3 (User) and public-site-and-admin.md 3 (Account type).
export const ACCOUNT_TYPES = [
  'referral_partner',
  'sales_partner',
  'enterprize_partner',
  'administrative_partner',
  'admin',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  referral_partner: 'Referral Partner',
  sales_partner: 'Sales Partner',
  enterprize_partner: 'Enterprise Partner',
  administrative_partner: 'Administrative Partner',
  // Not in public-site-and-admin.md 3's list: only the rows that already hold it (the first
  // administrator, create-admin) carry it, and they read as what they are (issue 34 item 8).
  admin: 'Administrator',
};

/**
 * The account types an administrator may choose for a user: the spec's list (public-site-and-
 * admin.md 3). The unspecified 'admin' stays valid for the rows that hold it, but is never
 * offered as a new choice (issue 34 item 8).
 */
export const ASSIGNABLE_ACCOUNT_TYPES: readonly AccountType[] = ACCOUNT_TYPES.filter((type) => type !== 'admin');

/**
 * The administrator's account type: giving it needs the acting administrator's password (issue
 * 34 item 2). 'administrative_partner' is a staff partner's type (engineers, managers) and
 * gives no admin access; the access itself comes with the company role full_access_admin.
 */
export const ADMIN_ACCOUNT_TYPES: readonly AccountType[] = ['admin'];

/** The account types a visitor may choose at signup (DESIGN.md: never an admin type). */
export const SIGNUP_ACCOUNT_TYPES = ['referral_partner', 'sales_partner'] as const;
export type SignupAccountType = (typeof SIGNUP_ACCOUNT_TYPES)[number];

/** The partner combination of member-app.md 6 (guard 2). */
export const PARTNER_ACCOUNT_TYPES: readonly AccountType[] = ['referral_partner', 'sales_partner'];

// public-site-and-admin.md 6.
export const COMPANY_ROLES = [
  'full_access_admin',
  'project_engineer',
  'project_manager',
  'human_resources_admin',
  'sunin_ambassader',
  'sunin_minor',
  'sunin_pro',
] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
/** The roles offered in the admin list filter and modal (the detail page adds the rest). */
export const FILTER_COMPANY_ROLES: readonly CompanyRole[] = COMPANY_ROLES.slice(0, 4);
export const ADMIN_ROLE: CompanyRole = 'full_access_admin';

/**
 * Stripe-shaped subscription states. The spec shows active and pending_cancelation; the
 * others are the states a lapsed or unfinished subscription is in.
 */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'pending_cancelation',
  'past_due',
  'incomplete',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** DESIGN.md: sales partners need one of these to create or change projects. */
export const PAYING_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['active', 'pending_cancelation'];

// member-app.md 4 (Project stage).
export const PROJECT_STAGES = [
  'Project Initiation',
  'Presentation Ready',
  'Financing and Documentation',
  'Site Survey and Finalization',
  'Project Completion',
] as const;
export const ARCHIVED_STAGE = 'Archived' as const;
export const ALL_PROJECT_STAGES = [...PROJECT_STAGES, ARCHIVED_STAGE] as const;
export type ProjectStage = (typeof ALL_PROJECT_STAGES)[number];

export const YES_NO = ['Yes', 'No'] as const;
export type YesNo = (typeof YES_NO)[number];

// member-app.md 3 (Project).
export const ROOF_TYPES = [
  'Concrete Tile',
  'Asphalt Shingle',
  'Metal Roofing',
  'Flat Roof',
  'Rubber (EPDM)',
  'TPO and PVC Roofing',
  'Slate Tile',
  'Clay Tile',
  'Wood Shingles/Shakes',
  'Green Roof',
  'Built-Up Roofing (BUR)',
  'Composite Roofing',
  'Other',
] as const;
export type RoofType = (typeof ROOF_TYPES)[number];

export const ROOF_AGES = ['0-5 Years', '6-10 Years', '11-15 Years', '16-20 Years', '21+ Years'] as const;
export type RoofAge = (typeof ROOF_AGES)[number];

// member-app.md 3 (Project link).
export const LINK_TYPES = ['Finance', 'Proposal', 'Utility', 'Calendar', 'Website', 'Other'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

// member-app.md 4 and public-site-and-admin.md 4, in order: status n is PROPOSAL_STATUSES[n - 1].
export const PROPOSAL_STATUSES = [
  'Proposal requested and pending review',
  'Proposal accepted and assigned to engineer',
  'Proposal created and attached to project',
  'Proposal request rejected',
  'Revision requested and pending review',
  'Revision request accepted and assigned to engineer',
  'Revision completed and attached to project',
  'Revision request rejected',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const REJECTION_REASONS = [
  'incorrect information',
  'missing information',
  'not feasible',
  'out of scope',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const REJECTION_SPECIFICS = [
  'utility_company',
  'meter_number',
  'number_of_meters',
  'main_panel_amperage',
  'power_bill_received',
  'monthly_kilowatt_amount',
  'annual_kilowatt_amount',
  'average_monthly_power_bill_cost',
  'type_of_roof',
  'age_of_roof',
  'address_1',
  'city',
  'state',
  'zip',
  'company_name',
  'utility_account_holder',
  'utility_account_number',
  'shade_interference',
] as const;
export type RejectionSpecific = (typeof REJECTION_SPECIFICS)[number];

export const REVISION_TYPES = [
  'Request a separate proposal design',
  'Request a revision to the original proposal',
] as const;
export type RevisionType = (typeof REVISION_TYPES)[number];
