import type { Estimate, EstimateAssumptions, EstimateProjectInput } from './estimate-schemas.js';

/**
 * Investment measures and the federal credit (issue 35 item 6; DOMAIN.md 1c): pure functions
 * of a cash flow, the assumptions and the project's dates. Year 0 is the purchase.
 */

/** Net present value of `flows` (year 0 first) at `rate`. */
export function npv(flows: readonly number[], rate: number): number {
  let value = 0;
  let factor = 1;
  for (const flow of flows) {
    value += flow / factor;
    factor *= 1 + rate;
  }
  return value;
}

export const IRR_BOUNDS = { min: -0.99, max: 10 } as const;

/**
 * The rate at which the NPV is 0, or null when there is none in (-99 %, 1000 %): the range is
 * scanned for the first sign change and that bracket bisected to 1e-10, which never diverges the
 * way Newton's method can on flows with several sign changes.
 */
export function irr(flows: readonly number[]): number | null {
  if (flows.length < 2 || !flows.every(Number.isFinite) || flows.every((flow) => flow === 0)) return null;
  const samples = 400;
  // Denser near 0, where real returns lie: rates spaced evenly in log(1 + r).
  const rateAt = (index: number) => Math.exp(Math.log(1 + IRR_BOUNDS.min) + ((Math.log(1 + IRR_BOUNDS.max) - Math.log(1 + IRR_BOUNDS.min)) * index) / samples) - 1;
  let low = rateAt(0);
  let lowValue = npv(flows, low);
  if (lowValue === 0) return low;
  for (let index = 1; index <= samples; index += 1) {
    const high = rateAt(index);
    const highValue = npv(flows, high);
    if (highValue === 0) return high;
    if (Math.sign(highValue) !== Math.sign(lowValue)) {
      let [a, b, fa] = [low, high, lowValue];
      for (let step = 0; step < 200 && b - a > 1e-10; step += 1) {
        const middle = (a + b) / 2;
        const value = npv(flows, middle);
        if (Math.sign(value) === Math.sign(fa)) [a, fa] = [middle, value];
        else b = middle;
      }
      return (a + b) / 2;
    }
    low = high;
    lowValue = highValue;
  }
  return null;
}

/** The year the discounted cumulative cash flow first reaches 0, interpolated within the year; null if never. */
export function discountedPayback(flows: readonly number[], rate: number): number | null {
  let cumulative = flows[0] ?? 0;
  if (cumulative >= 0) return 0;
  for (let year = 1; year < flows.length; year += 1) {
    const discounted = flows[year]! / (1 + rate) ** year;
    const before = cumulative;
    cumulative += discounted;
    if (before < 0 && cumulative >= 0) return year - 1 + -before / discounted;
  }
  return null;
}

/**
 * MACRS depreciation by year (1-based, index 0 = year 1): basis = gross x (1 - credit rate / 2);
 * with bonus, `bonus` of the basis in year 1 and the schedule on the rest.
 */
export function depreciationSchedule(gross: number, creditRate: number, schedule: readonly number[], bonus: number): number[] {
  const basis = gross * (1 - creditRate / 2);
  const rest = basis * (1 - bonus);
  return schedule.map((share, index) => rest * share + (index === 0 ? basis * bonus : 0));
}

/** Whether bonus depreciation applies: the construction start (or today, without one) is after the setting's day. */
export const bonusApplies = (constructionStart: string | null | undefined, today: string, acquiredAfter: string) => (constructionStart ?? today) > acquiredAfter;

/**
 * DOMAIN.md 1c's cash flow and measures: year 0 = -gross; year 1 adds the credit (elective pay
 * for a tax-exempt owner); year n adds savings n and the tax benefit of depreciation n and
 * subtracts O&M n. NPV and IRR are computed from the rounded flows returned, so they agree.
 */
export function investmentMeasures(
  input: { gross: number; creditRate: number; creditUsd: number; net: number; size: number; firstYearProduction: number; yearly: number[]; project: EstimateProjectInput; taxExempt: boolean },
  a: EstimateAssumptions,
): NonNullable<Estimate['investment']> {
  const today = input.project.today ?? new Date().toISOString().slice(0, 10);
  const bonus = bonusApplies(input.project.construction_start_date, today, a.bonus_depreciation_acquired_after) ? a.bonus_depreciation : 0;
  const taken = input.taxExempt ? [] : depreciationSchedule(input.gross, input.creditRate, a.macrs_schedule, bonus).slice(0, a.lifetime_years);
  const taxRate = a.federal_tax_rate + a.state_tax_rate;
  const depreciation = taken.map((amount, index) => ({ year: index + 1, depreciation_usd: cents(amount), tax_benefit_usd: cents(amount * taxRate) }));
  const omFirstYear = a.om_usd_per_kw_year * input.size;
  const flows = [cents(-input.gross)];
  let presentOm = 0;
  let presentProduction = 0;
  for (let year = 1; year <= a.lifetime_years; year += 1) {
    const om = omFirstYear * (1 + a.om_escalation) ** (year - 1);
    const discount = (1 + a.discount_rate) ** year;
    presentOm += om / discount;
    presentProduction += (input.firstYearProduction * (1 - a.degradation) ** (year - 1)) / discount;
    flows.push(cents(input.yearly[year - 1]! + (taken[year - 1] ?? 0) * taxRate - om + (year === 1 ? input.creditUsd : 0)));
  }
  const rateOfReturn = irr(flows);
  const payback = discountedPayback(flows, a.discount_rate);
  const lcoe = presentProduction > 0 ? (input.net + presentOm) / presentProduction : null;
  return {
    npv_usd: cents(npv(flows, a.discount_rate)),
    irr: rateOfReturn === null ? null : round(rateOfReturn, 8),
    discounted_payback_years: payback === null ? null : round(payback, 2),
    lcoe_usd_per_kwh: lcoe === null || !Number.isFinite(lcoe) ? null : round(lcoe, 4),
    discount_rate: a.discount_rate,
    om_first_year_usd: cents(omFirstYear),
    depreciation,
    cash_flow: flows.map((usd, year) => ({ year, usd })),
  };
}

// -------------------------------------------------------------------------------------------
// The federal credit's eligibility under Public Law 119-21

export interface TaxCreditInput {
  size_kw_dc: number | null;
  construction_start_date?: string | null;
  expected_in_service_date?: string | null;
  itc_prevailing_wage?: boolean;
  itc_energy_community?: boolean;
  itc_domestic_content?: boolean;
  tax_exempt?: boolean;
}
export interface TaxCredit {
  rate: number;
  eligible: boolean;
  reason: string;
  size_kw_ac: number | null;
  notes: string[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** '4 July 2026' for '2026-07-04'. */
export const longDate = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''} ${day.slice(0, 4)}`;

export const TAX_CREDIT_NOTES = {
  beginConstruction:
    "Treasury's Notice 2025-42: construction begins with physical work of a significant nature, which the partner must document (the 5 % safe harbor no longer counts for solar).",
  foreignEntity: 'From 2026, foreign-entity-of-concern material rules also apply; the estimate cannot check them, so confirm the credit with a tax adviser.',
  electivePay:
    'A tax-exempt owner receives the credit as elective pay (section 6417), which needs a pre-filing registration at least 120 days before the return is filed.',
} as const;

/** DOMAIN.md 1c: the credit's rate and whether the project's dates and size keep it, with the reason. */
export function taxCredit(input: TaxCreditInput, a: EstimateAssumptions): TaxCredit {
  const sizeAc = input.size_kw_dc === null ? null : input.size_kw_dc / a.dc_ac_ratio;
  const large = sizeAc !== null && sizeAc >= a.itc_prevailing_wage_threshold_kw_ac && input.itc_prevailing_wage !== true;
  const base = large ? a.itc_reduced_base_rate : a.itc_base_rate;
  const adder = large ? a.itc_reduced_adder_rate : a.itc_adder_rate;
  const fullRate = base + (input.itc_energy_community ? adder : 0) + (input.itc_domestic_content ? adder : 0);
  const notes: string[] = [TAX_CREDIT_NOTES.beginConstruction, TAX_CREDIT_NOTES.foreignEntity, ...(input.tax_exempt ? [TAX_CREDIT_NOTES.electivePay] : [])];
  const sizeNote = large
    ? ` At ${Math.round(sizeAc)} kW AC (${a.itc_prevailing_wage_threshold_kw_ac} kW AC or more) without prevailing wage and apprenticeship, the base is ${pct(base)} and each adder ${pct(adder)}.`
    : '';

  const start = input.construction_start_date ?? null;
  const inService = input.expected_in_service_date ?? null;
  const beginBy = a.itc_begin_construction_by;
  const placedBy = a.itc_placed_in_service_by;
  const result = (eligible: boolean, reason: string): TaxCredit => ({ rate: eligible ? round4(fullRate) : 0, eligible, reason: eligible ? reason + sizeNote : reason, size_kw_ac: sizeAc === null ? null : Math.round(sizeAc * 100) / 100, notes });

  if (start !== null && start <= beginBy) {
    const continuityEnd = `${Number(start.slice(0, 4)) + a.itc_continuity_years}-12-31`;
    if (inService !== null && inService > continuityEnd) {
      return result(
        false,
        `Construction began ${longDate(start)}, on time, but the expected in-service date ${longDate(inService)} is after ${longDate(continuityEnd)}, the end of the ${ordinal(a.itc_continuity_years)} calendar year after construction began (continuity safe harbor): no credit.`,
      );
    }
    return result(
      true,
      `Construction began ${longDate(start)}, on or before ${longDate(beginBy)}; the system must be in service by ${longDate(continuityEnd)}${inService === null ? ' (add the expected in-service date to check it)' : ''}.`,
    );
  }
  if (start !== null) {
    if (inService !== null && inService <= placedBy) {
      return result(true, `Construction begins ${longDate(start)}, after ${longDate(beginBy)}, but the system is expected in service ${longDate(inService)}, on or before ${longDate(placedBy)}.`);
    }
    return result(
      false,
      `Construction begins ${longDate(start)}, after ${longDate(beginBy)}, so the system must be placed in service by ${longDate(placedBy)}; ${inService === null ? 'no expected in-service date is given' : `it is expected ${longDate(inService)}`}: no credit.`,
    );
  }
  if (inService !== null) {
    if (inService <= placedBy) return result(true, `The system is expected in service ${longDate(inService)}, on or before ${longDate(placedBy)}.`);
    return result(
      false,
      `The system is expected in service ${longDate(inService)}, after ${longDate(placedBy)}, and no construction start is given: no credit. If construction began by ${longDate(beginBy)}, add its start date.`,
    );
  }
  return result(true, `The credit is assumed: add the construction start and expected in-service dates to confirm it (construction begun by ${longDate(beginBy)}, or in service by ${longDate(placedBy)}).`);
}

const pct = (rate: number) => `${Math.round(rate * 1000) / 10} %`;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const ordinal = (n: number) => (['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'][n] ?? `${n}th`);

const cents = (value: number) => Math.round(value * 100) / 100;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
