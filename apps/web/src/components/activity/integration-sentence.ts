import { API_TOKEN_SCOPE_LABELS, API_TOKEN_SCOPES, type AuditChanges, type AuditEntry } from '@sunin/contract';

/**
 * The audit trail's sentences for the public API and webhooks (issue 40), in one place so the
 * token and webhook work add none elsewhere:
 *   api_token: created, revoked, request (a write made with the token: method, route, status);
 *   webhook_endpoint: created, updated, deleted.
 * Undefined for any other entry: activity-sentence.ts describes those.
 */
export function describeIntegrationAction(entry: AuditEntry): string | undefined {
  const { action, changes } = entry;
  if (entry.entity_type === 'api_token') {
    const name = text(changes, 'name');
    const token = name ? `the API token ${name}` : `API token #${entry.entity_id}`;
    switch (action) {
      case 'created': {
        const scopes = changes.scopes?.after;
        const labels = Array.isArray(scopes) ? scopes.filter(isScope).map((scope) => API_TOKEN_SCOPE_LABELS[scope]) : [];
        return `created ${token}${labels.length > 0 ? ` (${labels.join(', ')})` : ''}`;
      }
      case 'revoked':
        return `revoked ${token}`;
      case 'request': {
        const call = [text(changes, 'method'), text(changes, 'route')].filter(Boolean).join(' ');
        const status = changes.status?.after;
        return `used API token #${entry.entity_id}${call ? `: ${call}` : ''}${typeof status === 'number' ? ` (${status})` : ''}`;
      }
    }
  }
  if (entry.entity_type === 'webhook_endpoint') {
    const url = text(changes, 'url');
    const endpoint = url ? `the webhook endpoint ${url}` : `webhook endpoint #${entry.entity_id}`;
    switch (action) {
      case 'created':
        return `added ${endpoint}`;
      case 'deleted':
        return `deleted ${endpoint}`;
      case 'updated': {
        const enabled = changes.enabled;
        if (enabled && enabled.before !== enabled.after && Object.keys(changes).every((field) => field === 'enabled' || field === 'url' || field.startsWith('disabled_'))) {
          return `${enabled.after === true ? 'turned on' : 'turned off'} ${endpoint}`;
        }
        const fields = Object.keys(changes).filter((field) => field !== 'url' || changes.url?.before !== changes.url?.after).map((field) => (field === 'url' ? 'URL' : field.replace(/_/g, ' ')));
        return `updated ${endpoint}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`;
      }
    }
  }
  return undefined;
}

const isScope = (value: unknown): value is (typeof API_TOKEN_SCOPES)[number] => typeof value === 'string' && (API_TOKEN_SCOPES as readonly string[]).includes(value);

/** The text value an entry holds for `field`, after the write if there is one, else before. */
function text(changes: AuditChanges, field: string): string {
  const change = changes[field];
  const value = change?.after ?? change?.before;
  return typeof value === 'string' ? value.trim() : '';
}
