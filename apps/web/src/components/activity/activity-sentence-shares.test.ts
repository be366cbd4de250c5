import type { AuditEntry } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from './activity-sentence';

const c = (before: unknown, after: unknown) => ({ before, after });
const entry = (action: string, changes: AuditEntry['changes'], who: { actor_id: number | null; actor_name: string | null }, entity_type: AuditEntry['entity_type'] = 'project'): AuditEntry => ({
  id: 1,
  ...who,
  action,
  entity_type,
  entity_id: 4,
  changes,
  created_at: '2026-11-28T15:14:00Z',
});
const partner = { actor_id: 3, actor_name: 'Sam Seller' };
const customer = { actor_id: null, actor_name: null };

describe('describeAuditEntry: customer links (issue 36)', () => {
  it('says who a link was made for and revoked from, and whether it was emailed', () => {
    expect(describeAuditEntry(entry('share_created', { recipient_name: c(null, 'Colleen Brennan'), recipient_email: c(null, 'colleen@bayside.example'), emailed: c(null, true) }, partner))).toBe(
      'Sam Seller created a customer link for Colleen Brennan (colleen@bayside.example) and emailed it',
    );
    expect(describeAuditEntry(entry('share_created', { recipient_name: c(null, 'Colleen Brennan'), emailed: c(null, false) }, partner))).toBe('Sam Seller created a customer link for Colleen Brennan');
    expect(describeAuditEntry(entry('share_revoked', { recipient_email: c('colleen@bayside.example', 'colleen@bayside.example') }, partner))).toBe('Sam Seller revoked the customer link of colleen@bayside.example');
  });

  it('names the customer, not "a former user", for what they did through the link', () => {
    expect(describeAuditEntry(entry('customer_signed', { proposal_version: c(null, 2), signer: c(null, 'Colleen Brennan, Co-founder <colleen@bayside.example>') }, customer))).toBe(
      'The customer signed proposal version 2 (Colleen Brennan, Co-founder <colleen@bayside.example>)',
    );
    expect(describeAuditEntry(entry('customer_revision_requested', { details: c(null, 'Smaller array please') }, customer, 'proposal_ticket'))).toBe(
      'The customer asked for changes, reopening the proposal request (Smaller array please)',
    );
    // A deleted user's own entries still read as before.
    expect(describeAuditEntry(entry('share_revoked', {}, { actor_id: null, actor_name: null }))).toBe('A former user revoked a customer link');
  });
});
