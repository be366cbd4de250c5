import { z } from 'zod';
import { isoDay } from './input-bounds.js';
import { LOAD_PROFILES, tariffSchema, type Meter, type TariffRates } from './tariffs.js';
import { US_STATE_CODES, type UsStateCode } from './us-states.js';

/**
 * The estimate's inputs, assumptions and answer (issue 16; DOMAIN.md section 1) as schemas and
 * types. The function that computes it is in estimate.ts; the engines it calls (the bill engine,
 * investment.ts) read these types from here, so none of them imports the estimate back.
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
