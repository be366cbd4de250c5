import type { Estimate, IntervalSeries } from '../estimate-schemas.js';
import { LOAD_PROFILE_LABELS, REFERENCE_YEAR, monthLabel, type Meter, type TariffRates } from '../tariffs.js';
import { stateClock } from '../time-zones.js';
import type { UsStateCode } from '../us-states.js';
import { compileTariff, monthPeaks, tariffBills, type MonthBill } from './bills.js';
import { referenceCalendar } from './calendar.js';
import { intervalLoad, profileLoad, type MeterLoad } from './load.js';
import { productionShape, solarSite } from './production.js';

/**
 * A project's meters through the bill engine (issue 35 item 7): each meter gets its load, its
 * share of production (the system of section 1, split by usage) and its 12 monthly bills,
 * from its tariff or, without one, from section 1's flat rate and energy share.
 */

export interface ProjectMeter {
  index: number;
  meter: Meter;
  /** kWh by reference month (0 = January), from the meter's calendar months. */
  monthlyKwh: Float64Array;
  /** The year each reference month's value was read in (for aligning interval data). */
  sourceYears: Int32Array;
  tariff: TariffRates | null;
  interval: IntervalSeries | null;
}

export interface ProjectBillsInput {
  state: UsStateCode | null;
  meters: ProjectMeter[];
  /** The whole system's first-year production P (kWh) and the project's usage U (kWh). */
  productionKwh: number;
  usageKwh: number;
  /** Section 1's effective rate R and avoided rate A ($/kWh), for meters without a tariff. */
  rate: number;
  avoided: number;
}

export interface ProjectBills {
  bills: Estimate['bills'];
  /** First-year savings of the meters with a tariff. */
  tariffSavingsUsd: number;
  /** Usage U_i and production P_i of each meter whose money follows section 1. */
  sectionOneMeters: { usage: number; production: number }[];
  warnings: string[];
}

const cents = (value: number) => Math.round(value * 100) / 100;
const kw = (value: number) => Math.round(value * 10) / 10;
const monthKey = (month: number) => `${REFERENCE_YEAR}-${String(month + 1).padStart(2, '0')}`;

export function projectBills(input: ProjectBillsInput): ProjectBills {
  const calendar = referenceCalendar(stateClock(input.state));
  const shape = productionShape(calendar, solarSite(input.state));
  const warnings: string[] = [];
  const sectionOneMeters: ProjectBills['sectionOneMeters'] = [];
  const annual = { before_usd: 0, after_usd: 0, savings_usd: 0, energy_savings_usd: 0, demand_savings_usd: 0 };
  let tariffSavingsUsd = 0;
  const coverage = input.productionKwh > 0 ? Math.min(1, input.usageKwh / input.productionKwh) : 0;

  const meters = input.meters.map((entry) => {
    const name = entry.meter.name.trim() || `Meter ${entry.index + 1}`;
    const meterUsage = entry.monthlyKwh.reduce((sum, value) => sum + value, 0);
    const meterProduction = input.usageKwh > 0 ? (input.productionKwh * meterUsage) / input.usageKwh : 0;
    const profile = entry.meter.load_profile;

    let load: MeterLoad;
    if (entry.interval) {
      load = intervalLoad(calendar, entry.interval, entry.sourceYears, entry.monthlyKwh, profile);
      warnings.push(`${name}: the load shape and its ${load.stepsPerHour === 4 ? '15-minute' : 'hourly'} peaks come from its interval data, scaled to its monthly kWh.`);
      if (load.profileMonths.length > 0) {
        warnings.push(`${name}: the interval data has no readings for ${listMonths(load.profileMonths.map((month) => monthLabel(monthKey(month))))}, so those months follow the ${LOAD_PROFILE_LABELS[profile]} profile.`);
      }
    } else {
      if (entry.meter.interval_import_id !== null) warnings.push(`${name}: its interval data is no longer kept (import the file again), so its load follows the ${LOAD_PROFILE_LABELS[profile]} profile.`);
      load = profileLoad(calendar, profile, entry.monthlyKwh);
    }
    const steps = load.stepsPerHour;
    const production = new Float64Array(calendar.hours * steps);
    for (let step = 0; step < production.length; step += 1) production[step] = (shape[steps === 1 ? step : Math.floor(step / steps)]! * meterProduction) / steps;

    let months: MonthBill[];
    if (entry.tariff) {
      months = tariffBills(calendar, entry.tariff, compileTariff(calendar, entry.tariff), load.kwh, production, steps);
      for (const month of months) tariffSavingsUsd += month.before.total_usd - month.after.total_usd;
    } else {
      warnings.push(
        entry.meter.tariff_id === null
          ? `The meter “${name}” has no tariff: its savings use the average rate per kWh and the energy share of the bill, without demand charges. Choose its tariff in Utility Info for hour-by-hour bills.`
          : `The tariff of the meter “${name}” no longer exists: its savings use the average rate per kWh and the energy share of the bill. Choose another tariff in Utility Info.`,
      );
      sectionOneMeters.push({ usage: meterUsage, production: meterProduction });
      months = Array.from({ length: 12 }, (_, month) => sectionOneMonth(month, monthPeaks(calendar, load.kwh, production, steps, month), input.rate, input.avoided, coverage));
    }
    for (const month of months) {
      annual.before_usd += month.before.total_usd;
      annual.after_usd += month.after.total_usd;
      annual.energy_savings_usd += month.before.energy_usd - month.after.energy_usd + month.after.export_credit_usd;
      annual.demand_savings_usd += month.before.demand_usd - month.after.demand_usd;
    }
    return {
      index: entry.index,
      name,
      tariff_id: entry.tariff ? entry.meter.tariff_id : null,
      tariff_source: entry.tariff ? ('tariff' as const) : ('section_1' as const),
      load_source: load.source,
      load_profile: profile,
      months: months.map((month) => ({
        month: monthKey(month.month),
        usage_kwh: Math.round(month.usage_kwh * 100) / 100,
        production_kwh: Math.round(month.production_kwh * 100) / 100,
        peak_kw_before: kw(month.peak_kw_before),
        peak_kw_after: kw(month.peak_kw_after),
        before: month.before,
        after: month.after,
      })),
    };
  });
  annual.savings_usd = annual.before_usd - annual.after_usd;
  return {
    bills: {
      meters,
      annual: {
        before_usd: cents(annual.before_usd),
        after_usd: cents(annual.after_usd),
        savings_usd: cents(annual.savings_usd),
        energy_savings_usd: cents(annual.energy_savings_usd),
        demand_savings_usd: cents(annual.demand_savings_usd),
      },
    },
    tariffSavingsUsd,
    sectionOneMeters,
    warnings,
  };
}

/**
 * A month of a meter without a tariff (decision 037): section 1's bill is usage x R, shown as
 * energy usage x A and the non-energy share usage x (R - A) as fixed; solar saves
 * production x A x min(1, U / P), the annual cap spread by production, first from the energy
 * charge and the rest as export credit.
 */
function sectionOneMonth(month: number, peaks: ReturnType<typeof monthPeaks>, rate: number, avoided: number, coverage: number): MonthBill {
  const energy = cents(peaks.usage * avoided);
  const fixed = cents(peaks.usage * (rate - avoided));
  const saved = peaks.production * avoided * coverage;
  const afterEnergy = cents(Math.max(0, peaks.usage * avoided - saved));
  const exportCredit = cents(Math.max(0, saved - peaks.usage * avoided));
  return {
    month,
    usage_kwh: peaks.usage,
    production_kwh: peaks.production,
    peak_kw_before: peaks.before,
    peak_kw_after: peaks.after,
    before: { fixed_usd: fixed, energy_usd: energy, demand_usd: 0, total_usd: cents(fixed + energy) },
    after: { fixed_usd: fixed, energy_usd: afterEnergy, demand_usd: 0, total_usd: cents(fixed + afterEnergy - exportCredit), export_credit_usd: exportCredit },
  };
}

export const listMonths = (labels: string[]) => (labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`);
