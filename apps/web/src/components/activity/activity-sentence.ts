import { enumLabel, proposalStatusLabel, type AuditChanges, type AuditEntry, type EnumKind } from '@sunin/contract';
import { formatUsd } from '../../lib/format';
import { formatShortDateTime } from '../../lib/format-date-time';
import { describeIntegrationAction } from './integration-sentence';

/**
 * The plain words for one event of the audit trail (issue 15 item 4), read by the admin Activity
 * panels and the project Timeline of members and admins (issue 18 item 2): "Avery Admin moved the
 * project from Presentation Ready to Financing and Documentation". Pure, so every action the
 * server records (apps/server/src/modules/audit, docs/decisions/016-audit-trail.md) is unit-tested:
 *   user: created, updated, sessions_ended, mfa_reset, account_created|updated|deleted;
 *   project: created, updated, stage_changed, deleted, contact_|link_|ticket_created|updated|deleted,
 *            photo_|file_uploaded|renamed|deleted, note_created|deleted (issue 41: the note's text);
 *   proposal_ticket: requested, revision_requested (by the member), updated;
 *   earnings (issue 17): project deal_recorded|deal_updated; user earning_approved|earning_adjusted|payout_recorded;
 *   customer links (issue 36): project share_created|share_revoked|customer_signed, proposal_ticket
 *   customer_revision_requested (the customer, through the link: no actor);
 *   api_token and webhook_endpoint (issue 40): integration-sentence.ts.
 * An action this screen does not know yet still reads as words, never as a raw key.
 */

/** The values of these fields are enumerations: shown with their labels (contract labels.ts). */
const ENUM_FIELDS: Record<string, EnumKind> = {
  account_type: 'account_type',
  company_role: 'company_role',
  subscription_status: 'subscription_status',
  project_stage: 'project_stage',
  shade_interference: 'yes_no',
  power_bill_received_status: 'yes_no',
  type_of_roof: 'type_of_roof',
  age_of_roof: 'age_of_roof',
  link_type: 'link_type',
  rejection_reason: 'rejection_reason',
  rejection_specific: 'rejection_specific',
};

/** Field names that do not read well with their underscores turned into spaces. */
const FIELD_NAMES: Record<string, string> = {
  user_name: 'username',
  email: 'email address',
  address_1: 'address line 1',
  address_2: 'address line 2',
  zip: 'ZIP',
  image: 'photo',
  email_verified_at: 'email verification',
  mfa_enabled: 'two-factor authentication',
  average_monthly_power_bill_cost: 'average monthly power bill cost',
  power_bill_received_status: 'power bill received',
  shade_interference_details: 'shade description',
  kilowatt_amounts: 'kilowatt amounts',
  itc_prevailing_wage: 'prevailing wage',
  tax_exempt: 'tax-exempt owner',
  expected_in_service_date: 'expected in-service date',
  link_url: 'URL',
  profile_photo_url: 'profile photo',
  admin_notes: 'admin notes',
  engineer_name: 'engineer',
  status: 'status',
  byte_size: 'size',
  content_type: 'type',
};

/** Record fields carry their record's prefix (contact_title): the sentence already names the record. */
const fieldName = (field: string): string => FIELD_NAMES[field] ?? field.replace(/^(contact|link)_/, '').replace(/_/g, ' ');

const LONGEST_VALUE = 80;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day (a project's construction start) is the same day wherever it is read. */
const dayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Main building, Warehouse": a project's meters by name (issue 35 item 1). */
function meterNames(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value.map((meter: unknown, index) => (meter && typeof meter === 'object' && 'name' in meter && typeof meter.name === 'string' && meter.name.trim()) || `Meter ${index + 1}`).join(', ');
}

/** A stored value as a person reads it; '' when there is none. */
export function formatAuditValue(field: string, value: unknown, entityType?: AuditEntry['entity_type']): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'status' && entityType === 'proposal_ticket' && typeof value === 'number') return proposalStatusLabel(value);
  if (field === 'status' && typeof value === 'string') return enumLabel('ticket_status', value);
  const kind = ENUM_FIELDS[field];
  if (kind && typeof value === 'string') return enumLabel(kind, value);
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatShortDateTime(value);
  if (typeof value === 'string' && ISO_DAY.test(value)) return dayFormat.format(new Date(`${value}T00:00:00Z`));
  if (field === 'meters') return meterNames(value);
  if (field === 'kilowatt_amounts') return Array.isArray(value) && value.length > 0 ? `${value.length} meter${value.length === 1 ? '' : 's'}` : '';
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > LONGEST_VALUE ? `${oneLine.slice(0, LONGEST_VALUE - 1)}…` : oneLine;
}

/** "changed the city from Austin to Dallas", "set the city to Dallas", "cleared the city (was Austin)". */
function fieldPhrase(field: string, change: { before: unknown; after: unknown }, entityType: AuditEntry['entity_type']): string {
  const name = fieldName(field);
  const before = formatAuditValue(field, change.before, entityType);
  const after = formatAuditValue(field, change.after, entityType);
  if (field === 'email_verified_at') return after ? 'verified the email address' : 'cleared the email verification';
  if (!before && !after) return `changed the ${name}`;
  if (!before) return `set the ${name} to ${after}`;
  if (!after) return `cleared the ${name} (was ${before})`;
  return `changed the ${name} from ${before} to ${after}`;
}

/** "a, b and c". */
export function joinWords(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Bookkeeping the sentence never names: the record's id, and the account a company name change files the project under. */
const UNSAID_FIELDS = new Set(['record_id', 'account_id']);

const changedFields = (changes: AuditChanges, skip: string[] = []) => Object.entries(changes).filter(([field]) => !UNSAID_FIELDS.has(field) && !skip.includes(field));

function fieldPhrases(entry: AuditEntry, skip: string[] = []): string[] {
  return changedFields(entry.changes, skip).map(([field, change]) => fieldPhrase(field, change, entry.entity_type));
}

/** A value the entry holds for `field`, after the write if there is one, else before. */
function valueOf(changes: AuditChanges, field: string): string {
  const change = changes[field];
  if (!change) return '';
  const value = change.after ?? change.before;
  return typeof value === 'string' ? value.trim() : '';
}

/** "contact Kim Lee", "the link Portal", "the photo roof.png": the record an entry names, or its number. */
function recordName(kind: string, changes: AuditChanges): string {
  const id = changes.record_id?.after ?? changes.record_id?.before;
  const number = typeof id === 'number' ? ` #${id}` : '';
  switch (kind) {
    case 'contact': {
      const name = [valueOf(changes, 'contact_first_name'), valueOf(changes, 'contact_last_name')].filter(Boolean).join(' ');
      return name ? `contact ${name}` : `contact${number}`;
    }
    case 'link':
      return valueOf(changes, 'link_title') ? `the link ${valueOf(changes, 'link_title')}` : `link${number}`;
    case 'photo':
    case 'file':
      return valueOf(changes, 'name') ? `the ${kind} ${valueOf(changes, 'name')}` : `${kind}${number}`;
    case 'account':
      return valueOf(changes, 'company_name') ? `the account ${valueOf(changes, 'company_name')}` : `account${number}`;
    case 'ticket':
      return valueOf(changes, 'title') ? `the ticket ${valueOf(changes, 'title')}` : `ticket${number}`;
    case 'note':
      return valueOf(changes, 'body') ? `a note: “${formatAuditValue('body', valueOf(changes, 'body'))}”` : `note${number}`;
    default:
      return `${kind.replace(/_/g, ' ')}${number}`;
  }
}

/** "updated contact Kim Lee: changed the title from CEO to CFO". */
const withDetails = (head: string, details: string[]) => (details.length > 0 ? `${head}: ${joinWords(details)}` : head);

/** How a tariff's changed fields read in a sentence (issue 35 item 4). */
const TARIFF_FIELD_WORDS: Record<string, string> = {
  customer_charge_usd: 'customer charge',
  effective_date: 'effective date',
  energy_rates: 'energy rates',
  demand_charges: 'demand charges',
  export_credit: 'export rule',
  export_rate_usd_per_kwh: 'export rate',
  example: 'example mark',
};

const RECORD_ACTION = /^(contact|link|ticket|photo|file|account|note)_(created|updated|deleted|uploaded|renamed)$/;

function recordSentence(kind: string, verb: string, entry: AuditEntry): string {
  const { changes } = entry;
  if (verb === 'renamed') {
    const name = changes.name;
    const before = typeof name?.before === 'string' ? name.before : '';
    const after = typeof name?.after === 'string' ? name.after : '';
    return before && after ? `renamed the ${kind} ${before} to ${after}` : `renamed ${recordName(kind, changes)}`;
  }
  if (verb === 'created' || verb === 'uploaded') return `${verb === 'uploaded' ? 'uploaded' : 'added'} ${recordName(kind, changes)}`;
  if (verb === 'deleted') return `deleted ${recordName(kind, changes)}`;
  return withDetails(`updated ${recordName(kind, changes)}`, fieldPhrases(entry));
}

function proposalSentence(entry: AuditEntry): string {
  const status = entry.changes.status;
  const details = fieldPhrases(entry, ['status', 'proposal_links', 'rejection_reason', 'rejection_specific']);
  const links = entry.changes.proposal_links?.after;
  if (Array.isArray(links) && links.length > 0) details.push(`added ${links.length === 1 ? 'a proposal link' : `${links.length} proposal links`}`);
  const reason = formatAuditValue('rejection_reason', entry.changes.rejection_reason?.after);
  const specific = formatAuditValue('rejection_specific', entry.changes.rejection_specific?.after);
  const rejection = [reason, specific].filter(Boolean).join(': ');
  let head = 'updated the proposal request';
  if (status) head += ` to ${formatAuditValue('status', status.after, 'proposal_ticket')}`;
  if (rejection) head += ` (${rejection})`;
  return withDetails(head, details);
}

/** "$1,250.00", with an optional lead ("a net profit of $1,250.00"); '' for a value that is not a number. */
function money(value: unknown, lead = ''): string {
  if (typeof value !== 'number') return '';
  return `${lead ? `${lead} ` : ''}${formatUsd(value)}`;
}

/** What was done, without who and when: "moved the project from A to B". */
export function describeAuditAction(entry: AuditEntry): string {
  const { action, entity_type: entityType, changes } = entry;
  // Issue 40: API tokens and webhook endpoints.
  const integration = describeIntegrationAction(entry);
  if (integration) return integration;
  const record = RECORD_ACTION.exec(action);
  if (record) return recordSentence(record[1]!, record[2]!, entry);
  const noun = entityType === 'proposal_ticket' ? 'proposal request' : entityType;
  switch (`${entityType}:${action}`) {
    case 'user:created': {
      const name = [valueOf(changes, 'first_name'), valueOf(changes, 'last_name')].filter(Boolean).join(' ');
      return name ? `created the user ${name}` : 'created the user';
    }
    case 'user:sessions_ended': {
      const ended = changes.sessions_ended?.after;
      return typeof ended === 'number' ? `ended every session (${ended === 1 ? '1 session' : `${ended} sessions`})` : 'ended every session';
    }
    case 'user:mfa_reset':
      return 'reset two-factor authentication';
    case 'project:created': {
      const name = valueOf(changes, 'company_name');
      return name ? `created the project ${name}` : 'created the project';
    }
    case 'project:deleted': {
      const name = valueOf(changes, 'company_name');
      return name ? `deleted the project ${name}` : 'deleted the project';
    }
    case 'project:stage_changed': {
      const stage = changes.project_stage;
      const moved = stage
        ? `moved the project from ${formatAuditValue('project_stage', stage.before) || 'no stage'} to ${formatAuditValue('project_stage', stage.after)}`
        : 'moved the project to another stage';
      const others = fieldPhrases(entry, ['project_stage']);
      return others.length > 0 ? `${moved}, and ${joinWords(others)}` : moved;
    }
    case 'proposal_ticket:updated':
      return proposalSentence(entry);
    case 'proposal_ticket:requested':
      return 'requested a proposal';
    case 'proposal_ticket:revision_requested': {
      const details = valueOf(changes, 'details');
      return details ? `requested a revision of the proposal (${formatAuditValue('details', details)})` : 'requested a revision of the proposal';
    }
    case 'project:share_created': {
      const to = [valueOf(changes, 'recipient_name'), valueOf(changes, 'recipient_email') && `(${valueOf(changes, 'recipient_email')})`].filter(Boolean).join(' ');
      const emailed = changes.emailed?.after === true ? ' and emailed it' : '';
      return `created a customer link${to ? ` for ${to}` : ''}${emailed}`;
    }
    case 'project:share_revoked': {
      const to = valueOf(changes, 'recipient_email');
      return to ? `revoked the customer link of ${to}` : 'revoked a customer link';
    }
    case 'project:customer_signed': {
      const version = changes.proposal_version?.after;
      const signer = valueOf(changes, 'signer');
      return `signed ${typeof version === 'number' ? `proposal version ${version}` : 'the proposal'}${signer ? ` (${signer})` : ''}`;
    }
    case 'proposal_ticket:customer_revision_requested': {
      const details = valueOf(changes, 'details');
      return details ? `asked for changes, reopening the proposal request (${formatAuditValue('details', details)})` : 'asked for changes, reopening the proposal request';
    }
    case 'project:deal_recorded':
    case 'project:deal_updated': {
      const figures = [money(changes.contract_value_usd?.after, 'a contract value of'), money(changes.net_profit_usd?.after, 'a net profit of')].filter(Boolean);
      const verb = action === 'deal_recorded' ? 'recorded the deal' : 'corrected the deal';
      return figures.length > 0 ? `${verb}: ${joinWords(figures)}` : verb;
    }
    case 'tariff:tariff_created':
    case 'tariff:tariff_deleted': {
      const name = valueOf(changes, 'name');
      const verb = action === 'tariff_created' ? 'created the tariff' : 'deleted the tariff';
      return name ? `${verb} ${name}` : verb;
    }
    case 'tariff:tariff_updated': {
      // A tariff's periods and rates are lists: the sentence names what changed, the editor shows how.
      const fields = Object.keys(changes).map((field) => TARIFF_FIELD_WORDS[field] ?? field.replace(/_/g, ' '));
      return fields.length > 0 ? `changed the tariff's ${joinWords(fields)}` : 'updated the tariff';
    }
    case 'user:earning_approved':
      return `approved earnings entry #${String(changes.record_id?.after ?? '')}`.replace(/ #$/, '');
    case 'user:earning_adjusted': {
      const amount = money(changes.amount_usd?.after);
      const reason = valueOf(changes, 'reason');
      return `added an adjustment${amount ? ` of ${amount}` : ''}${reason ? ` (${reason})` : ''}`;
    }
    case 'user:payout_recorded': {
      const amount = money(changes.amount_usd?.after);
      const reference = valueOf(changes, 'reference');
      return `recorded a payout${amount ? ` of ${amount}` : ''}${reference ? `, reference ${reference}` : ''}`;
    }
    // Issue 38: partner pay.
    case 'user:payout_paid':
      return 'confirmed a payout arrived';
    case 'user:payout_failed': {
      const amount = money(changes.amount_usd?.before);
      const reason = valueOf(changes, 'failure_reason');
      return `reported a payout${amount ? ` of ${amount}` : ''} failed${reason ? `: ${reason}` : ''}`;
    }
    case 'user:statement_issued': {
      const month = valueOf(changes, 'month');
      return `issued the ${month ? `${month} ` : ''}statement`;
    }
    case 'user:tax_form_saved':
      return 'gave the W-9 tax form';
    case 'user:tax_form_reviewed':
      return 'marked the W-9 tax form reviewed';
    case 'user:payout_account_created':
      return 'set up a payout account';
    case 'user:payout_account_updated':
      return 'updated the payout account';
    case 'user:clawback_scheduled': {
      const amount = money(changes.amount_usd?.after);
      const reason = valueOf(changes, 'reason');
      return `scheduled a clawback${amount ? ` of ${amount}` : ''}${reason ? ` (${reason})` : ''}`;
    }
    case 'user:clawback_override': {
      const note = valueOf(changes, 'note');
      return `overrode the clawback window${note ? ` (${note})` : ''}`;
    }
    case 'lead:lead_registered': {
      const company = valueOf(changes, 'company_name');
      return `registered a lead${company ? `, ${company}` : ''}`;
    }
    case 'lead:lead_contacted':
      return 'marked a lead contacted';
    case 'lead:lead_rejected': {
      const reason = valueOf(changes, 'rejected_reason');
      return `rejected a lead${reason ? ` (${reason})` : ''}`;
    }
    case 'lead:lead_converted': {
      const projectId = changes.project_id?.after;
      return `converted a lead into a project${typeof projectId === 'number' ? ` (#${projectId})` : ''}`;
    }
    case 'project:deal_cancelled': {
      const reason = valueOf(changes, 'cancel_reason');
      return `cancelled the deal${reason ? ` (${reason})` : ''}`;
    }
  }
  if (action === 'updated') {
    const phrases = fieldPhrases(entry);
    return phrases.length > 0 ? joinWords(phrases) : `updated the ${noun}`;
  }
  return `${action.replace(/_/g, ' ')} (${noun})`;
}

/** What the portal itself writes, with no one acting (issue 38: payouts settled, statements issued). */
const PORTAL_ACTIONS = new Set(['payout_paid', 'payout_failed', 'statement_issued']);

/** Who did it: the member's or administrator's name, or a stand-in when their user has since been deleted. */
export const auditActor = (entry: AuditEntry): string => {
  const name = entry.actor_name?.trim();
  if (name) return name;
  if (entry.actor_id === null && entry.action.startsWith('customer_')) return 'The customer';
  if (entry.actor_id === null && PORTAL_ACTIONS.has(entry.action)) return 'SunIn';
  return 'A former user';
};

/** The whole sentence without the time: "Avery Admin reset two-factor authentication". */
export const describeAuditEntry = (entry: AuditEntry): string => `${auditActor(entry)} ${describeAuditAction(entry)}`;
