import type { AuditEntry } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { describeAuditEntry, formatAuditValue, joinWords } from './activity-sentence';

function entry(action: string, entityType: AuditEntry['entity_type'], changes: AuditEntry['changes'] = {}, actorName: string | null = 'Avery Admin'): AuditEntry {
  return { id: 1, actor_id: actorName ? 9 : null, actor_name: actorName, action, entity_type: entityType, entity_id: 4, changes, created_at: '2026-11-23T15:14:00Z' };
}
const c = (before: unknown, after: unknown) => ({ before, after });

describe('describeAuditEntry: partner pay (issue 38)', () => {
  it('names the portal for what it writes itself, and says each payout, statement, W-9 and clawback write plainly', () => {
    expect(describeAuditEntry(entry('statement_issued', 'user', { month: c(null, '2026-11'), closing_usd: c(null, 0) }, null))).toBe('SunIn issued the 2026-11 statement');
    expect(describeAuditEntry(entry('payout_paid', 'user', { status: c('pending', 'paid') }, null))).toBe('SunIn confirmed a payout arrived');
    expect(describeAuditEntry(entry('payout_failed', 'user', { amount_usd: c(4000, null), failure_reason: c(null, 'The bank account is closed (account_closed).') }, null))).toBe(
      'SunIn reported a payout of $4,000.00 failed: The bank account is closed (account_closed).',
    );
    expect(describeAuditEntry(entry('tax_form_saved', 'user', { tin_masked: c(null, '**-***6789') }, 'Rae Referral'))).toBe('Rae Referral gave the W-9 tax form');
    expect(describeAuditEntry(entry('tax_form_reviewed', 'user'))).toBe('Avery Admin marked the W-9 tax form reviewed');
    expect(describeAuditEntry(entry('clawback_scheduled', 'user', { amount_usd: c(null, -6000), reason: c(null, 'Deal cancelled: customer walked away') }))).toBe('Avery Admin scheduled a clawback of -$6,000.00 (Deal cancelled: customer walked away)');
    expect(describeAuditEntry(entry('deal_cancelled', 'project', { cancel_reason: c(null, 'Customer walked away') }))).toBe('Avery Admin cancelled the deal (Customer walked away)');
    // A deleted user is still a former user, not the portal.
    expect(describeAuditEntry(entry('tax_form_reviewed', 'user', {}, null))).toBe('A former user marked the W-9 tax form reviewed');
  });
});

describe('describeAuditEntry: the plain words of each audited admin write', () => {
  it('user: edits, with enumeration labels and each kind of change', () => {
    expect(describeAuditEntry(entry('updated', 'user', { account_type: c('referral_partner', 'sales_partner') }))).toBe(
      'Avery Admin changed the account type from Referral Partner to Sales Partner',
    );
    expect(describeAuditEntry(entry('updated', 'user', { company_role: c(null, 'sunin_ambassader'), city: c('Austin', ''), last_name: c('Lee', 'Rivera') }))).toBe(
      'Avery Admin set the company role to SunIn Ambassador, cleared the city (was Austin) and changed the last name from Lee to Rivera',
    );
    expect(describeAuditEntry(entry('updated', 'user', { email: c('a@example.com', 'b@example.com'), email_verified_at: c('2026-01-01T00:00:00.000Z', null) }))).toBe(
      'Avery Admin changed the email address from a@example.com to b@example.com and cleared the email verification',
    );
    expect(describeAuditEntry(entry('updated', 'user'))).toBe('Avery Admin updated the user');
  });

  it('user: created, sessions ended, two-factor reset', () => {
    expect(describeAuditEntry(entry('created', 'user', { first_name: c(null, 'Nia'), last_name: c(null, 'Novak'), account_type: c(null, 'sales_partner') }))).toBe('Avery Admin created the user Nia Novak');
    expect(describeAuditEntry(entry('sessions_ended', 'user', { sessions_ended: c(null, 3) }))).toBe('Avery Admin ended every session (3 sessions)');
    expect(describeAuditEntry(entry('sessions_ended', 'user', { sessions_ended: c(null, 1) }))).toBe('Avery Admin ended every session (1 session)');
    expect(describeAuditEntry(entry('mfa_reset', 'user', { mfa_enabled: c(true, false) }))).toBe('Avery Admin reset two-factor authentication');
  });

  it("user: the member's accounts", () => {
    expect(describeAuditEntry(entry('account_created', 'user', { record_id: c(null, 5), company_name: c(null, 'Acme Solar'), address: c(null, '1 Main St') }))).toBe('Avery Admin added the account Acme Solar');
    expect(describeAuditEntry(entry('account_updated', 'user', { record_id: c(5, 5), company_name: c('Acme Solar', 'Acme Solar Co') }))).toBe(
      'Avery Admin updated the account Acme Solar Co: changed the company name from Acme Solar to Acme Solar Co',
    );
    expect(describeAuditEntry(entry('account_updated', 'user', { record_id: c(5, 5), address: c('1 Main St', '2 Oak Ave') }))).toBe(
      'Avery Admin updated account #5: changed the address from 1 Main St to 2 Oak Ave',
    );
    expect(describeAuditEntry(entry('account_deleted', 'user', { record_id: c(5, null), company_name: c('Acme Solar Co', null) }))).toBe('Avery Admin deleted the account Acme Solar Co');
  });

  it('project: created, edited, moved between stages, deleted', () => {
    expect(describeAuditEntry(entry('created', 'project', { company_name: c(null, 'Acme Foods'), project_stage: c(null, 'Presentation Ready') }))).toBe('Avery Admin created the project Acme Foods');
    expect(describeAuditEntry(entry('updated', 'project', { city: c('', 'Dallas'), type_of_roof: c(null, 'Metal'), shade_interference: c('No', 'Yes') }))).toBe(
      'Avery Admin set the city to Dallas, set the type of roof to Metal and changed the shade interference from No to Yes',
    );
    expect(describeAuditEntry(entry('stage_changed', 'project', { project_stage: c('Presentation Ready', 'Financing and Documentation') }))).toBe(
      'Avery Admin moved the project from Presentation Ready to Financing and Documentation',
    );
    expect(describeAuditEntry(entry('stage_changed', 'project', { project_stage: c('Presentation Ready', 'Archived'), city: c('Austin', 'Dallas') }))).toBe(
      'Avery Admin moved the project from Presentation Ready to Archived, and changed the city from Austin to Dallas',
    );
    expect(describeAuditEntry(entry('deleted', 'project', { company_name: c('Acme Foods', null), city: c('Dallas', null) }))).toBe('Avery Admin deleted the project Acme Foods');
  });

  it("project: meters by name and the credit's fields (issue 35)", () => {
    expect(
      describeAuditEntry(entry('updated', 'project', { meters: c([{ name: 'Meter 1' }], [{ name: 'Main building' }]), itc_prevailing_wage: c(false, true), expected_in_service_date: c(null, '2027-06-30') })),
    ).toBe('Avery Admin changed the meters from Meter 1 to Main building, changed the prevailing wage from No to Yes and set the expected in-service date to Jun 30, 2027');
  });

  it('project: contacts, links and tickets', () => {
    expect(describeAuditEntry(entry('contact_created', 'project', { record_id: c(null, 3), contact_first_name: c(null, 'Kim'), contact_last_name: c(null, 'Lee') }))).toBe('Avery Admin added contact Kim Lee');
    expect(describeAuditEntry(entry('contact_updated', 'project', { record_id: c(3, 3), contact_title: c('', 'CFO') }))).toBe('Avery Admin updated contact #3: set the title to CFO');
    expect(describeAuditEntry(entry('contact_deleted', 'project', { record_id: c(3, null), contact_first_name: c('Kim', null), contact_last_name: c('Lee', null) }))).toBe('Avery Admin deleted contact Kim Lee');
    expect(describeAuditEntry(entry('link_created', 'project', { record_id: c(null, 8), link_type: c(null, 'Utility'), link_title: c(null, 'Portal'), link_url: c(null, 'https://utility.example') }))).toBe(
      'Avery Admin added the link Portal',
    );
    expect(describeAuditEntry(entry('link_updated', 'project', { record_id: c(8, 8), link_title: c('Portal', 'Utility portal') }))).toBe(
      'Avery Admin updated the link Utility portal: changed the title from Portal to Utility portal',
    );
    expect(describeAuditEntry(entry('link_deleted', 'project', { record_id: c(8, null), link_title: c('Utility portal', null) }))).toBe('Avery Admin deleted the link Utility portal');
    expect(describeAuditEntry(entry('ticket_updated', 'project', { record_id: c(2, 2), status: c('open', 'in_progress') }))).toBe('Avery Admin updated ticket #2: changed the status from Open to In Progress');
  });

  it('project: photos and files', () => {
    expect(describeAuditEntry(entry('note_created', 'project', { record_id: c(null, 4), body: c(null, 'Meter is in the garage.') }))).toBe('Avery Admin added a note: “Meter is in the garage.”');
    expect(describeAuditEntry(entry('note_deleted', 'project', { record_id: c(4, null), body: c('Meter is in the garage.', null) }))).toBe('Avery Admin deleted a note: “Meter is in the garage.”');
    expect(describeAuditEntry(entry('note_deleted', 'project', { record_id: c(4, null) }))).toBe('Avery Admin deleted note #4');
    expect(describeAuditEntry(entry('photo_uploaded', 'project', { record_id: c(null, 6), name: c(null, 'site.png'), content_type: c(null, 'image/png'), byte_size: c(null, 68) }))).toBe(
      'Avery Admin uploaded the photo site.png',
    );
    expect(describeAuditEntry(entry('photo_renamed', 'project', { record_id: c(6, 6), name: c('site.png', 'roof.png') }))).toBe('Avery Admin renamed the photo site.png to roof.png');
    expect(describeAuditEntry(entry('photo_deleted', 'project', { record_id: c(6, null), name: c('roof.png', null) }))).toBe('Avery Admin deleted the photo roof.png');
    expect(describeAuditEntry(entry('file_uploaded', 'project', { record_id: c(null, 7), name: c(null, 'bill.pdf') }))).toBe('Avery Admin uploaded the file bill.pdf');
    expect(describeAuditEntry(entry('file_renamed', 'project', { record_id: c(7, 7), name: c('bill.pdf', 'march-bill.pdf') }))).toBe('Avery Admin renamed the file bill.pdf to march-bill.pdf');
    expect(describeAuditEntry(entry('file_deleted', 'project', { record_id: c(7, null), name: c('march-bill.pdf', null) }))).toBe('Avery Admin deleted the file march-bill.pdf');
  });

  it('proposal request: status with its label, rejection, links and other fields', () => {
    expect(describeAuditEntry(entry('updated', 'proposal_ticket', { status: c(2, 3) }))).toBe('Avery Admin updated the proposal request to Proposal created and attached to project');
    // A company name change files the project under another account: the sentence names the change, not the account.
    expect(describeAuditEntry(entry('updated', 'project', { company_name: c('Old Co', 'New Co'), account_id: c(3, 7) }, 'Pat Partner'))).toBe('Pat Partner changed the company name from Old Co to New Co');
    // The member's own requests (issue 18 item 2).
    expect(describeAuditEntry(entry('requested', 'proposal_ticket', { status: c(null, 1), details: c(null, 'Rooftop, please') }, 'Pat Partner'))).toBe('Pat Partner requested a proposal');
    expect(describeAuditEntry(entry('revision_requested', 'proposal_ticket', { status: c(3, 5), details: c(null, 'Add a carport') }, 'Pat Partner'))).toBe(
      'Pat Partner requested a revision of the proposal (Add a carport)',
    );
    expect(describeAuditEntry(entry('updated', 'proposal_ticket', { status: c(1, 2), engineer_name: c('', 'Jamie Volt'), admin_notes: c('', 'On it') }))).toBe(
      'Avery Admin updated the proposal request to Proposal accepted and assigned to engineer: set the engineer to Jamie Volt and set the admin notes to On it',
    );
    expect(
      describeAuditEntry(entry('updated', 'proposal_ticket', { status: c(1, 4), rejection_reason: c(null, 'missing information'), rejection_specific: c(null, 'meter_number') })),
    ).toBe('Avery Admin updated the proposal request to Proposal request rejected (Missing information: Meter Number)');
    expect(describeAuditEntry(entry('updated', 'proposal_ticket', { status: c(2, 3), proposal_links: c(null, [{ url: 'https://a.example' }, { url: 'https://b.example' }]) }))).toBe(
      'Avery Admin updated the proposal request to Proposal created and attached to project: added 2 proposal links',
    );
    expect(describeAuditEntry(entry('updated', 'proposal_ticket', { admin_notes: c('On it', 'Waiting on the bill') }))).toBe(
      'Avery Admin updated the proposal request: changed the admin notes from On it to Waiting on the bill',
    );
  });

  it('earnings: deals, approvals, adjustments and payouts', () => {
    const at = (entityType: AuditEntry['entity_type'], action: string, changes: AuditEntry['changes']) => describeAuditEntry(entry(action, entityType, changes)).replace(/^Avery Admin /, '');
    expect(at('project', 'deal_recorded', { contract_value_usd: { before: null, after: 250000 }, net_profit_usd: { before: null, after: 48250.5 } })).toBe(
      'recorded the deal: a contract value of $250,000.00 and a net profit of $48,250.50',
    );
    expect(at('project', 'deal_updated', { net_profit_usd: { before: 48250.5, after: 40000 } })).toBe('corrected the deal: a net profit of $40,000.00');
    expect(at('user', 'earning_approved', { status: { before: 'expected', after: 'approved' }, record_id: { before: null, after: 12 } })).toBe('approved earnings entry #12');
    expect(at('user', 'earning_adjusted', { amount_usd: { before: null, after: -120.5 }, reason: { before: null, after: 'Chargeback' }, record_id: { before: null, after: 3 } })).toBe(
      'added an adjustment of -$120.50 (Chargeback)',
    );
    expect(at('user', 'payout_recorded', { amount_usd: { before: null, after: 2500 }, reference: { before: null, after: 'ACH-2' }, record_id: { before: null, after: 1 } })).toBe(
      'recorded a payout of $2,500.00, reference ACH-2',
    );
  });

  it('names a deleted administrator and reads an unknown action as words', () => {
    expect(describeAuditEntry(entry('mfa_reset', 'user', {}, null))).toBe('A former user reset two-factor authentication');
    expect(describeAuditEntry(entry('bulk_archived', 'project'))).toBe('Avery Admin bulk archived (project)');
    expect(describeAuditEntry(entry('widget_created', 'project', { record_id: c(null, 2) }))).toBe('Avery Admin widget created (project)');
  });
});

describe('formatAuditValue', () => {
  it('labels enumerations, dates, booleans and long text', () => {
    expect(formatAuditValue('company_role', 'full_access_admin')).toBe('Full Access Admin');
    expect(formatAuditValue('status', 5, 'proposal_ticket')).toBe('Revision requested and pending review');
    expect(formatAuditValue('mfa_enabled', false)).toBe('No');
    expect(formatAuditValue('trial_end_date', '2026-11-23T15:14:00.000Z')).toMatch(/^Nov 23, 2026, \d{1,2}:14 [AP]M$/);
    expect(formatAuditValue('kilowatt_amounts', [[1, 2]])).toBe('1 meter');
    // Issue 35: meters by name, a calendar day as the day it is wherever it is read.
    expect(formatAuditValue('meters', [{ name: 'Main building', months: [] }, { name: '', months: [] }])).toBe('Main building, Meter 2');
    expect(formatAuditValue('construction_start_date', '2026-03-01')).toBe('Mar 1, 2026');
    expect(formatAuditValue('admin_notes', 'x'.repeat(200))).toHaveLength(80);
    expect(formatAuditValue('city', null)).toBe('');
  });

  it('joins words', () => {
    expect(joinWords([])).toBe('');
    expect(joinWords(['a'])).toBe('a');
    expect(joinWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('describeAuditEntry: leads (issue 39)', () => {
  it('says each lead write plainly', () => {
    expect(describeAuditEntry(entry('lead_registered', 'lead', { company_name: c(null, 'Riverbend Feed & Seed') }, 'Riley Referrer'))).toBe('Riley Referrer registered a lead, Riverbend Feed & Seed');
    expect(describeAuditEntry(entry('lead_contacted', 'lead', { status: c('new', 'contacted') }, 'Avery Admin'))).toBe('Avery Admin marked a lead contacted');
    expect(describeAuditEntry(entry('lead_rejected', 'lead', { rejected_reason: c(null, 'Leases the building') }, 'Avery Admin'))).toBe('Avery Admin rejected a lead (Leases the building)');
    expect(describeAuditEntry(entry('lead_converted', 'lead', { project_id: c(null, 41) }, 'Avery Admin'))).toBe('Avery Admin converted a lead into a project (#41)');
  });
});
