/**
 * Test fixtures of the estimate's answer, built by hand (never imported by app code): the
 * screens are tested against the contract's shape, not against the engine's current numbers.
 * The default is DOMAIN.md's worked example (section 1) with two meters' bills, investment
 * measures and an eligible credit.
 */
import { CREDIT_CONFIRMATION_NOTE, DEFAULT_ESTIMATE_ASSUMPTIONS, ESTIMATE_SIMPLIFICATIONS, ESTIMATE_SOURCES, type Estimate } from '@sunin/contract';

type BillMeter = Estimate['bills']['meters'][number];

/** Twelve months of a meter on a $50 + $0.12/kWh + $15/kW tariff (DOMAIN.md 1b's reference case), with the peaks given. */
export function makeBillMonths(usage: number, production: number, peaks: readonly (readonly [number, number])[]): BillMeter['months'] {
  return peaks.map(([before, after], index) => {
    const energyBefore = usage * 0.12;
    const energyAfter = Math.max(0, usage - production) * 0.12;
    const exportCredit = index === 5 ? 12.5 : 0;
    return {
      month: `2025-${String(index + 1).padStart(2, '0')}`,
      usage_kwh: usage,
      production_kwh: production,
      peak_kw_before: before,
      peak_kw_after: after,
      before: { fixed_usd: 50, energy_usd: energyBefore, demand_usd: before * 15, total_usd: 50 + energyBefore + before * 15 },
      after: { fixed_usd: 50, energy_usd: energyAfter, demand_usd: after * 15, export_credit_usd: exportCredit, total_usd: 50 + energyAfter + after * 15 - exportCredit },
    };
  });
}

/** Main building: June's peak drops most, 212 kW to 188 kW. */
const MAIN_PEAKS = [150, 152, 160, 170, 190, 212, 220, 215, 200, 180, 160, 150].map((before, index) => [before, before - (index === 5 ? 24 : 10)] as const);
const WAREHOUSE_PEAKS = Array.from({ length: 12 }, () => [40, 35] as const);

export function billsOf(meters: BillMeter[]): Estimate['bills'] {
  const sum = (pick: (month: BillMeter['months'][number]) => number) => meters.reduce((total, meter) => total + meter.months.reduce((inner, month) => inner + pick(month), 0), 0);
  const before = sum((month) => month.before.total_usd);
  const after = sum((month) => month.after.total_usd);
  const demand = sum((month) => month.before.demand_usd - month.after.demand_usd);
  return { meters, annual: { before_usd: before, after_usd: after, savings_usd: before - after, energy_savings_usd: before - after - demand, demand_savings_usd: demand } };
}

export const MAIN_METER: BillMeter = {
  index: 0,
  name: 'Main building',
  tariff_id: 3,
  tariff_source: 'tariff',
  load_source: 'interval',
  load_profile: 'office',
  months: makeBillMonths(6000, 5000, MAIN_PEAKS),
};
export const WAREHOUSE_METER: BillMeter = {
  index: 1,
  name: 'Warehouse',
  tariff_id: null,
  tariff_source: 'section_1',
  load_source: 'profile',
  load_profile: 'warehouse',
  months: makeBillMonths(4000, 4000, WAREHOUSE_PEAKS),
};

const assumptions = (): Estimate['assumptions'] => ({
  ...Object.fromEntries(
    // The answer names the state's figures (below), not the tables by state.
    Object.entries(ESTIMATE_SOURCES)
      .filter(([key]) => key !== 'commercial_rate_cents_per_kwh')
      .map(([key, source]) => [key, { value: (DEFAULT_ESTIMATE_ASSUMPTIONS as Record<string, unknown>)[key], source }]),
  ),
  specific_yield_kwh_per_kw: { value: 1600, source: `${ESTIMATE_SOURCES.specific_yield_kwh_per_kw}; California` },
  effective_rate_usd_per_kwh: { value: 0.24, source: 'Average monthly bill x 12 / annual usage' },
});

function cashFlow(): Estimate['savings']['cash_flow'] {
  const rows = [{ year: 0, savings_usd: -99225, cumulative_usd: -99225 }];
  for (let year = 1; year <= 25; year += 1) {
    const saved = Math.round(19440 * (1.03 * 0.995) ** (year - 1) * 100) / 100;
    rows.push({ year, savings_usd: saved, cumulative_usd: Math.round((rows.at(-1)!.cumulative_usd + saved) * 100) / 100 });
  }
  return rows;
}

export function makeEstimate(overrides: Partial<Estimate> = {}): Estimate {
  return {
    inputs: {
      annual_kwh: 120000,
      average_monthly_bill_usd: 2400,
      effective_rate_usd_per_kwh: 0.24,
      avoided_rate_usd_per_kwh: 0.18,
      rate_source: 'bill',
      state: 'CA',
      state_name: 'California',
      specific_yield_kwh_per_kw: 1600,
      yield_source: 'state',
    },
    system: { size_kw_dc: 67.5, annual_production_kwh: 108000, offset: 0.9 },
    cost: { cost_per_watt_usd: 2.1, gross_usd: 141750, itc_rate: 0.3, itc_usd: 42525, net_usd: 99225, elective_pay: false, notes: [CREDIT_CONFIRMATION_NOTE] },
    savings: { first_year_usd: 19440, payback_years: 4.86, lifetime_years: 25, lifetime_usd: 563513, cash_flow: cashFlow() },
    financing: [
      { term_years: 10, apr: 0.0899, financed_usd: 141750, monthly_payment_usd: 1794.86, first_year_net_monthly_usd: 174.86 },
      { term_years: 15, apr: 0.0899, financed_usd: 141750, monthly_payment_usd: 1436.88, first_year_net_monthly_usd: -183.12 },
      { term_years: 20, apr: 0.0899, financed_usd: 141750, monthly_payment_usd: 1274.45, first_year_net_monthly_usd: -345.55 },
    ],
    assumptions: assumptions(),
    simplifications: [...ESTIMATE_SIMPLIFICATIONS.always],
    missing: [],
    bills: billsOf([MAIN_METER, WAREHOUSE_METER]),
    investment: {
      npv_usd: 34123.45,
      irr: 0.1234,
      discounted_payback_years: 7.8,
      lcoe_usd_per_kwh: 0.0721,
      discount_rate: 0.08,
      om_first_year_usd: 1215,
      depreciation: [{ year: 1, depreciation_usd: 120487.5, tax_benefit_usd: 25302.38 }],
      cash_flow: [
        { year: 0, usd: -141750 },
        { year: 1, usd: 85000 },
      ],
    },
    tax_credit: {
      rate: 0.3,
      eligible: true,
      reason: 'Construction begins on March 1, 2026, on or before July 4, 2026.',
      size_kw_ac: 56.25,
      notes: [CREDIT_CONFIRMATION_NOTE],
    },
    warnings: [],
    ...overrides,
  };
}

/** An estimate that cannot size a system: no usage, nothing computed. */
export function makeMissingEstimate(): Estimate {
  const base = makeEstimate();
  return {
    ...base,
    inputs: { ...base.inputs, annual_kwh: null, average_monthly_bill_usd: null, rate_source: 'national_average', state: null, state_name: null, yield_source: 'national' },
    system: { size_kw_dc: null, annual_production_kwh: null, offset: null },
    cost: { ...base.cost, gross_usd: null, itc_usd: null, net_usd: null },
    savings: { first_year_usd: null, payback_years: null, lifetime_years: 25, lifetime_usd: null, cash_flow: [] },
    bills: { meters: [], annual: { before_usd: 0, after_usd: 0, savings_usd: 0, energy_savings_usd: 0, demand_savings_usd: 0 } },
    investment: null,
    missing: [
      { field: 'kilowatt_amounts', message: 'Add the monthly kWh of at least one meter in Utility Info: without usage the estimate cannot size a system.' },
      { field: 'average_monthly_power_bill_cost', message: "Add the average monthly power bill in Utility Info: until then the estimate uses the state's average commercial rate." },
      { field: 'state', message: 'Add the site’s state in Site Info: until then the estimate uses national averages.' },
    ],
  };
}
