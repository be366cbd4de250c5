import { MAX_MONTHLY_BILL_USD, MAX_MONTHLY_KWH } from './constants.js';
import { projectBills } from './bill-engine/project-bills.js';
import { DEFAULT_ESTIMATE_ASSUMPTIONS, ESTIMATE_MISSING_MESSAGES, ESTIMATE_SOURCES, type Estimate, type EstimateMissingField, type EstimateAssumptions, type EstimateProjectInput, type IntervalSeries } from './estimate-schemas.js';
import { incompleteMetersMessage, meterAt } from './estimate-meters.js';
import { investmentMeasures, TAX_CREDIT_NOTES, taxCredit } from './investment.js';
import type { TariffRates } from './tariffs.js';
import { stateCode, stateName } from './us-states.js';

/**
 * The preliminary savings and financing estimate (issue 16; DOMAIN.md section 1). One pure
 * function of a project's own data and the administrator's assumptions, shared by the server
 * (which answers GET /api/projects/{id}/estimate) and the web app. Every number it uses is
 * returned with its source, and whatever it still needs is named in `missing`.
 */

export const ELECTIVE_PAY_NOTE: string = TAX_CREDIT_NOTES.electivePay;
export const CREDIT_CONFIRMATION_NOTE =
  'Federal law changed in 2025: eligibility for the credit depends on when construction begins and when the system is placed in service, and must be confirmed.';

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
