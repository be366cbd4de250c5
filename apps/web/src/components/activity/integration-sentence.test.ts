import type { AuditEntry } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from './activity-sentence';

const c = (before: unknown, after: unknown) => ({ before, after });
const entry = (entity_type: AuditEntry['entity_type'], action: string, changes: AuditEntry['changes']): AuditEntry => ({
  id: 1,
  actor_id: 3,
  actor_name: 'Sam Seller',
  action,
  entity_type,
  entity_id: 7,
  changes,
  created_at: '2026-12-06T15:14:00Z',
});

describe('describeAuditEntry: API tokens and webhook endpoints (issue 40)', () => {
  it('names the token made or revoked with its scopes, and each write made with it', () => {
    expect(describeAuditEntry(entry('api_token', 'created', { name: c(null, 'HubSpot'), scopes: c(null, ['projects:read', 'earnings:read']), expires_at: c(null, null) }))).toBe(
      'Sam Seller created the API token HubSpot (Read projects, Read earnings)',
    );
    expect(describeAuditEntry(entry('api_token', 'revoked', { name: c('HubSpot', 'HubSpot'), revoked_at: c(null, '2026-12-06T15:14:00Z') }))).toBe('Sam Seller revoked the API token HubSpot');
    expect(describeAuditEntry(entry('api_token', 'request', { method: c(null, 'PATCH'), route: c(null, '/api/projects/:id'), status: c(null, 200) }))).toBe(
      'Sam Seller used API token #7: PATCH /api/projects/:id (200)',
    );
    expect(describeAuditEntry(entry('api_token', 'revoked', {}))).toBe('Sam Seller revoked API token #7');
  });

  it('names the webhook endpoint added, changed, turned off and deleted', () => {
    const url = 'https://crm.example/hooks';
    expect(describeAuditEntry(entry('webhook_endpoint', 'created', { url: c(null, url), events: c(null, ['project.created']) }))).toBe(`Sam Seller added the webhook endpoint ${url}`);
    expect(describeAuditEntry(entry('webhook_endpoint', 'updated', { url: c(url, url), events: c(['project.created'], ['project.updated']) }))).toBe(`Sam Seller updated the webhook endpoint ${url} (events)`);
    expect(describeAuditEntry(entry('webhook_endpoint', 'updated', { url: c(url, url), enabled: c(true, false) }))).toBe(`Sam Seller turned off the webhook endpoint ${url}`);
    expect(describeAuditEntry(entry('webhook_endpoint', 'deleted', { url: c(url, null) }))).toBe(`Sam Seller deleted the webhook endpoint ${url}`);
  });
});
