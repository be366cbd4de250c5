import { z } from 'zod';
import { MAX_MONTHLY_BILL_USD, MAX_MONTHLY_KWH } from './constants.js';
import { isoDay } from './input-bounds.js';
import { projectBills } from './bill-engine/project-bills.js';
import { incompleteMetersMessage, meterAt } from './estimate-meters.js';
import { investmentMeasures, TAX_CREDIT_NOTES, taxCredit } from './investment.js';
import { LOAD_PROFILES, tariffSchema, type Meter, type TariffRates } from './tariffs.js';
import { stateCode, stateName, US_STATE_CODES, type UsStateCode } from './us-states.js';

/**
 * The preliminary savings and financing estimate (issue 16; DOMAIN.md section 1). One pure
 * function of a project's own data and the administrator's assumptions, shared by the server
 * (which answers GET /api/projects/{id}/estimate) and the web app. Every number it uses is
 * returned with its source, and whatever it still needs is named in `missing`.
 */

const share = (label: string, max = 1) =>
  z.number({ error: `${label} must be a number.` }).min(0, `${label} must be at least 0.`).max(max, `${label} must be at most ${max}.`);
const positive = (label: string, max: number) =>
  z.number({ error: `${label} must be a number.` }).positive(`${label} must be more than 0.`).max(max, `${label} must be at most ${max}.`);
const stateTable = (label: string, max: number) =>
  z.partialRecord(z.enum(US_STATE_CODES as [UsStateCode, ...UsStateCode[]], { error: `${label}: unknown state code.` }), positive(label, max));

export const estimateAssumptionsSchema = z.strictObject({
  cost_per_watt_usd: positive('Cost per watt', 20),
  target_offset: positive('Target offset', 1.5),
  energy_share: share('Energy share of the bill'),
  degradation: share('Degradation', 0.05),
  escalation: share('Rate escalation', 0.2),
  lifetime_years: z.number({ error: 'Lifetime must be a number.' }).int('Lifetime must be whole years.').min(1, 'Lifetime must be at least 1 year.').max(50, 'Lifetime must be at most 50 years.'),
  itc_base_rate: share('Tax credit base rate'),
  itc_adder_rate: share('Tax credit adder'),
  financing_apr: share('Financing APR', 0.5),
  financing_terms_years: z
    .array(z.number({ error: 'Terms must be numbers.' }).int('Terms must be whole years.').min(1, 'Terms must be at least 1 year.').max(40, 'Terms must be at most 40 years.'))
    .min(1, 'Give at least one financing term.')
    .max(6, 'Give at most 6 financing terms.')
    .refine((terms) => new Set(terms).size === terms.length, 'Financing terms must differ.'),
  financed_share: share('Financed share'),
  specific_yield_kwh_per_kw: stateTable('Specific yield', 3000),
  default_specific_yield_kwh_per_kw: positive('Default specific yield', 3000),
  commercial_rate_cents_per_kwh: stateTable('Commercial rate', 200),
  default_commercial_rate_cents_per_kwh: positive('Default commercial rate', 200),
  // Issue 35 item 6 (DOMAIN.md 1c): investment measures, depreciation and the 2025 credit rules.
  om_usd_per_kw_year: share('O&M cost per kW-year', 200),
  om_escalation: share('O&M escalation', 0.2),
  discount_rate: share('Discount rate', 0.5),
  federal_tax_rate: share('Federal tax rate'),
  state_tax_rate: share('State tax rate', 0.2),
  bonus_depreciation: share('Bonus depreciation'),
  bonus_depreciation_acquired_after: isoDay('Bonus depreciation: property acquired after'),
  macrs_schedule: z
    .array(share('A MACRS share'), { error: 'The MACRS schedule must be a list of shares.' })
    .min(1, 'Give at least one MACRS year.')
    .max(40, 'Give at most 40 MACRS years.')
    .refine((shares) => Math.abs(shares.reduce((sum, value) => sum + value, 0) - 1) < 0.0005, 'The MACRS shares must add up to 1.'),
  itc_begin_construction_by: isoDay('Credit: construction begun by'),
  itc_placed_in_service_by: isoDay('Credit: otherwise placed in service by'),
  itc_continuity_years: z.number({ error: 'Continuity years must be a number.' }).int('Continuity years must be whole years.').min(0, 'Continuity years must be at least 0.').max(10, 'Continuity years must be at most 10.'),
  itc_prevailing_wage_threshold_kw_ac: positive('Prevailing wage threshold (kW AC)', 100_000),
  itc_reduced_base_rate: share('Credit base rate without prevailing wage'),
  itc_reduced_adder_rate: share('Credit adder without prevailing wage'),
  dc_ac_ratio: positive('DC to AC ratio', 3),
});
export type EstimateAssumptions = z.infer<typeof estimateAssumptionsSchema>;

/** DOMAIN.md's defaults, with the sources it names. */
export const DEFAULT_ESTIMATE_ASSUMPTIONS: EstimateAssumptions = {
  cost_per_watt_usd: 2.1,
  target_offset: 0.9,
  energy_share: 0.75,
  degradation: 0.005,
  escalation: 0.03,
  lifetime_years: 25,
  itc_base_rate: 0.3,
  itc_adder_rate: 0.1,
  financing_apr: 0.0899,
  financing_terms_years: [10, 15, 20],
  financed_share: 1,
  specific_yield_kwh_per_kw: { CA: 1600, NV: 1700, TX: 1450, MA: 1250, CT: 1250 },
  default_specific_yield_kwh_per_kw: 1400,
  commercial_rate_cents_per_kwh: {
    CA: 23.91, CT: 19.99, MA: 19.62, NV: 11.91, TX: 8.82, AL: 13.16, AK: 20.87, AZ: 11.79, AR: 10.34, CO: 11.64,
    DE: 11.83, DC: 16.94, FL: 11.95, GA: 10.7, HI: 39.03, ID: 8.78, IL: 11.24, IN: 12.55, IA: 10.33, KS: 10.85,
    KY: 11.38, LA: 10.45, ME: 17.88, MD: 12.77, MI: 13.4, MN: 12.39, MS: 12.37, MO: 10.14, MT: 12.11, NE: 8.76,
    NH: 20.4, NJ: 14, NM: 10.68, NY: 18.01, NC: 9.67, ND: 7.38, OH: 10.75, OK: 9.34, OR: 9.92, PA: 11.26,
    RI: 17.68, SC: 10.39, SD: 10.16, TN: 11.8, UT: 8.51, VT: 18, VA: 8.95, WA: 9.92, WV: 11.03, WI: 12.76,
  },
  default_commercial_rate_cents_per_kwh: 12.7,
  om_usd_per_kw_year: 18,
  om_escalation: 0.025,
  discount_rate: 0.08,
  federal_tax_rate: 0.21,
  state_tax_rate: 0,
  bonus_depreciation: 1,
  bonus_depreciation_acquired_after: '2025-01-19',
  macrs_schedule: [0.2, 0.32, 0.192, 0.1152, 0.1152, 0.0576],
  itc_begin_construction_by: '2026-07-04',
  itc_placed_in_service_by: '2027-12-31',
  itc_continuity_years: 4,
  itc_prevailing_wage_threshold_kw_ac: 1000,
  itc_reduced_base_rate: 0.06,
  itc_reduced_adder_rate: 0.02,
  dc_ac_ratio: 1.2,
};

export const ESTIMATE_SOURCES = {
  cost_per_watt_usd: "NREL's recent cost benchmarks for a commercial rooftop system (about $1.80 to $2.20 per W DC)",
  target_offset: 'Share of the annual usage the system is sized to produce',
  energy_share: 'Share of a commercial bill paid for energy; demand charges and fixed fees are not removed by solar alone',
  degradation: 'Typical yearly loss of panel output',
  escalation: 'Assumed yearly rise of the electricity rate',
  lifetime_years: 'Years of savings counted',
  itc_base_rate: 'Federal investment tax credit base rate (Inflation Reduction Act, sections 48 and 48E); eligibility must be confirmed',
  itc_adder_rate: 'Added to the credit rate for each of energy community and domestic content',
  financing_apr: 'Financing rate offered to partners',
  financing_terms_years: 'Loan terms offered',
  financed_share: 'Share of the gross cost financed',
  specific_yield_kwh_per_kw: "Typical NREL PVWatts result for a fixed, south-facing, low-tilt commercial roof array with 14 % losses",
  commercial_rate_cents_per_kwh: 'EIA, Electric Power Annual, 2023 data: average revenue per kWh, commercial sector',
  om_usd_per_kw_year: 'Operations and maintenance cost per kW DC in the first year',
  om_escalation: 'Yearly rise of the O&M cost',
  discount_rate: "The buyer's cost of capital, for NPV, discounted payback and LCOE",
  federal_tax_rate: 'Federal corporate income tax rate, for the tax benefit of depreciation',
  state_tax_rate: 'State income tax rate added to the federal rate',
  bonus_depreciation: 'Share of the depreciable basis taken in year 1 (Public Law 119-21: 100 % for property acquired after 19 January 2025)',
  bonus_depreciation_acquired_after: 'Bonus depreciation applies to property acquired after this day (the construction start stands for the acquisition)',
  macrs_schedule: 'MACRS 5-year shares of the basis, half-year convention (IRS Publication 946)',
  itc_begin_construction_by: 'Public Law 119-21: solar that begins construction by this day keeps the credit',
  itc_placed_in_service_by: 'Public Law 119-21: otherwise the system must be placed in service by this day',
  itc_continuity_years: 'Continuity safe harbor: in service within this many calendar years after the year construction began',
  itc_prevailing_wage_threshold_kw_ac: 'At this AC size and above, the 30 % base needs prevailing wage and apprenticeship',
  itc_reduced_base_rate: 'Credit base rate of a large system without prevailing wage and apprenticeship',
  itc_reduced_adder_rate: 'Each adder of a large system without prevailing wage and apprenticeship',
  dc_ac_ratio: 'DC size over inverter AC size, to compare the system with the prevailing wage threshold',
} as const;

export const ELECTIVE_PAY_NOTE: string = TAX_CREDIT_NOTES.electivePay;
export const CREDIT_CONFIRMATION_NOTE =
  'Federal law changed in 2025: eligibility for the credit depends on when construction begins and when the system is placed in service, and must be confirmed.';

/** What the estimate reads from a project. */
export interface EstimateProjectInput {
  kilowatt_amounts: readonly (readonly (number | null)[])[];
  average_monthly_power_bill_cost: string | number | null;
  state: string | null;
  itc_energy_community?: boolean;
  itc_domestic_content?: boolean;
  tax_exempt?: boolean;
  /** Issue 35: one per meter of kilowatt_amounts (absent: January to December, no tariff, the default profile). */
  meters?: readonly Meter[];
  /** The tariffs the meters name, by id (a meter whose tariff is absent here falls back to section 1). */
  tariffs?: ReadonlyMap<number, TariffRates>;
  /** The interval series the meters' `interval_import_id` name, by that id. */
  intervals?: ReadonlyMap<number, IntervalSeries>;
  construction_start_date?: string | null;
  expected_in_service_date?: string | null;
  itc_prevailing_wage?: boolean;
  /** The day (YYYY-MM-DD) that stands for the acquisition without a construction start (bonus depreciation); today when absent. */
  today?: string;
}

/**
 * A meter's interval data kept by an import (issue 35 item 3): kWh per step from `start`,
 * a local wall-clock instant written as if UTC (seconds since 1970), every `step_seconds`
 * (900 or 3600), covering the 12 months of the meter (bounded: one year).
 */
export interface IntervalSeries {
  start: number;
  step_seconds: number;
  values: ArrayLike<number>;
}

export const ESTIMATE_MISSING_FIELDS = ['kilowatt_amounts', 'average_monthly_power_bill_cost', 'state'] as const;
export type EstimateMissingField = (typeof ESTIMATE_MISSING_FIELDS)[number];

const assumptionSchema = z.object({ value: z.unknown(), source: z.string() });
const money = z.number();
const billPartsSchema = z.object({ fixed_usd: money, energy_usd: money, demand_usd: money, total_usd: money });
export const estimateSchema = z.object({
  inputs: z.object({
    annual_kwh: z.number().nullable(),
    average_monthly_bill_usd: money.nullable(),
    effective_rate_usd_per_kwh: z.number(),
    avoided_rate_usd_per_kwh: z.number(),
    rate_source: z.enum(['bill', 'state_average', 'national_average']),
    state: z.string().nullable(),
    state_name: z.string().nullable(),
    specific_yield_kwh_per_kw: z.number(),
    yield_source: z.enum(['state', 'national']),
  }),
  system: z.object({ size_kw_dc: z.number().nullable(), annual_production_kwh: z.number().nullable(), offset: z.number().nullable() }),
  cost: z.object({
    cost_per_watt_usd: z.number(),
    gross_usd: money.nullable(),
    itc_rate: z.number(),
    itc_usd: money.nullable(),
    net_usd: money.nullable(),
    elective_pay: z.boolean(),
    notes: z.array(z.string()),
  }),
  savings: z.object({
    first_year_usd: money.nullable(),
    payback_years: z.number().nullable(),
    lifetime_years: z.number().int(),
    lifetime_usd: money.nullable(),
    cash_flow: z.array(z.object({ year: z.number().int(), savings_usd: money, cumulative_usd: money })),
  }),
  financing: z.array(
    z.object({
      term_years: z.number().int(),
      apr: z.number(),
      financed_usd: money.nullable(),
      monthly_payment_usd: money.nullable(),
      first_year_net_monthly_usd: money.nullable(),
    }),
  ),
  assumptions: z.record(z.string(), assumptionSchema),
  simplifications: z.array(z.string()),
  missing: z.array(z.object({ field: z.enum(ESTIMATE_MISSING_FIELDS), message: z.string() })),
  /** Issue 35 item 7: the hourly bills before and after solar, per meter and month (empty meters list while the estimate cannot size a system). */
  bills: z.object({
    meters: z.array(
      z.object({
        index: z.number().int(),
        name: z.string(),
        tariff_id: z.number().int().nullable(),
        /** 'section_1': no tariff on the meter, so its money follows DOMAIN.md section 1. */
        tariff_source: z.enum(['tariff', 'section_1']),
        load_source: z.enum(['interval', 'profile']),
        load_profile: z.enum(LOAD_PROFILES),
        months: z.array(
          z.object({
            month: z.string(),
            usage_kwh: z.number(),
            production_kwh: z.number(),
            peak_kw_before: z.number(),
            peak_kw_after: z.number(),
            before: billPartsSchema,
            after: billPartsSchema.extend({ export_credit_usd: money }),
          }),
        ),
      }),
    ),
    annual: z.object({ before_usd: money, after_usd: money, savings_usd: money, energy_savings_usd: money, demand_savings_usd: money }),
  }),
  /** Issue 35 item 6 (DOMAIN.md 1c): null while the estimate cannot size a system. */
  investment: z
    .object({
      npv_usd: money,
      irr: z.number().nullable(),
      discounted_payback_years: z.number().nullable(),
      lcoe_usd_per_kwh: z.number().nullable(),
      discount_rate: z.number(),
      om_first_year_usd: money,
      depreciation: z.array(z.object({ year: z.number().int(), depreciation_usd: money, tax_benefit_usd: money })),
      cash_flow: z.array(z.object({ year: z.number().int(), usd: money })),
    })
    .nullable(),
  tax_credit: z.object({
    rate: z.number(),
    eligible: z.boolean(),
    reason: z.string(),
    /** The size the prevailing wage rule is read against (kW AC), when a system is sized. */
    size_kw_ac: z.number().nullable(),
    notes: z.array(z.string()),
  }),
  /** What the estimate noticed and did about it (an unusable rate, a meter on section 1, a missing month). */
  warnings: z.array(z.string()),
});
export type Estimate = z.infer<typeof estimateSchema>;

export const ESTIMATE_MISSING_MESSAGES: Record<EstimateMissingField, string> = {
  kilowatt_amounts: 'Add the monthly kWh of at least one meter in Utility Info: without usage the estimate cannot size a system.',
  average_monthly_power_bill_cost: "Add the average monthly power bill in Utility Info: until then the estimate uses the state's average commercial rate.",
  state: 'Add the site’s state in Site Info: until then the estimate uses national averages.',
};

/** DOMAIN.md 1c: the effective rates the estimate believes, in dollars per kWh. */
export const PLAUSIBLE_RATE_USD_PER_KWH = { min: 0.03, max: 1 } as const;
const RATE_NOT_USED = 'The average monthly bill x 12 / annual usage is outside $0.03-$1.00 per kWh, so it is not used';

const cents = (value: number) => Math.round(value * 100) / 100;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The bill as a number of dollars, or null when blank or unreadable. */
function billDollars(value: string | number | null): number | null {
  if (value === null || value === '') return null;
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) && amount > 0 && amount <= MAX_MONTHLY_BILL_USD ? amount : null;
}

/** Monthly payment of a fully amortising loan; zero APR divides evenly. */
export function monthlyPayment(principal: number, apr: number, termYears: number): number {
  const months = termYears * 12;
  if (apr === 0) return principal / months;
  const rate = apr / 12;
  return (principal * rate) / (1 - (1 + rate) ** -months);
}

export const ESTIMATE_SIMPLIFICATIONS = {
  always: [
    'Production follows clear-sky sun geometry scaled to the yearly yield: no weather, so the monthly split is the clear-sky one.',
    'Ratchets, minimum bills and riders are out of scope.',
    'Lifetime savings and payback are undiscounted (year 0 is the net cost; no O&M or depreciation); NPV, IRR and discounted payback are the discounted view.',
  ],
  tariff: 'Savings of meters with a tariff come from their first-year bills and scale with degradation and rate escalation.',
  sectionOne: [
    'Meters without a tariff: no demand-charge savings.',
    'Meters without a tariff: net metering at the avoided rate.',
    'Meters without a tariff: production capped at usage.',
  ],
} as const;

const NEW_ASSUMPTIONS = [
  'om_usd_per_kw_year', 'om_escalation', 'discount_rate', 'federal_tax_rate', 'state_tax_rate', 'bonus_depreciation', 'bonus_depreciation_acquired_after', 'macrs_schedule',
  'itc_begin_construction_by', 'itc_placed_in_service_by', 'itc_continuity_years', 'itc_prevailing_wage_threshold_kw_ac', 'itc_reduced_base_rate', 'itc_reduced_adder_rate', 'dc_ac_ratio',
] as const;

export function computeEstimate(project: EstimateProjectInput, a: EstimateAssumptions = DEFAULT_ESTIMATE_ASSUMPTIONS): Estimate {
  const missing: Estimate['missing'] = [];
  const warnings: string[] = [];
  const need = (field: EstimateMissingField, message = ESTIMATE_MISSING_MESSAGES[field]) => missing.push({ field, message });

  // A month beyond the input's range (stored before the rule, issue 34 item 6) counts as empty.
  const usable = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_MONTHLY_KWH;
  const meters = project.kilowatt_amounts.map((values, index) => ({ values, meter: meterAt(project.meters, index) }));
  const usage = project.kilowatt_amounts.reduce((sum, meter) => sum + meter.reduce<number>((inner, value) => inner + (usable(value) ? value : 0), 0), 0);
  const annualKwh = usage > 0 ? usage : null;
  const bill = billDollars(project.average_monthly_power_bill_cost);
  const code = stateCode(project.state);
  const incomplete = incompleteMetersMessage(meters, usable);

  if (incomplete !== null) need('kilowatt_amounts', incomplete);
  else if (annualKwh === null) need('kilowatt_amounts');
  if (bill === null) need('average_monthly_power_bill_cost');
  if (code === null) need('state');

  const stateYield = code ? a.specific_yield_kwh_per_kw[code] : undefined;
  const specificYield = stateYield ?? a.default_specific_yield_kwh_per_kw;
  const stateRate = code ? a.commercial_rate_cents_per_kwh[code] : undefined;

  let rate: number;
  let rateSource: Estimate['inputs']['rate_source'];
  const billRate = annualKwh !== null && bill !== null ? (bill * 12) / annualKwh : null;
  // DOMAIN.md 1c: a rate outside $0.03-$1.00 per kWh is not used (a few kWh against a large
  // bill would make it absurd, even infinite); the averages stand in for it, and say why.
  const billRateUsable = billRate !== null && billRate >= PLAUSIBLE_RATE_USD_PER_KWH.min && billRate <= PLAUSIBLE_RATE_USD_PER_KWH.max;
  if (billRateUsable) {
    rate = billRate;
    rateSource = 'bill';
  } else if (stateRate !== undefined) {
    rate = stateRate / 100;
    rateSource = 'state_average';
  } else {
    rate = a.default_commercial_rate_cents_per_kwh / 100;
    rateSource = 'national_average';
  }
  if (billRate !== null && !billRateUsable) {
    warnings.push(`${RATE_NOT_USED}: the ${rateSource === 'state_average' && code ? `average commercial rate of ${stateName(code)}` : 'national average commercial rate'} ($${round(rate, 4)} per kWh) stands in for it. Check the monthly kWh and the average bill.`);
  }
  const avoided = rate * a.energy_share;
  const electivePay = project.tax_exempt === true;
  const notes = [CREDIT_CONFIRMATION_NOTE, ...(electivePay ? [ELECTIVE_PAY_NOTE] : [])];

  const assumptions: Estimate['assumptions'] = {
    cost_per_watt_usd: { value: a.cost_per_watt_usd, source: ESTIMATE_SOURCES.cost_per_watt_usd },
    target_offset: { value: a.target_offset, source: ESTIMATE_SOURCES.target_offset },
    energy_share: { value: a.energy_share, source: ESTIMATE_SOURCES.energy_share },
    degradation: { value: a.degradation, source: ESTIMATE_SOURCES.degradation },
    escalation: { value: a.escalation, source: ESTIMATE_SOURCES.escalation },
    lifetime_years: { value: a.lifetime_years, source: ESTIMATE_SOURCES.lifetime_years },
    itc_base_rate: { value: a.itc_base_rate, source: ESTIMATE_SOURCES.itc_base_rate },
    itc_adder_rate: { value: a.itc_adder_rate, source: ESTIMATE_SOURCES.itc_adder_rate },
    financing_apr: { value: a.financing_apr, source: ESTIMATE_SOURCES.financing_apr },
    financing_terms_years: { value: a.financing_terms_years, source: ESTIMATE_SOURCES.financing_terms_years },
    financed_share: { value: a.financed_share, source: ESTIMATE_SOURCES.financed_share },
    specific_yield_kwh_per_kw: {
      value: specificYield,
      source: `${ESTIMATE_SOURCES.specific_yield_kwh_per_kw}; ${stateYield !== undefined && code ? stateName(code) : 'national figure (no state-specific value)'}`,
    },
    effective_rate_usd_per_kwh: {
      value: round(rate, 4),
      source:
        rateSource === 'bill'
          ? 'Average monthly bill x 12 / annual usage'
          : `${billRate === null ? '' : `${RATE_NOT_USED}; `}${ESTIMATE_SOURCES.commercial_rate_cents_per_kwh}; ${rateSource === 'state_average' && code ? stateName(code) : 'national average'}`,
    },
    ...Object.fromEntries(NEW_ASSUMPTIONS.map((key) => [key, { value: a[key], source: ESTIMATE_SOURCES[key] }])),
  };

  const inputs: Estimate['inputs'] = {
    annual_kwh: annualKwh === null ? null : round(annualKwh, 0),
    average_monthly_bill_usd: bill === null ? null : cents(bill),
    effective_rate_usd_per_kwh: round(rate, 4),
    avoided_rate_usd_per_kwh: round(avoided, 4),
    rate_source: rateSource,
    state: code,
    state_name: code ? stateName(code) : null,
    specific_yield_kwh_per_kw: specificYield,
    yield_source: stateYield !== undefined ? 'state' : 'national',
  };
  const creditInput = { ...project, tax_exempt: electivePay };

  if (annualKwh === null || incomplete !== null) {
    const credit = taxCredit({ ...creditInput, size_kw_dc: null }, a);
    return {
      inputs,
      system: { size_kw_dc: null, annual_production_kwh: null, offset: null },
      cost: { cost_per_watt_usd: a.cost_per_watt_usd, gross_usd: null, itc_rate: credit.rate, itc_usd: null, net_usd: null, elective_pay: electivePay, notes },
      savings: { first_year_usd: null, payback_years: null, lifetime_years: a.lifetime_years, lifetime_usd: null, cash_flow: [] },
      financing: a.financing_terms_years.map((term) => ({ term_years: term, apr: a.financing_apr, financed_usd: null, monthly_payment_usd: null, first_year_net_monthly_usd: null })),
      assumptions,
      simplifications: [...ESTIMATE_SIMPLIFICATIONS.always],
      missing,
      bills: { meters: [], annual: { before_usd: 0, after_usd: 0, savings_usd: 0, energy_savings_usd: 0, demand_savings_usd: 0 } },
      investment: null,
      tax_credit: credit,
      warnings,
    };
  }

  const size = (annualKwh * a.target_offset) / specificYield;
  const firstYearProduction = size * specificYield;
  const gross = size * 1000 * a.cost_per_watt_usd;
  const credit = taxCredit({ ...creditInput, size_kw_dc: size }, a);
  const creditUsd = gross * credit.rate;
  const net = gross - creditUsd;

  const engine = projectBills({
    state: code,
    meters: meters.map(({ meter, values }, index) => {
      const monthlyKwh = new Float64Array(12);
      const sourceYears = new Int32Array(12);
      meter.months.forEach((month, position) => {
        const reference = Number(month.slice(5, 7)) - 1;
        monthlyKwh[reference] = values[position] ?? 0;
        sourceYears[reference] = Number(month.slice(0, 4));
      });
      const tariff = meter.tariff_id === null ? null : (project.tariffs?.get(meter.tariff_id) ?? null);
      const interval = meter.interval_import_id === null ? null : (project.intervals?.get(meter.interval_import_id) ?? null);
      return { index, meter, monthlyKwh, sourceYears, tariff, interval };
    }),
    productionKwh: firstYearProduction,
    usageKwh: annualKwh,
    rate,
    avoided,
  });
  warnings.push(...engine.warnings);

  // Savings in year n (decision 037): meters with a tariff scale their first-year bills;
  // meters on section 1 keep its formula on their share of usage and production.
  const savingsInYear = (year: number) => {
    const kept = (1 - a.degradation) ** (year - 1);
    const escalated = (1 + a.escalation) ** (year - 1);
    let saved = engine.tariffSavingsUsd * kept * escalated;
    for (const meter of engine.sectionOneMeters) saved += Math.min(meter.production * kept, meter.usage) * avoided * escalated;
    return saved;
  };

  const cashFlow: Estimate['savings']['cash_flow'] = [{ year: 0, savings_usd: cents(-net), cumulative_usd: cents(-net) }];
  let cumulative = -net;
  let payback: number | null = null;
  const yearly: number[] = [];
  for (let year = 1; year <= a.lifetime_years; year += 1) {
    const saved = savingsInYear(year);
    yearly.push(saved);
    const before = cumulative;
    cumulative += saved;
    if (payback === null && before < 0 && cumulative >= 0 && saved > 0) payback = year - 1 + -before / saved;
    cashFlow.push({ year, savings_usd: cents(saved), cumulative_usd: cents(cumulative) });
  }
  const firstYearSavings = yearly[0] ?? 0;

  const investment = investmentMeasures({ gross, creditRate: credit.rate, creditUsd, net, size, firstYearProduction, yearly, project, taxExempt: electivePay }, a);

  const financed = gross * a.financed_share;
  const simplifications: string[] = [...ESTIMATE_SIMPLIFICATIONS.always];
  if (engine.sectionOneMeters.length < meters.length) simplifications.push(ESTIMATE_SIMPLIFICATIONS.tariff);
  if (engine.sectionOneMeters.length > 0) simplifications.push(...ESTIMATE_SIMPLIFICATIONS.sectionOne);
  return {
    inputs,
    system: { size_kw_dc: round(size, 2), annual_production_kwh: round(firstYearProduction, 0), offset: round(Math.min(firstYearProduction / annualKwh, 1e6), 4) },
    cost: { cost_per_watt_usd: a.cost_per_watt_usd, gross_usd: cents(gross), itc_rate: credit.rate, itc_usd: cents(creditUsd), net_usd: cents(net), elective_pay: electivePay, notes },
    savings: { first_year_usd: cents(firstYearSavings), payback_years: payback === null ? null : round(payback, 2), lifetime_years: a.lifetime_years, lifetime_usd: cents(cumulative), cash_flow: cashFlow },
    financing: a.financing_terms_years.map((term) => {
      const payment = financed > 0 ? monthlyPayment(financed, a.financing_apr, term) : 0;
      return { term_years: term, apr: a.financing_apr, financed_usd: cents(financed), monthly_payment_usd: cents(payment), first_year_net_monthly_usd: cents(payment - firstYearSavings / 12) };
    }),
    assumptions,
    simplifications,
    missing,
    bills: engine.bills,
    investment,
    tax_credit: credit,
    warnings,
  };
}

/** The Maps computeEstimate reads, from GET /api/projects/{id}/estimate-inputs' answer. */
export function estimateInputMaps(inputs: { tariffs: readonly (TariffRates & { id: number })[]; intervals: readonly (IntervalSeries & { id: number })[] }): Pick<EstimateProjectInput, 'tariffs' | 'intervals'> {
  return {
    tariffs: new Map(inputs.tariffs.map(({ id, ...rates }) => [id, rates])),
    intervals: new Map(inputs.intervals.map(({ id, ...series }) => [id, series])),
  };
}

/** The administrator settings (DESIGN.md "Settings"): each name's audit entity id is its place here plus one. */
export const SETTING_NAMES = ['estimate_assumptions', 'earnings', 'stall_thresholds', 'payouts', 'referrals'] as const;
export type SettingName = (typeof SETTING_NAMES)[number];
export const settingAuditId = (name: SettingName) => SETTING_NAMES.indexOf(name) + 1;

/** PUT /api/admin/estimate-assumptions. */
export const estimateAssumptionsBodySchema = z.strictObject({ assumptions: estimateAssumptionsSchema });
export const estimateAssumptionsResponseSchema = z.object({
  assumptions: estimateAssumptionsSchema,
  defaults: estimateAssumptionsSchema,
  sources: z.record(z.string(), z.string()),
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type EstimateAssumptionsResponse = z.infer<typeof estimateAssumptionsResponseSchema>;

/**
 * GET /api/projects/{id}/estimate-inputs (admin: /api/admin/projects/{id}/estimate-inputs):
 * what computeEstimate needs beyond the project itself, so the web app can recompute the
 * estimate in the browser while the partner types (issue 35 item 5): the assumptions in use,
 * the tariffs the project's meters name and the interval series they keep.
 */
export const estimateInputsSchema = z.object({
  assumptions: estimateAssumptionsSchema,
  tariffs: z.array(
    tariffSchema
      .pick({ customer_charge_usd: true, periods: true, energy_rates: true, demand_charges: true, export_credit: true, export_rate_usd_per_kwh: true })
      .extend({ id: z.number().int() }),
  ),
  intervals: z.array(z.object({ id: z.number().int(), start: z.number(), step_seconds: z.number().int().positive(), values: z.array(z.number()) })),
});
export type EstimateInputs = z.infer<typeof estimateInputsSchema>;

/** A comma-separated list of up to 50 row ids in a query ('3,7'), as numbers. */
const idList = (name: string) =>
  z
    .string({ error: `${name} must be ids separated by commas.` })
    .max(600, `${name} is too long.`)
    .transform((value, ctx) => {
      const ids = value === '' ? [] : value.split(',').map((part) => Number(part.trim()));
      if (ids.length > 50 || ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be up to 50 ids separated by commas.` });
        return z.NEVER;
      }
      return ids;
    })
    .optional();

/**
 * The query of estimate-inputs: tariffs and interval imports the unsaved meters name beside the
 * saved ones (a tariff just picked, a file just imported), so the preview prices them too. An
 * interval import is answered only when it is this project's.
 */
export const estimateInputsQuerySchema = z.object({ tariff_ids: idList('tariff_ids'), interval_import_ids: idList('interval_import_ids') });

/**
 * POST /api/projects/{id}/usage-imports: a Green Button file read into 12 calendar months per
 * meter (issue 35 item 2). Nothing of the project changes; interval data is kept aside
 * (`interval_imports`) until a save names it in a meter's `interval_import_id`.
 */
export const usageImportSchema = z.object({
  /** Per meter of the file: 12 kWh totals, null for a month without (complete) readings. */
  meters: z.array(z.array(z.number().nullable())),
  /** The calendar month (YYYY-MM) of each of the 12 values, the same for every meter of the file. */
  months: z.array(z.string()),
  /** What the file calls each meter ('Meter 1' when it names none). */
  meter_labels: z.array(z.string()),
  /** Per meter: how many of the 12 months have readings. */
  months_found: z.array(z.number().int()),
  /** Per meter: the interval data kept for it (hourly or 15-minute files), or null (monthly or daily data). */
  interval_imports: z.array(z.object({ id: z.number().int(), step_minutes: z.number().int() }).nullable()),
  period_start: z.string(),
  period_end: z.string(),
  source: z.enum(['espi_xml', 'csv']),
  warnings: z.array(z.string()),
});
export type UsageImport = z.infer<typeof usageImportSchema>;
