import { describe, expect, it } from 'vitest';
import { computeEstimate } from './estimate.js';
import { DEFAULT_ESTIMATE_ASSUMPTIONS, estimateSchema, type EstimateProjectInput } from './estimate-schemas.js';
import { npv } from './investment.js';
import { defaultMeter, defaultMeterMonths, type TariffRates } from './tariffs.js';

/** Issue 35 items 5-7: computeEstimate through the bill engine, the investment measures and the credit rules. */
const meterA = [6000, 6000, 6000, 6000, 6000, 6000, 4000, 4000, 4000, 4000, 4000, 4000];
const meterB = Array.from({ length: 12 }, () => 5000);
const worked: EstimateProjectInput = { kilowatt_amounts: [meterA, meterB], average_monthly_power_bill_cost: '2400', state: 'CA', today: '2025-11-28' };
const reference: TariffRates = {
  customer_charge_usd: 50,
  periods: [],
  energy_rates: [{ period: null, usd_per_kwh: 0.12 }],
  demand_charges: [{ period: null, usd_per_kw: 15 }],
  export_credit: 'net_metering',
  export_rate_usd_per_kwh: 0.04,
};

describe('computeEstimate with the bill engine', () => {
  it("keeps the worked example's figures without tariffs, shows section 1's bills per month and says the meters are on section 1", () => {
    const estimate = computeEstimate(worked);
    expect(estimateSchema.parse(estimate)).toEqual(estimate);
    expect(estimate.savings).toMatchObject({ first_year_usd: 19_440, payback_years: 4.86 });
    expect(Math.round(estimate.savings.lifetime_usd!)).toBe(563_513);
    expect(estimate.bills.meters.map((meter) => [meter.name, meter.tariff_source, meter.load_source, meter.months.length])).toEqual([
      ['Meter 1', 'section_1', 'profile', 12],
      ['Meter 2', 'section_1', 'profile', 12],
    ]);
    const [january, , , , , june] = estimate.bills.meters[0]!.months;
    // 6,000 kWh at R = $0.24: $1,080 of energy (A = $0.18) and $360 shown as fixed.
    expect(january!.before).toEqual({ fixed_usd: 360, energy_usd: 1080, demand_usd: 0, total_usd: 1440 });
    // The office's peak hours run to 18:00: in January the sun has set by then, in June it has not.
    expect(january!.peak_kw_after).toBe(january!.peak_kw_before);
    expect(june!.peak_kw_after).toBeLessThan(june!.peak_kw_before);
    expect(estimate.bills.annual.savings_usd).toBeCloseTo(19_440, 1);
    expect(estimate.bills.annual.demand_savings_usd).toBe(0);
    expect(estimate.warnings.filter((warning) => /has no tariff/.test(warning))).toHaveLength(2);
    expect(estimate.simplifications.join(' ')).toMatch(/no demand-charge savings/);
    expect(estimate.simplifications.join(' ')).not.toMatch(/^No depreciation/);
    expect(estimate.tax_credit).toMatchObject({ rate: 0.3, eligible: true, size_kw_ac: 56.25 });
  });

  it('prices a meter on its tariff hour by hour, with demand savings, and scales it by degradation and escalation', () => {
    const estimate = computeEstimate({ ...worked, meters: [{ ...defaultMeter(0), tariff_id: 7, load_profile: 'constant' }, defaultMeter(1)], tariffs: new Map([[7, reference]]) });
    const meter = estimate.bills.meters[0]!;
    expect(meter).toMatchObject({ tariff_source: 'tariff', tariff_id: 7, load_profile: 'constant' });
    // January: 6,000 kWh over 744 hours = 8.06 kW; $50 + $720 + $120.97.
    expect(meter.months[0]!.before).toEqual({ fixed_usd: 50, energy_usd: 720, demand_usd: 120.97, total_usd: 890.97 });
    // A constant load's peak happens at night: solar cannot lower it.
    expect(meter.months[0]!.peak_kw_after).toBe(meter.months[0]!.peak_kw_before);
    const tariffSavings = meter.months.reduce((sum, month) => sum + month.before.total_usd - month.after.total_usd, 0);
    const sectionOne = Math.min(54_000, 60_000) * 0.18;
    expect(estimate.savings.first_year_usd).toBeCloseTo(tariffSavings + sectionOne, 1);
    const year2 = estimate.savings.cash_flow[2]!.savings_usd;
    expect(year2).toBeCloseTo(tariffSavings * 0.995 * 1.03 + 54_000 * 0.995 * 0.18 * 1.03, 1);
    expect(estimate.simplifications.join(' ')).toMatch(/scale with degradation and rate escalation/);
  });

  it('lowers a daytime peak: an office meter saves demand charges', () => {
    const estimate = computeEstimate({ ...worked, meters: [{ ...defaultMeter(0), tariff_id: 7, load_profile: 'office' }, { ...defaultMeter(1), tariff_id: 7, load_profile: 'office' }], tariffs: new Map([[7, reference]]) });
    const june = estimate.bills.meters[0]!.months[5]!;
    expect(june.peak_kw_after).toBeLessThan(june.peak_kw_before);
    expect(estimate.bills.annual.demand_savings_usd).toBeGreaterThan(0);
    expect(estimate.warnings.some((warning) => /has no tariff/.test(warning))).toBe(false);
    expect(estimate.simplifications.join(' ')).not.toMatch(/Meters without a tariff/);
  });

  it('returns an NPV and IRR that agree with its own cash flow, with depreciation and O&M', () => {
    const estimate = computeEstimate(worked);
    const investment = estimate.investment!;
    const flows = investment.cash_flow.map((row) => row.usd);
    expect(flows).toHaveLength(26);
    expect(flows[0]).toBe(-141_750);
    expect(investment.npv_usd).toBeCloseTo(npv(flows, investment.discount_rate), 2);
    expect(Math.abs(npv(flows, investment.irr!))).toBeLessThan(0.05);
    expect(investment.om_first_year_usd).toBe(1215); // 67.5 kW x $18
    // Bonus depreciation (today is after 19 January 2025): the whole basis 141,750 x 0.85 in year 1.
    expect(investment.depreciation[0]).toEqual({ year: 1, depreciation_usd: 120_487.5, tax_benefit_usd: 25_302.38 });
    expect(flows[1]).toBeCloseTo(19_440 + 42_525 + 25_302.375 - 1215, 1);
    expect(investment.discounted_payback_years).toBeGreaterThan(0);
    expect(investment.lcoe_usd_per_kwh).toBeGreaterThan(0);
    // A tax-exempt owner takes no depreciation.
    expect(computeEstimate({ ...worked, tax_exempt: true }).investment!.depreciation).toEqual([]);
    // Without bonus (construction started before the day), MACRS year 1 is 20 %.
    expect(computeEstimate({ ...worked, construction_start_date: '2025-01-10' }).investment!.depreciation[0]!.depreciation_usd).toBe(24_097.5);
  });

  it('takes the credit to 0 when the dates miss the windows, in the cost too', () => {
    const estimate = computeEstimate({ ...worked, construction_start_date: '2026-09-01', expected_in_service_date: '2028-06-01' });
    expect(estimate.tax_credit).toMatchObject({ rate: 0, eligible: false });
    expect(estimate.cost).toMatchObject({ itc_rate: 0, itc_usd: 0, net_usd: 141_750 });
    // Year 1: savings, no credit, and the tax benefit of a basis no longer reduced by half a credit.
    expect(estimate.investment!.cash_flow[1]!.usd).toBeCloseTo(19_440 + 141_750 * 0.21 - 1215, 1);
  });

  it('gives no estimate while a meter lacks a month, and names the meter and its calendar months', () => {
    const months = ['2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'];
    const partial = [...meterB];
    partial[8] = null as unknown as number;
    partial[9] = null as unknown as number;
    const estimate = computeEstimate({ ...worked, kilowatt_amounts: [meterA, partial], meters: [defaultMeter(0), { ...defaultMeter(1), name: 'Warehouse', months }] });
    expect(estimate.missing[0]!.field).toBe('kilowatt_amounts');
    expect(estimate.missing[0]!.message).toMatch(/^Warehouse has no kWh for March 2025 and April 2025: add them in Utility Info/);
    expect(estimate).toMatchObject({ system: { size_kw_dc: null }, savings: { first_year_usd: null }, investment: null, bills: { meters: [] } });
    expect(estimateSchema.parse(estimate)).toEqual(estimate);
    const empty = computeEstimate({ ...worked, kilowatt_amounts: [meterA, Array(12).fill(null)] });
    expect(empty.missing[0]!.message).toMatch(/^Meter 2 has no kWh: add the months/);
    // 1e12 kWh in a month is beyond the input's range: it counts as empty, so no result.
    const nonsense = computeEstimate({ ...worked, kilowatt_amounts: [Array(12).fill(1e12)] });
    expect(nonsense.system.size_kw_dc).toBeNull();
    expect(nonsense.financing.every((row) => row.monthly_payment_usd === null)).toBe(true);
  });

  it('lines meters up by calendar month: values typed from July sit in July', () => {
    const months = ['2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'];
    const values = [7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6].map((month) => month * 1000);
    const estimate = computeEstimate({ ...worked, kilowatt_amounts: [values], meters: [{ ...defaultMeter(0), months }] });
    expect(estimate.bills.meters[0]!.months.map((month) => Math.round(month.usage_kwh))).toEqual(defaultMeterMonths().map((_, month) => (month + 1) * 1000));
    expect(estimate.bills.meters[0]!.months[0]!.month).toBe('2025-01');
  });

  it('says when the bill rate is not used and when a meter uses interval data', () => {
    const estimate = computeEstimate({ ...worked, average_monthly_power_bill_cost: '100000' });
    expect(estimate.warnings.join(' ')).toMatch(/outside \$0\.03-\$1\.00 per kWh, so it is not used.*California/);
    const start = Date.UTC(2025, 0, 1) / 1000;
    const intervals = new Map([[3, { start, step_seconds: 900, values: new Float32Array(365 * 96).fill(1) }]]);
    const withData = computeEstimate({ ...worked, meters: [{ ...defaultMeter(0), interval_import_id: 3 }, { ...defaultMeter(1), interval_import_id: 99 }], intervals });
    expect(withData.bills.meters.map((meter) => meter.load_source)).toEqual(['interval', 'profile']);
    expect(withData.warnings.join(' ')).toMatch(/15-minute peaks come from its interval data/);
    expect(withData.warnings.join(' ')).toMatch(/Meter 2: its interval data is no longer kept/);
  });

  it('lists every new assumption with its source', () => {
    const { assumptions } = computeEstimate(worked);
    for (const key of ['om_usd_per_kw_year', 'discount_rate', 'macrs_schedule', 'itc_begin_construction_by', 'itc_placed_in_service_by', 'dc_ac_ratio', 'bonus_depreciation_acquired_after']) {
      expect(assumptions[key]!.value, key).toEqual(DEFAULT_ESTIMATE_ASSUMPTIONS[key as keyof typeof DEFAULT_ESTIMATE_ASSUMPTIONS]);
      expect(assumptions[key]!.source.length, key).toBeGreaterThan(10);
    }
  });
});
