import type { TariffRates } from '../tariffs.js';
import { isWeekend, type ReferenceCalendar } from './calendar.js';

/**
 * Bills of one meter under one tariff, month by month, before and after solar (DOMAIN.md 1b
 * "Tariff" and "Bills"). Charges on kW use the meter's step (15 minutes or the hour).
 */

export interface BillParts {
  fixed_usd: number;
  energy_usd: number;
  demand_usd: number;
  total_usd: number;
}
export interface MonthBill {
  /** 0 = January of the reference year. */
  month: number;
  usage_kwh: number;
  production_kwh: number;
  peak_kw_before: number;
  peak_kw_after: number;
  before: BillParts;
  after: BillParts & { export_credit_usd: number };
}

/** A tariff laid over the reference calendar: each hour's period and energy rate. */
export interface CompiledTariff {
  /** Period index of each hour, -1 when the hour is in no period. */
  period: Int16Array;
  energyRate: Float64Array;
  facilityUsdPerKw: number;
  /** $/kW of each period's own demand charge (0 when it has none). */
  periodUsdPerKw: Float64Array;
  periodCount: number;
}

export function compileTariff(calendar: ReferenceCalendar, tariff: TariffRates): CompiledTariff {
  const names = [...new Set(tariff.periods.map((period) => period.name))];
  const indexOf = new Map(names.map((name, index) => [name, index]));
  const base = tariff.energy_rates.find((rate) => rate.period === null)?.usd_per_kwh ?? 0;
  const ratesByPeriod = names.map((name) => tariff.energy_rates.find((rate) => rate.period === name)?.usd_per_kwh ?? base);
  // (month, weekend?, hour) -> period: 12 x 2 x 24 lookup, then one read per hour.
  const grid = new Int16Array(12 * 2 * 24).fill(-1);
  for (const period of tariff.periods) {
    const kinds = period.days === 'all' ? [0, 1] : period.days === 'weekend' ? [1] : [0];
    for (const month of period.months) {
      for (const kind of kinds) {
        for (let hour = period.start_hour; hour < period.end_hour; hour += 1) grid[((month - 1) * 2 + kind) * 24 + hour] = indexOf.get(period.name)!;
      }
    }
  }
  const periodOfHour = new Int16Array(calendar.hours);
  const energyRate = new Float64Array(calendar.hours);
  for (let index = 0; index < calendar.hours; index += 1) {
    const kind = isWeekend(calendar.weekday[index]!) ? 1 : 0;
    const period = grid[(calendar.month[index]! * 2 + kind) * 24 + calendar.hour[index]!]!;
    periodOfHour[index] = period;
    energyRate[index] = period < 0 ? base : ratesByPeriod[period]!;
  }
  const periodUsdPerKw = new Float64Array(names.length);
  for (const charge of tariff.demand_charges) {
    if (charge.period !== null && indexOf.has(charge.period)) periodUsdPerKw[indexOf.get(charge.period)!] = charge.usd_per_kw;
  }
  return {
    period: periodOfHour,
    energyRate,
    facilityUsdPerKw: tariff.demand_charges.find((charge) => charge.period === null)?.usd_per_kw ?? 0,
    periodUsdPerKw,
    periodCount: names.length,
  };
}

const cents = (value: number) => Math.round(value * 100) / 100;
const parts = (fixed: number, energy: number, demand: number): BillParts => {
  const [f, e, d] = [cents(fixed), cents(energy), cents(demand)];
  return { fixed_usd: f, energy_usd: e, demand_usd: d, total_usd: cents(f + e + d) };
};

/**
 * The 12 monthly bills of a meter: `load` and `production` in kWh per step, `stepsPerHour`
 * steps to the hour. Net metering credits exports at the energy rate of their hour against
 * the month's energy charge (never below 0), carries what is left to the next month and pays
 * December's leftover kWh at the export rate; net billing pays every export at the export rate.
 */
export function tariffBills(
  calendar: ReferenceCalendar,
  tariff: TariffRates,
  compiled: CompiledTariff,
  load: Float64Array,
  production: Float64Array,
  stepsPerHour: number,
): MonthBill[] {
  const netMetering = tariff.export_credit === 'net_metering';
  const exportRate = tariff.export_rate_usd_per_kwh;
  const peakBefore = new Float64Array(compiled.periodCount);
  const peakAfter = new Float64Array(compiled.periodCount);
  const bills: MonthBill[] = [];
  let carryUsd = 0;
  let carryKwh = 0;
  for (let month = 0; month < 12; month += 1) {
    const from = calendar.monthStart[month]! * stepsPerHour;
    const to = calendar.monthStart[month + 1]! * stepsPerHour;
    peakBefore.fill(0);
    peakAfter.fill(0);
    let usage = 0;
    let produced = 0;
    let energyBefore = 0;
    let energyAfter = 0;
    let exportValue = 0;
    let exportKwh = 0;
    let maxBefore = 0;
    let maxAfter = 0;
    for (let step = from; step < to; step += 1) {
      const hour = stepsPerHour === 1 ? step : Math.floor(step / stepsPerHour);
      const rate = compiled.energyRate[hour]!;
      const used = load[step]!;
      const made = production[step]!;
      const imported = used > made ? used - made : 0;
      const exported = made > used ? made - used : 0;
      usage += used;
      produced += made;
      energyBefore += used * rate;
      energyAfter += imported * rate;
      exportKwh += exported;
      exportValue += exported * (netMetering ? rate : exportRate);
      const kwBefore = used * stepsPerHour;
      const kwAfter = imported * stepsPerHour;
      if (kwBefore > maxBefore) maxBefore = kwBefore;
      if (kwAfter > maxAfter) maxAfter = kwAfter;
      const period = compiled.period[hour]!;
      if (period >= 0) {
        if (kwBefore > peakBefore[period]!) peakBefore[period] = kwBefore;
        if (kwAfter > peakAfter[period]!) peakAfter[period] = kwAfter;
      }
    }
    let demandBefore = compiled.facilityUsdPerKw * maxBefore;
    let demandAfter = compiled.facilityUsdPerKw * maxAfter;
    for (let period = 0; period < compiled.periodCount; period += 1) {
      demandBefore += compiled.periodUsdPerKw[period]! * peakBefore[period]!;
      demandAfter += compiled.periodUsdPerKw[period]! * peakAfter[period]!;
    }
    let credit = exportValue;
    if (netMetering) {
      const available = carryUsd + exportValue;
      credit = Math.min(available, energyAfter);
      const left = available - credit;
      carryKwh = available > 0 ? ((carryKwh + exportKwh) * left) / available : 0;
      carryUsd = left;
      if (month === 11) {
        // The true-up: December's leftover kWh are paid at the export rate.
        credit += carryKwh * exportRate;
        carryUsd = 0;
        carryKwh = 0;
      }
    }
    const before = parts(tariff.customer_charge_usd, energyBefore, demandBefore);
    const afterParts = parts(tariff.customer_charge_usd, energyAfter, demandAfter);
    const exportCredit = cents(credit);
    bills.push({
      month,
      usage_kwh: usage,
      production_kwh: produced,
      peak_kw_before: maxBefore,
      peak_kw_after: maxAfter,
      before,
      after: { ...afterParts, total_usd: cents(afterParts.total_usd - exportCredit), export_credit_usd: exportCredit },
    });
  }
  return bills;
}

/** The month's highest kW before and after solar, for meters whose money follows section 1. */
export function monthPeaks(calendar: ReferenceCalendar, load: Float64Array, production: Float64Array, stepsPerHour: number, month: number): { before: number; after: number; usage: number; production: number } {
  let before = 0;
  let after = 0;
  let usage = 0;
  let produced = 0;
  for (let step = calendar.monthStart[month]! * stepsPerHour; step < calendar.monthStart[month + 1]! * stepsPerHour; step += 1) {
    const used = load[step]!;
    const made = production[step]!;
    usage += used;
    produced += made;
    if (used > before) before = used;
    if (used - made > after) after = used - made;
  }
  return { before: before * stepsPerHour, after: after * stepsPerHour, usage, production: produced };
}
