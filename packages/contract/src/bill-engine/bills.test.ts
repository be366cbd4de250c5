import { describe, expect, it } from 'vitest';
import type { TariffRates } from '../tariffs.js';
import { STATE_CLOCKS } from '../time-zones.js';
import { compileTariff, tariffBills } from './bills.js';
import { isWeekend, referenceCalendar } from './calendar.js';
import { profileLoad } from './load.js';

const calendar = referenceCalendar(STATE_CLOCKS.CA);
/** DOMAIN.md 1b's reference tariff: $50 a month, $0.12 per kWh, $15 per kW of the month's peak. */
const reference: TariffRates = {
  customer_charge_usd: 50,
  periods: [],
  energy_rates: [{ period: null, usd_per_kwh: 0.12 }],
  demand_charges: [{ period: null, usd_per_kw: 15 }],
  export_credit: 'net_metering',
  export_rate_usd_per_kwh: 0.04,
};
const bills = (tariff: TariffRates, load: Float64Array, production: Float64Array, stepsPerHour = 1) => tariffBills(calendar, tariff, compileTariff(calendar, tariff), load, production, stepsPerHour);
const constant = (monthly: number[]) => profileLoad(calendar, 'constant', Float64Array.from(monthly)).kwh;
const none = new Float64Array(calendar.hours);

describe('tariffBills', () => {
  it("reproduces DOMAIN.md 1b's closed-form reference case to the cent", () => {
    const monthly = Array.from({ length: 12 }, () => 50_000);
    monthly[0] = 74_400;
    monthly[5] = 72_000;
    const [january, , , , , june] = bills(reference, constant(monthly), none);
    expect(june).toMatchObject({ usage_kwh: expect.closeTo(72_000, 6), peak_kw_before: expect.closeTo(100, 9), before: { fixed_usd: 50, energy_usd: 8640, demand_usd: 1500, total_usd: 10_190 } });
    expect(january!.before.total_usd).toBe(10_478);
    expect(june!.after).toEqual({ fixed_usd: 50, energy_usd: 8640, demand_usd: 1500, total_usd: 10_190, export_credit_usd: 0 });
  });

  it('charges a period demand charge on the highest kW inside the period only', () => {
    const tariff: TariffRates = {
      ...reference,
      periods: [{ name: 'Peak', months: [6, 7, 8, 9], days: 'weekday', start_hour: 16, end_hour: 21 }],
      energy_rates: [{ period: null, usd_per_kwh: 0.1 }, { period: 'Peak', usd_per_kwh: 0.3 }],
      demand_charges: [{ period: 'Peak', usd_per_kw: 20 }],
    };
    // 10 kW everywhere, 50 kW at 10:00 every day, 30 kW at 17:00 on weekdays.
    const load = new Float64Array(calendar.hours);
    let peakHours = 0;
    for (let index = 0; index < calendar.hours; index += 1) {
      const hour = calendar.hour[index]!;
      load[index] = hour === 10 ? 50 : hour === 17 && !isWeekend(calendar.weekday[index]!) ? 30 : 10;
      if (calendar.month[index] === 5 && !isWeekend(calendar.weekday[index]!) && hour >= 16 && hour < 21) peakHours += 1;
    }
    const year = bills(tariff, load, none);
    const june = year[5]!;
    expect(june.before.demand_usd).toBe(20 * 30);
    expect(june.peak_kw_before).toBe(50);
    const juneKwh = june.usage_kwh;
    const peakKwh = peakHours * 10 + (peakHours / 5) * 20;
    expect(june.before.energy_usd).toBeCloseTo(0.1 * (juneKwh - peakKwh) + 0.3 * peakKwh, 2);
    // January has no peak period: no demand charge at all.
    expect(year[0]!.before.demand_usd).toBe(0);
  });

  it('prices demand on 15-minute steps: a quarter-hour spike costs more than its hour average', () => {
    const load = new Float64Array(calendar.hours * 4).fill(25); // 100 kW
    load[calendar.monthStart[5]! * 4 + 40] = 50; // one quarter at 200 kW
    const june = bills(reference, load, new Float64Array(calendar.hours * 4), 4)[5]!;
    expect(june.peak_kw_before).toBe(200);
    expect(june.before.demand_usd).toBe(3000);
    // The same kWh averaged over the hour: (3 x 25 + 50) kWh = 125 kW.
    const hourly = new Float64Array(calendar.hours).fill(100);
    hourly[calendar.monthStart[5]! + 10] = 125;
    expect(bills(reference, hourly, none)[5]!.before.demand_usd).toBe(1875);
  });

  it('nets exports at the energy rate of their hour, never below 0, carries the excess and pays December at the export rate', () => {
    // 100 kWh of load every hour; production 300 kWh in the hours 10-14 of June only (5 x 300 - 5 x 100 = 1,000 kWh exported a day).
    const load = constant(Array.from({ length: 12 }, (_, month) => (calendar.monthStart[month + 1]! - calendar.monthStart[month]!) * 100));
    const production = new Float64Array(calendar.hours);
    for (let index = calendar.monthStart[5]!; index < calendar.monthStart[6]!; index += 1) if (calendar.hour[index]! >= 10 && calendar.hour[index]! < 15) production[index] = 300;
    const tariff: TariffRates = { ...reference, demand_charges: [] };
    const year = bills(tariff, load, production);
    const june = year[5]!;
    // June: imports 19 h x 100 x 30 = 57,000 kWh -> $6,840; exports 30,000 kWh -> $3,600 of credit, all used in June.
    expect(june.after).toMatchObject({ energy_usd: 6840, export_credit_usd: 3600, total_usd: 50 + 6840 - 3600 });
    // A bigger production: credit beyond June's energy charge carries to July, and what is left after December is paid at $0.04.
    const big = new Float64Array(production).map((value) => value * 50); // 15,000 kWh an hour
    const carried = bills(tariff, load, big);
    const juneExportKwh = 30 * 5 * (15_000 - 100);
    const juneImportUsd = 30 * 19 * 100 * 0.12;
    expect(carried[5]!.after.export_credit_usd).toBe(juneImportUsd);
    expect(carried[5]!.after.total_usd).toBe(50);
    for (const month of carried.slice(6, 11)) expect(month.after.total_usd).toBe(50);
    // Credit left: June's exports at $0.12 minus June-November's imports, in kWh, paid at $0.04 in December.
    const importsKwh = (month: number) => (calendar.monthStart[month + 1]! - calendar.monthStart[month]!) * 100;
    let leftKwh = juneExportKwh;
    for (let month = 6; month <= 11; month += 1) leftKwh -= importsKwh(month);
    leftKwh -= juneImportUsd / 0.12;
    const december = carried[11]!;
    expect(december.after.export_credit_usd).toBeCloseTo(importsKwh(11) * 0.12 + leftKwh * 0.04, 2);
    expect(december.after.total_usd).toBeLessThan(0);
    // January to May saw no credit yet.
    expect(carried[0]!.after.export_credit_usd).toBe(0);
  });

  it('pays every exported kWh at the export rate under net billing, with no carry-over', () => {
    const load = constant(Array.from({ length: 12 }, (_, month) => (calendar.monthStart[month + 1]! - calendar.monthStart[month]!) * 100));
    const production = new Float64Array(calendar.hours);
    for (let index = calendar.monthStart[5]!; index < calendar.monthStart[6]!; index += 1) if (calendar.hour[index]! === 12) production[index] = 1100;
    const year = bills({ ...reference, demand_charges: [], export_credit: 'net_billing', export_rate_usd_per_kwh: 0.05 }, load, production);
    expect(year[5]!.after).toMatchObject({ energy_usd: (720 - 30) * 100 * 0.12, export_credit_usd: 30 * 1000 * 0.05 });
    expect(year[6]!.after.export_credit_usd).toBe(0);
    expect(year[5]!.peak_kw_after).toBe(100);
  });
});
