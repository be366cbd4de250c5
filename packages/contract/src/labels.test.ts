import { describe, expect, it } from 'vitest';
import { ACCOUNT_STATUSES } from './admin.js';
import {
  ACCOUNT_TYPES,
  ALL_PROJECT_STAGES,
  COMPANY_ROLES,
  LINK_TYPES,
  PROPOSAL_STATUSES,
  REJECTION_REASONS,
  REJECTION_SPECIFICS,
  REVISION_TYPES,
  ROOF_AGES,
  ROOF_TYPES,
  SUBSCRIPTION_STATUSES,
  YES_NO,
} from './enums.js';
import { ENUM_LABELS, enumLabel, enumOptions, type EnumKind } from './labels.js';
import { TICKET_STATUSES } from './projects.js';

const ENUMERATIONS: Record<EnumKind, readonly string[]> = {
  account_type: ACCOUNT_TYPES,
  company_role: COMPANY_ROLES,
  subscription_status: SUBSCRIPTION_STATUSES,
  project_stage: ALL_PROJECT_STAGES,
  yes_no: YES_NO,
  type_of_roof: ROOF_TYPES,
  age_of_roof: ROOF_AGES,
  link_type: LINK_TYPES,
  proposal_status: PROPOSAL_STATUSES,
  rejection_reason: REJECTION_REASONS,
  rejection_specific: REJECTION_SPECIFICS,
  revision_type: REVISION_TYPES,
  ticket_status: TICKET_STATUSES,
  account_status: ACCOUNT_STATUSES,
};

describe('the enumeration label map', () => {
  it('labels every value of every enumeration, and no label is a raw key', () => {
    expect(Object.keys(ENUM_LABELS).sort()).toEqual(Object.keys(ENUMERATIONS).sort());
    for (const [kind, values] of Object.entries(ENUMERATIONS) as Array<[EnumKind, readonly string[]]>) {
      expect(Object.keys(ENUM_LABELS[kind]).sort(), kind).toEqual([...values].sort());
      for (const value of values) {
        const label = enumLabel(kind, value);
        expect(label, `${kind} ${value}`).not.toMatch(/_/);
        expect(label.length, `${kind} ${value}`).toBeGreaterThan(0);
      }
    }
  });

  it('reads the fields the issue saw raw as words, and keeps the stored values', () => {
    expect(enumLabel('rejection_specific', 'meter_number')).toBe('Meter Number');
    expect(enumLabel('rejection_specific', 'average_monthly_power_bill_cost')).toBe('Average Monthly Power Bill Cost');
    expect(enumLabel('account_type', 'enterprize_partner')).toBe('Enterprise Partner');
    expect(enumLabel('company_role', 'sunin_ambassader')).toBe('SunIn Ambassador');
    expect(enumOptions('rejection_reason', REJECTION_REASONS)[0]).toEqual({ value: 'incorrect information', label: 'Incorrect information' });
    expect(enumLabel('company_role', 'new_role_from_a_newer_server')).toBe('new role from a newer server');
    expect(enumLabel('company_role', null)).toBe('');
  });
});
