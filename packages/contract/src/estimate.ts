import { z } from 'zod';
import { MAX_MONTHLY_BILL_USD, MAX_MONTHLY_KWH } from './constants.js';
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
} as const;

export const ESTIMATE_SIMPLIFICATIONS = [
  'No depreciation.',
  'No demand-charge savings.',
  'Net metering at the avoided rate.',
  'Production capped at usage.',
] as const;

export const ELECTIVE_PAY_NOTE =
  'A tax-exempt owner receives the credit as elective pay (section 6417), which needs a pre-filing registration at least 120 days before the return is filed.';
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
}

export const ESTIMATE_MISSING_FIELDS = ['kilowatt_amounts', 'average_monthly_power_bill_cost', 'state'] as const;
export type EstimateMissingField = (typeof ESTIMATE_MISSING_FIELDS)[number];

const assumptionSchema = z.object({ value: z.unknown(), source: z.string() });
const money = z.number();
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

export function computeEstimate(project: EstimateProjectInput, a: EstimateAssumptions = DEFAULT_ESTIMATE_ASSUMPTIONS): Estimate {
  const missing: Estimate['missing'] = [];
  const need = (field: EstimateMissingField) => missing.push({ field, message: ESTIMATE_MISSING_MESSAGES[field] });

  // A month beyond the input's range (stored before the rule, issue 34 item 6) counts as empty.
  const plausible = (value: number | null) => (value !== null && Number.isFinite(value) && value >= 0 && value <= MAX_MONTHLY_KWH ? value : 0);
  const usage = project.kilowatt_amounts.reduce((sum, meter) => sum + meter.reduce<number>((inner, value) => inner + plausible(value), 0), 0);
  const annualKwh = usage > 0 ? usage : null;
  const bill = billDollars(project.average_monthly_power_bill_cost);
  const code = stateCode(project.state);

  if (annualKwh === null) need('kilowatt_amounts');
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
  const avoided = rate * a.energy_share;

  const creditRate = a.itc_base_rate + (project.itc_energy_community ? a.itc_adder_rate : 0) + (project.itc_domestic_content ? a.itc_adder_rate : 0);
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

  if (annualKwh === null) {
    return {
      inputs,
      system: { size_kw_dc: null, annual_production_kwh: null, offset: null },
      cost: { cost_per_watt_usd: a.cost_per_watt_usd, gross_usd: null, itc_rate: round(creditRate, 4), itc_usd: null, net_usd: null, elective_pay: electivePay, notes },
      savings: { first_year_usd: null, payback_years: null, lifetime_years: a.lifetime_years, lifetime_usd: null, cash_flow: [] },
      financing: a.financing_terms_years.map((term) => ({ term_years: term, apr: a.financing_apr, financed_usd: null, monthly_payment_usd: null, first_year_net_monthly_usd: null })),
      assumptions,
      simplifications: [...ESTIMATE_SIMPLIFICATIONS],
      missing,
    };
  }

  const size = (annualKwh * a.target_offset) / specificYield;
  const firstYearProduction = size * specificYield;
  const gross = size * 1000 * a.cost_per_watt_usd;
  const credit = gross * creditRate;
  const net = gross - credit;

  const cashFlow: Estimate['savings']['cash_flow'] = [{ year: 0, savings_usd: cents(-net), cumulative_usd: cents(-net) }];
  let cumulative = -net;
  let payback: number | null = null;
  let firstYearSavings = 0;
  for (let year = 1; year <= a.lifetime_years; year += 1) {
    const production = firstYearProduction * (1 - a.degradation) ** (year - 1);
    const saved = Math.min(production, annualKwh) * avoided * (1 + a.escalation) ** (year - 1);
    if (year === 1) firstYearSavings = saved;
    const before = cumulative;
    cumulative += saved;
    if (payback === null && before < 0 && cumulative >= 0) payback = year - 1 + -before / saved;
    cashFlow.push({ year, savings_usd: cents(saved), cumulative_usd: cents(cumulative) });
  }

  const financed = gross * a.financed_share;
  return {
    inputs,
    system: { size_kw_dc: round(size, 2), annual_production_kwh: round(firstYearProduction, 0), offset: round(Math.min(firstYearProduction / annualKwh, 1e6), 4) },
    cost: { cost_per_watt_usd: a.cost_per_watt_usd, gross_usd: cents(gross), itc_rate: round(creditRate, 4), itc_usd: cents(credit), net_usd: cents(net), elective_pay: electivePay, notes },
    savings: { first_year_usd: cents(firstYearSavings), payback_years: payback === null ? null : round(payback, 2), lifetime_years: a.lifetime_years, lifetime_usd: cents(cumulative), cash_flow: cashFlow },
    financing: a.financing_terms_years.map((term) => {
      const payment = financed > 0 ? monthlyPayment(financed, a.financing_apr, term) : 0;
      return { term_years: term, apr: a.financing_apr, financed_usd: cents(financed), monthly_payment_usd: cents(payment), first_year_net_monthly_usd: cents(payment - firstYearSavings / 12) };
    }),
    assumptions,
    simplifications: [...ESTIMATE_SIMPLIFICATIONS],
    missing,
  };
}

/** The administrator settings (DESIGN.md "Settings"): each name's audit entity id is its place here plus one. */
export const SETTING_NAMES = ['estimate_assumptions', 'earnings', 'stall_thresholds'] as const;
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

/** POST /api/projects/{id}/usage-imports: a Green Button file read, nothing saved. */
export const usageImportSchema = z.object({
  meters: z.array(z.array(z.number().nullable())),
  period_start: z.string(),
  period_end: z.string(),
  source: z.enum(['espi_xml', 'csv']),
  warnings: z.array(z.string()),
});
export type UsageImport = z.infer<typeof usageImportSchema>;
