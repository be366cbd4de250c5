import type { EstimateAssumptions } from '@sunin/contract';

/**
 * The Estimate Settings page's fields, by group: how each assumption is typed. A percentage is
 * shown ×100 (8 % for 0.08), a day as YYYY-MM-DD, money and counts as they are.
 */
export type FieldKind = 'percent' | 'number' | 'day';
type ScalarKey = { [K in keyof EstimateAssumptions]: EstimateAssumptions[K] extends number | string ? K : never }[keyof EstimateAssumptions];

export interface SettingField {
  key: ScalarKey;
  label: string;
  kind: FieldKind;
}

export const FIELD_GROUPS: readonly { title: string; description?: string; fields: readonly SettingField[] }[] = [
  {
    title: 'System and cost',
    fields: [
      { key: 'cost_per_watt_usd', label: 'Cost per watt (US$ per W DC)', kind: 'number' },
      { key: 'target_offset', label: 'Target offset (% of annual usage)', kind: 'percent' },
      { key: 'degradation', label: 'Panel degradation (% a year)', kind: 'percent' },
      { key: 'lifetime_years', label: 'Lifetime (years)', kind: 'number' },
      { key: 'dc_ac_ratio', label: 'DC to AC ratio', kind: 'number' },
      { key: 'default_specific_yield_kwh_per_kw', label: 'Specific yield, other states (kWh per kW a year)', kind: 'number' },
    ],
  },
  {
    title: 'Rates',
    description: 'A meter without a tariff is billed at the average rate per kWh and this energy share; a meter with one, hour by hour on its tariff.',
    fields: [
      { key: 'energy_share', label: 'Energy share of the bill (%)', kind: 'percent' },
      { key: 'escalation', label: 'Rate escalation (% a year)', kind: 'percent' },
      { key: 'default_commercial_rate_cents_per_kwh', label: 'Commercial rate, other states (¢ per kWh)', kind: 'number' },
    ],
  },
  {
    title: 'O&M, discounting and tax',
    fields: [
      { key: 'om_usd_per_kw_year', label: 'O&M cost (US$ per kW DC a year)', kind: 'number' },
      { key: 'om_escalation', label: 'O&M escalation (% a year)', kind: 'percent' },
      { key: 'discount_rate', label: 'Discount rate (%)', kind: 'percent' },
      { key: 'federal_tax_rate', label: 'Federal tax rate (%)', kind: 'percent' },
      { key: 'state_tax_rate', label: 'State tax rate (%)', kind: 'percent' },
      { key: 'bonus_depreciation', label: 'Bonus depreciation (% of the basis in year 1)', kind: 'percent' },
      { key: 'bonus_depreciation_acquired_after', label: 'Bonus depreciation for property acquired after', kind: 'day' },
    ],
  },
  {
    title: 'Federal tax credit',
    description: 'Public Law 119-21 (4 July 2025): the credit needs construction begun by the first day, or the system in service by the second.',
    fields: [
      { key: 'itc_base_rate', label: 'Tax credit base rate (%)', kind: 'percent' },
      { key: 'itc_adder_rate', label: 'Tax credit adder, each (%)', kind: 'percent' },
      { key: 'itc_begin_construction_by', label: 'Credit: construction begun by', kind: 'day' },
      { key: 'itc_placed_in_service_by', label: 'Credit: otherwise in service by', kind: 'day' },
      { key: 'itc_continuity_years', label: 'Continuity safe harbor (calendar years)', kind: 'number' },
      { key: 'itc_prevailing_wage_threshold_kw_ac', label: 'Prevailing wage threshold (kW AC)', kind: 'number' },
      { key: 'itc_reduced_base_rate', label: 'Base rate without prevailing wage (%)', kind: 'percent' },
      { key: 'itc_reduced_adder_rate', label: 'Adder without prevailing wage, each (%)', kind: 'percent' },
    ],
  },
  {
    title: 'Financing',
    fields: [
      { key: 'financing_apr', label: 'Financing APR (%)', kind: 'percent' },
      { key: 'financed_share', label: 'Financed share of the cost (%)', kind: 'percent' },
    ],
  },
];

export const SETTING_FIELDS: readonly SettingField[] = FIELD_GROUPS.flatMap((group) => group.fields);

/** A value as the form shows it: 0.0899 as '8.99' for a percentage. */
export const showValue = (value: number | string, kind: FieldKind) => (kind === 'percent' && typeof value === 'number' ? String(Math.round(value * 1_000_000) / 10_000) : String(value));

/** A typed number, NaN when blank (the server then names the field). */
export const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** 8.99 % is 0.0899, not 0.08990000000000001: float noise would read as a change in the audit trail. */
export const fraction = (percent: number) => Math.round(percent * 1e8) / 1e10;
