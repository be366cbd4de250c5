import { describe, expect, it } from 'vitest';
import { computeEstimate, monthlyPayment } from './estimate.js';
import { DEFAULT_ESTIMATE_ASSUMPTIONS, estimateAssumptionsSchema, estimateSchema } from './estimate-schemas.js';
import { stateCode } from './us-states.js';

/** DOMAIN.md's worked example: two meters summing to 120,000 kWh, a $2,400 bill, California. */
const meterA = [6000, 6000, 6000, 6000, 6000, 6000, 4000, 4000, 4000, 4000, 4000, 4000];
const meterB = Array.from({ length: 12 }, () => 5000);
const worked = { kilowatt_amounts: [meterA, meterB], average_monthly_power_bill_cost: '2400', state: 'CA' };

describe('computeEstimate', () => {
  it("reproduces DOMAIN.md's worked example to the cent", () => {
    const estimate = computeEstimate(worked);
    expect(estimateSchema.parse(estimate)).toEqual(estimate);
    expect(estimate.inputs).toMatchObject({ annual_kwh: 120_000, average_monthly_bill_usd: 2400, effective_rate_usd_per_kwh: 0.24, avoided_rate_usd_per_kwh: 0.18, rate_source: 'bill', state: 'CA', specific_yield_kwh_per_kw: 1600, yield_source: 'state' });
    expect(estimate.system).toEqual({ size_kw_dc: 67.5, annual_production_kwh: 108_000, offset: 0.9 });
    expect(estimate.cost).toMatchObject({ gross_usd: 141_750, itc_rate: 0.3, itc_usd: 42_525, net_usd: 99_225, elective_pay: false });
    expect(estimate.savings.first_year_usd).toBe(19_440);
    expect(estimate.savings.payback_years).toBe(4.86);
    expect(Math.round(estimate.savings.lifetime_usd!)).toBe(563_513);
    expect(estimate.savings.cash_flow).toHaveLength(26);
    expect(estimate.savings.cash_flow[0]).toEqual({ year: 0, savings_usd: -99_225, cumulative_usd: -99_225 });
    expect(estimate.savings.cash_flow[1]).toEqual({ year: 1, savings_usd: 19_440, cumulative_usd: -79_785 });
    expect(estimate.financing.map((row) => row.monthly_payment_usd)).toEqual([1794.86, 1436.88, 1274.45]);
    expect(estimate.financing[0]).toMatchObject({ term_years: 10, apr: 0.0899, financed_usd: 141_750, first_year_net_monthly_usd: 174.86 });
    expect(estimate.missing).toEqual([]);
  });

  it('names the usage as missing and leaves what it cannot compute null, still with the rate and yield it would use', () => {
    const estimate = computeEstimate({ ...worked, kilowatt_amounts: [] });
    expect(estimate.missing.map((entry) => entry.field)).toEqual(['kilowatt_amounts']);
    expect(estimate.missing[0]!.message).toMatch(/cannot size a system/);
    expect(estimate.system).toEqual({ size_kw_dc: null, annual_production_kwh: null, offset: null });
    expect(estimate.cost).toMatchObject({ gross_usd: null, itc_usd: null, net_usd: null });
    expect(estimate.savings).toMatchObject({ first_year_usd: null, payback_years: null, lifetime_usd: null, cash_flow: [] });
    expect(estimate.financing.every((row) => row.monthly_payment_usd === null)).toBe(true);
    expect(estimate.inputs).toMatchObject({ annual_kwh: null, rate_source: 'state_average', effective_rate_usd_per_kwh: 0.2391 });
    // Meters of empty months count as no usage.
    expect(computeEstimate({ ...worked, kilowatt_amounts: [Array(12).fill(null)] }).missing[0]!.field).toBe('kilowatt_amounts');
  });

  it('keeps every number finite with kWh or a bill stored before their bounds (issue 34 item 6)', () => {
    const cases = [
      { kilowatt_amounts: [Array(12).fill(1e308), meterB] },
      { kilowatt_amounts: [Array(12).fill(-1e308), meterB] },
      { kilowatt_amounts: [Array(12).fill(1e-308)] },
      { kilowatt_amounts: [Array(12).fill(1e-308)], average_monthly_power_bill_cost: '0.0000001' },
      { kilowatt_amounts: [Array(12).fill(1e-308)], average_monthly_power_bill_cost: '1' },
      { average_monthly_power_bill_cost: '9'.repeat(308) },
    ];
    for (const project of cases) {
      const estimate = computeEstimate({ ...worked, ...project });
      // The response schema takes only finite numbers: parsing is what the server's serializer does.
      expect(estimateSchema.parse(estimate), JSON.stringify(project).slice(0, 80)).toEqual(estimate);
    }
    // A month beyond 50,000,000 kWh counts as empty: meter B alone.
    expect(computeEstimate({ ...worked, kilowatt_amounts: [Array(12).fill(1e308), meterB] }).inputs.annual_kwh).toBe(60_000);
    // DOMAIN.md 1c: a rate from the bill outside $0.03-$1.00 per kWh is not used, and the estimate says why.
    for (const bill of ['10', '100000']) {
      const implausible = computeEstimate({ ...worked, average_monthly_power_bill_cost: bill });
      expect(implausible.inputs, bill).toMatchObject({ rate_source: 'state_average', effective_rate_usd_per_kwh: 0.2391 });
      expect(implausible.assumptions.effective_rate_usd_per_kwh!.source, bill).toMatch(/^The average monthly bill x 12 \/ annual usage is outside \$0\.03-\$1\.00 per kWh, so it is not used; EIA.*California/);
    }
    // A bill beyond $1,000,000,000 is unreadable, so missing.
    expect(computeEstimate({ ...worked, average_monthly_power_bill_cost: '9'.repeat(308) }).missing.map((entry) => entry.field)).toEqual(['average_monthly_power_bill_cost']);
  });

  it("uses the state's average commercial rate without a bill, and says so", () => {
    const estimate = computeEstimate({ ...worked, average_monthly_power_bill_cost: '' });
    expect(estimate.missing.map((entry) => entry.field)).toEqual(['average_monthly_power_bill_cost']);
    expect(estimate.inputs).toMatchObject({ rate_source: 'state_average', effective_rate_usd_per_kwh: 0.2391, average_monthly_bill_usd: null });
    expect(estimate.assumptions.effective_rate_usd_per_kwh!.source).toMatch(/EIA.*California/);
    expect(estimate.savings.first_year_usd).toBe(19_367.1); // 108,000 x 0.2391 x 0.75
  });

  it('uses the national figures with neither a known state nor a bill, and says so', () => {
    const estimate = computeEstimate({ ...worked, average_monthly_power_bill_cost: null, state: 'Atlantis' });
    expect(estimate.missing.map((entry) => entry.field)).toEqual(['average_monthly_power_bill_cost', 'state']);
    expect(estimate.inputs).toMatchObject({ state: null, rate_source: 'national_average', effective_rate_usd_per_kwh: 0.127, specific_yield_kwh_per_kw: 1400, yield_source: 'national' });
    expect(estimate.system.size_kw_dc).toBe(77.14); // 120,000 x 0.9 / 1,400
    expect(estimate.assumptions.specific_yield_kwh_per_kw!.source).toMatch(/national/);
  });

  it("takes a state's yield only from the table and its rate from EIA's list", () => {
    const estimate = computeEstimate({ ...worked, average_monthly_power_bill_cost: '', state: 'new york' });
    expect(estimate.inputs).toMatchObject({ state: 'NY', state_name: 'New York', specific_yield_kwh_per_kw: 1400, yield_source: 'national', rate_source: 'state_average', effective_rate_usd_per_kwh: 0.1801 });
    expect(estimate.missing.map((entry) => entry.field)).toEqual(['average_monthly_power_bill_cost']);
  });

  it('adds 10 points per tax-credit adder and notes elective pay for a tax-exempt owner', () => {
    const both = computeEstimate({ ...worked, itc_energy_community: true, itc_domestic_content: true, tax_exempt: true });
    expect(both.cost).toMatchObject({ itc_rate: 0.5, itc_usd: 70_875, net_usd: 70_875, elective_pay: true });
    expect(both.cost.notes.join(' ')).toMatch(/120 days/);
    expect(computeEstimate({ ...worked, itc_energy_community: true }).cost.itc_rate).toBe(0.4);
    expect(computeEstimate(worked).cost.notes.join(' ')).not.toMatch(/120 days/);
  });

  it('caps savings at usage and gives a null payback when the lifetime never pays back', () => {
    const oversized = computeEstimate(worked, { ...DEFAULT_ESTIMATE_ASSUMPTIONS, target_offset: 1.2, degradation: 0 });
    expect(oversized.system.annual_production_kwh).toBe(144_000);
    expect(oversized.savings.first_year_usd).toBe(21_600); // 120,000 kWh, not 144,000, at $0.18
    const never = computeEstimate(worked, { ...DEFAULT_ESTIMATE_ASSUMPTIONS, cost_per_watt_usd: 19, lifetime_years: 3 });
    expect(never.savings.payback_years).toBeNull();
    expect(never.savings.lifetime_usd).toBeLessThan(0);
  });

  it('prices financing on the financed share, and a zero APR evenly', () => {
    const half = computeEstimate(worked, { ...DEFAULT_ESTIMATE_ASSUMPTIONS, financed_share: 0.5, financing_terms_years: [10] });
    expect(half.financing).toEqual([{ term_years: 10, apr: 0.0899, financed_usd: 70_875, monthly_payment_usd: 897.43, first_year_net_monthly_usd: -722.57 }]);
    expect(monthlyPayment(12_000, 0, 10)).toBe(100);
  });

  it('returns every number it used with a source', () => {
    const { assumptions } = computeEstimate(worked);
    for (const key of Object.keys(DEFAULT_ESTIMATE_ASSUMPTIONS).filter((key) => !key.startsWith('default_') && key !== 'commercial_rate_cents_per_kwh')) {
      expect(assumptions[key], key).toBeDefined();
      expect(assumptions[key]!.source.length, key).toBeGreaterThan(10);
    }
  });
});

describe('estimateAssumptionsSchema', () => {
  it('accepts the defaults and refuses nonsense with a message', () => {
    expect(estimateAssumptionsSchema.parse(DEFAULT_ESTIMATE_ASSUMPTIONS)).toEqual(DEFAULT_ESTIMATE_ASSUMPTIONS);
    const bad = estimateAssumptionsSchema.safeParse({ ...DEFAULT_ESTIMATE_ASSUMPTIONS, cost_per_watt_usd: -1, financing_terms_years: [10, 10], specific_yield_kwh_per_kw: { XX: 1 }, extra: 1 });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((issue) => issue.message).join(' | ');
    expect(messages).toMatch(/Cost per watt must be more than 0/);
    expect(messages).toMatch(/Financing terms must differ/);
  });
});

describe('stateCode', () => {
  it('reads codes and names as typed', () => {
    expect(stateCode('CA')).toBe('CA');
    expect(stateCode(' california ')).toBe('CA');
    expect(stateCode('Washington D.C.')).toBe('DC');
    expect(stateCode('New  Hampshire')).toBe('NH');
    expect(stateCode('')).toBeNull();
    expect(stateCode('Ontario')).toBeNull();
  });
});
