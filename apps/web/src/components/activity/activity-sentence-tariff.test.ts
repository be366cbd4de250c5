import type { AuditEntry } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from './activity-sentence';

const entry = (action: string, changes: AuditEntry['changes']): AuditEntry => ({ id: 1, actor_id: 9, actor_name: 'Avery Admin', action, entity_type: 'tariff', entity_id: 4, changes, created_at: '2026-11-23T15:14:00Z' });
const c = (before: unknown, after: unknown) => ({ before, after });

describe('describeAuditEntry: tariff writes (issue 35 item 4)', () => {
  it('names the tariff created or deleted, and the fields an edit changed', () => {
    expect(describeAuditEntry(entry('tariff_created', { name: c(null, 'Test TOU'), customer_charge_usd: c(null, 50) }))).toBe('Avery Admin created the tariff Test TOU');
    expect(describeAuditEntry(entry('tariff_deleted', { name: c('Test TOU', null) }))).toBe('Avery Admin deleted the tariff Test TOU');
    expect(describeAuditEntry(entry('tariff_updated', { name: c('A', 'B'), energy_rates: c([], []), example: c(true, false) }))).toBe("Avery Admin changed the tariff's name, energy rates and example mark");
  });
});
