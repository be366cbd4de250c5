import { describe, expect, it } from 'vitest';
import { LOAD_PROFILES } from '../tariffs.js';
import { STATE_CLOCKS } from '../time-zones.js';
import { referenceCalendar } from './calendar.js';
import { alignedSourceDay, intervalLoad, profileLoad, profileWeight } from './load.js';

const calendar = referenceCalendar(STATE_CLOCKS.CA);
const monthly = Float64Array.from({ length: 12 }, (_, month) => 1000 * (month + 1));
const monthSum = (values: Float64Array, month: number, stepsPerHour = 1) => {
  let sum = 0;
  for (let step = calendar.monthStart[month]! * stepsPerHour; step < calendar.monthStart[month + 1]! * stepsPerHour; step += 1) sum += values[step]!;
  return sum;
};

describe('profile load', () => {
  it("spreads each month's kWh over its hours so every profile's month totals the meter's value", () => {
    for (const profile of LOAD_PROFILES) {
      const { kwh } = profileLoad(calendar, profile, monthly);
      for (let month = 0; month < 12; month += 1) expect(monthSum(kwh, month), `${profile} ${month}`).toBeCloseTo(monthly[month]!, 6);
    }
  });

  it("weighs the hours as DOMAIN.md 1b's table says, the school at half in July and August", () => {
    // Wednesday 10 am, Sunday 10 am, Wednesday 11 pm, Saturday 10 am.
    expect([profileWeight('office', 0, 3, 10), profileWeight('office', 0, 0, 10), profileWeight('office', 0, 3, 23)]).toEqual([1, 0.35, 0.35]);
    expect([profileWeight('manufacturing_2_shifts', 0, 6, 10), profileWeight('manufacturing_2_shifts', 0, 6, 15)]).toEqual([1, 0.3]);
    expect([profileWeight('school', 5, 3, 10), profileWeight('school', 6, 3, 10), profileWeight('school', 7, 3, 10), profileWeight('school', 7, 3, 20)]).toEqual([1, 0.5, 0.5, 0.3]);
    expect(profileWeight('constant', 3, 0, 3)).toBe(1);
  });

  it('gives a constant meter the same kW every hour of a month (the reference case)', () => {
    const { kwh } = profileLoad(calendar, 'constant', Float64Array.from({ length: 12 }, (_, month) => (month === 5 ? 72_000 : 74_400)));
    expect(kwh[calendar.monthStart[5]!]).toBeCloseTo(100, 9);
    expect(kwh[calendar.monthStart[0]!]).toBeCloseTo(100, 9);
  });
});

describe('interval load', () => {
  it('shifts a source day to the same weekday within its month', () => {
    // 1 January 2025 is a Wednesday; in 2024 the 1st was a Monday, so the Wednesday nearest is the 3rd.
    expect(alignedSourceDay(2024, 0, 1, 3)).toBe(3);
    // 31 January 2025 is a Friday; 31 January 2024 was a Wednesday, and two days later leaves the month: a week earlier, the 26th.
    expect(alignedSourceDay(2024, 0, 31, 5)).toBe(26);
    // Same weekday already: unchanged.
    expect(alignedSourceDay(2025, 0, 15, 3)).toBe(15);
  });

  it("puts the source's weekday shape on the reference year's weekdays and scales each month to the meter's kWh", () => {
    // 2024 hourly data: 10 kWh each weekday hour, 1 kWh each weekend hour.
    const start = Date.UTC(2024, 0, 1) / 1000;
    const hours = 366 * 24;
    const values = new Float32Array(hours);
    for (let index = 0; index < hours; index += 1) {
      const weekday = (Math.floor((start + index * 3600) / 86_400) + 4) % 7;
      values[index] = weekday === 0 || weekday === 6 ? 1 : 10;
    }
    const sourceYears = Int32Array.from({ length: 12 }, () => 2024);
    const load = intervalLoad(calendar, { start, step_seconds: 3600, values }, sourceYears, monthly, 'office');
    expect(load).toMatchObject({ stepsPerHour: 1, source: 'interval', profileMonths: [] });
    for (let month = 0; month < 12; month += 1) expect(monthSum(load.kwh, month)).toBeCloseTo(monthly[month]!, 6);
    // Every reference weekday hour has 10 times a weekend hour of its month.
    for (let index = calendar.monthStart[3]!; index < calendar.monthStart[4]!; index += 1) {
      const weekend = calendar.weekday[index] === 0 || calendar.weekday[index] === 6;
      const ratio = load.kwh[index]! / load.kwh[calendar.monthStart[3]! + 4 * 24]!; // 5 April 2025 is a Saturday.
      expect(ratio, `hour ${index}`).toBeCloseTo(weekend ? 1 : 10, 9);
    }
  });

  it('keeps 15-minute steps, so a short spike stays a 15-minute peak, and fills a month without readings from the profile', () => {
    const start = Date.UTC(2025, 0, 1) / 1000;
    const steps = 365 * 96;
    const values = new Float32Array(steps).fill(1);
    // One spike: 15 minutes at 4 kWh (16 kW) on 15 January 2025, 12:00. April has no readings.
    values[14 * 96 + 48] = 4;
    for (let step = 90 * 96; step < 120 * 96; step += 1) values[step] = Number.NaN;
    const sourceYears = Int32Array.from({ length: 12 }, () => 2025);
    const load = intervalLoad(calendar, { start, step_seconds: 900, values }, sourceYears, Float64Array.from({ length: 12 }, () => 1000), 'constant');
    expect(load.stepsPerHour).toBe(4);
    expect(load.profileMonths).toEqual([3]);
    for (let month = 0; month < 12; month += 1) expect(monthSum(load.kwh, month, 4)).toBeCloseTo(1000, 6);
    let peak = 0;
    let hourlyPeak = 0;
    for (let hour = 0; hour < calendar.monthStart[1]!; hour += 1) {
      let inHour = 0;
      for (let quarter = 0; quarter < 4; quarter += 1) {
        peak = Math.max(peak, load.kwh[hour * 4 + quarter]! * 4);
        inHour += load.kwh[hour * 4 + quarter]!;
      }
      hourlyPeak = Math.max(hourlyPeak, inHour);
    }
    expect(peak).toBeGreaterThan(hourlyPeak * 2);
  });
});
