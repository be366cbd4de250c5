import type { Estimate } from '@sunin/contract';

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Large amounts to the dollar, monthly ones to the cent; a dash for what cannot be computed yet. */
export const dollars = (value: number | null) => (value === null ? '—' : usdWhole.format(value));
export const cents = (value: number | null) => (value === null ? '—' : usdCents.format(value));
export const amount = (value: number | null, unit = '') => (value === null ? '—' : `${number.format(value)}${unit ? ` ${unit}` : ''}`);
export const percent = (share: number) => `${number.format(Math.round(share * 10_000) / 100)} %`;
export const years = (value: number | null) => (value === null ? 'Not within the lifetime' : `${number.format(value)} years`);

/** Where the rate came from, in words. */
export function rateExplanation(inputs: Estimate['inputs']): string {
  const rate = `$${inputs.effective_rate_usd_per_kwh.toFixed(4)} per kWh`;
  if (inputs.rate_source === 'bill') return `${rate}: your average bill × 12 ÷ annual usage`;
  if (inputs.rate_source === 'state_average') return `${rate}: the average commercial rate in ${inputs.state_name} (EIA, 2023)`;
  return `${rate}: the national average commercial rate (EIA, 2023)`;
}

/** Which tab holds each missing input. */
export const MISSING_TAB: Record<Estimate['missing'][number]['field'], { tab: string; label: string }> = {
  kilowatt_amounts: { tab: 'utility-info', label: 'Utility Info' },
  average_monthly_power_bill_cost: { tab: 'utility-info', label: 'Utility Info' },
  state: { tab: 'site-info', label: 'Site Info' },
};

/** IRR and other rates that may be negative or absent: "12.3 %", or what null means. */
export const rateOrNone = (value: number | null, none: string) => (value === null ? none : percent(value));
/** LCOE and rates per kWh to a tenth of a cent. */
export const perKwh = (value: number | null) => (value === null ? '—' : `$${value.toFixed(3)} per kWh`);

const isoDayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
/** '2026-07-04' -> 'July 4, 2026' (a calendar day, so read in UTC: no time zone may move it). */
export const calendarDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : isoDayFormat.format(date);
};

type AssumptionKind = 'percent' | 'usd_per_watt' | 'usd_per_kw_year' | 'usd_per_kwh' | 'cents_per_kwh' | 'years' | 'year_list' | 'kwh_per_kw' | 'day' | 'percent_list' | 'kw_ac' | 'ratio';

/** How each assumption of the estimate's answer is named and shown (issue 35 item 6: "assumptions used"). */
export const ASSUMPTION_DISPLAY: Record<string, { label: string; kind: AssumptionKind }> = {
  cost_per_watt_usd: { label: 'Cost per watt', kind: 'usd_per_watt' },
  target_offset: { label: 'Target offset', kind: 'percent' },
  energy_share: { label: 'Energy share of the bill', kind: 'percent' },
  degradation: { label: 'Panel degradation a year', kind: 'percent' },
  escalation: { label: 'Rate escalation a year', kind: 'percent' },
  lifetime_years: { label: 'Lifetime', kind: 'years' },
  itc_base_rate: { label: 'Tax credit base rate', kind: 'percent' },
  itc_adder_rate: { label: 'Tax credit adder, each', kind: 'percent' },
  financing_apr: { label: 'Financing APR', kind: 'percent' },
  financing_terms_years: { label: 'Financing terms', kind: 'year_list' },
  financed_share: { label: 'Financed share of the cost', kind: 'percent' },
  specific_yield_kwh_per_kw: { label: 'Specific yield', kind: 'kwh_per_kw' },
  effective_rate_usd_per_kwh: { label: 'Effective rate', kind: 'usd_per_kwh' },
  default_specific_yield_kwh_per_kw: { label: 'Specific yield, other states', kind: 'kwh_per_kw' },
  commercial_rate_cents_per_kwh: { label: 'Commercial rate', kind: 'cents_per_kwh' },
  default_commercial_rate_cents_per_kwh: { label: 'Commercial rate, other states', kind: 'cents_per_kwh' },
  om_usd_per_kw_year: { label: 'O&M cost', kind: 'usd_per_kw_year' },
  om_escalation: { label: 'O&M escalation a year', kind: 'percent' },
  discount_rate: { label: 'Discount rate', kind: 'percent' },
  federal_tax_rate: { label: 'Federal tax rate', kind: 'percent' },
  state_tax_rate: { label: 'State tax rate', kind: 'percent' },
  bonus_depreciation: { label: 'Bonus depreciation', kind: 'percent' },
  bonus_depreciation_acquired_after: { label: 'Bonus depreciation for property acquired after', kind: 'day' },
  macrs_schedule: { label: 'MACRS schedule', kind: 'percent_list' },
  itc_begin_construction_by: { label: 'Credit: construction begun by', kind: 'day' },
  itc_placed_in_service_by: { label: 'Credit: otherwise in service by', kind: 'day' },
  itc_continuity_years: { label: 'Credit: continuity safe harbor', kind: 'years' },
  itc_prevailing_wage_threshold_kw_ac: { label: 'Prevailing wage threshold', kind: 'kw_ac' },
  itc_reduced_base_rate: { label: 'Credit base rate without prevailing wage', kind: 'percent' },
  itc_reduced_adder_rate: { label: 'Credit adder without prevailing wage, each', kind: 'percent' },
  dc_ac_ratio: { label: 'DC to AC ratio', kind: 'ratio' },
};

/** 'om_usd_per_kw_year' -> 'Om usd per kw year': the name of an assumption this screen does not know yet. */
const humanize = (key: string) => key.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

export const assumptionLabel = (key: string) => ASSUMPTION_DISPLAY[key]?.label ?? humanize(key);

/** An assumption's value as a partner reads it, by its kind; an unknown one as plainly as it can. */
export function assumptionValue(key: string, value: unknown): string {
  const kind = ASSUMPTION_DISPLAY[key]?.kind;
  const numeric = typeof value === 'number' ? value : null;
  if (numeric !== null) {
    switch (kind) {
      case 'percent':
        return percent(numeric);
      case 'usd_per_watt':
        return `$${numeric.toFixed(2)} per W DC`;
      case 'usd_per_kw_year':
        return `$${number.format(numeric)} per kW DC a year`;
      case 'usd_per_kwh':
        return `$${numeric.toFixed(4)} per kWh`;
      case 'cents_per_kwh':
        return `${number.format(numeric)} ¢ per kWh`;
      case 'years':
        return `${number.format(numeric)} ${numeric === 1 ? 'year' : 'years'}`;
      case 'kwh_per_kw':
        return `${number.format(numeric)} kWh per kW DC a year`;
      case 'kw_ac':
        return `${number.format(numeric)} kW AC`;
      default:
        return number.format(numeric);
    }
  }
  if (typeof value === 'string') return kind === 'day' ? calendarDay(value) : value;
  if (Array.isArray(value)) {
    if (kind === 'year_list') return `${value.join(', ')} years`;
    if (kind === 'percent_list') return value.map((share) => (typeof share === 'number' ? percent(share) : String(share))).join(', ');
    return value.map(String).join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined) return '—';
  // A table by state: 'CA 23.91, TX 8.82'.
  if (typeof value === 'object') return Object.entries(value).map(([name, entry]) => `${name} ${typeof entry === 'number' ? number.format(entry) : String(entry)}`).join(', ');
  return String(value);
}
