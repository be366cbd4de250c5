import type { IntervalSeries } from '../estimate-schemas.js';
import type { LoadProfile } from '../tariffs.js';
import { isWeekend, type ReferenceCalendar } from './calendar.js';

/**
 * A meter's load over the reference year (DOMAIN.md 1b "Hourly load of a meter"): from its
 * interval data when it has some, else its 12 monthly kWh spread by a load profile. Either way
 * each month totals the meter's kWh for that calendar month.
 */

const inside = (hour: number, start: number, end: number) => hour >= start && hour < end;

/** DOMAIN.md 1b's weight of a local hour (month 0-11, weekday 0 = Sunday) under a profile. */
export function profileWeight(profile: LoadProfile, month: number, weekday: number, hour: number): number {
  const weekdayWork = !isWeekend(weekday);
  switch (profile) {
    case 'constant':
      return 1;
    case 'office':
      return weekdayWork && inside(hour, 8, 18) ? 1 : 0.35;
    case 'retail':
      return inside(hour, 9, 21) ? 1 : 0.4;
    case 'warehouse':
      return weekdayWork && inside(hour, 6, 18) ? 1 : 0.3;
    case 'manufacturing_1_shift':
      return weekdayWork && inside(hour, 7, 16) ? 1 : 0.25;
    case 'manufacturing_2_shifts':
      return (weekdayWork && inside(hour, 6, 22)) || (weekday === 6 && inside(hour, 6, 14)) ? 1 : 0.3;
    case 'cold_storage':
      return inside(hour, 10, 18) ? 1 : 0.85;
    case 'school':
      // In session hours; July and August (month 6 and 7) keep half of it for summer use.
      if (weekdayWork && inside(hour, 7, 16)) return month === 6 || month === 7 ? 0.5 : 1;
      return 0.3;
  }
}

/** Each hour's weight divided by its month's sum: the share of the month's kWh that hour takes. */
const shareCache = new WeakMap<ReferenceCalendar, Map<LoadProfile, Float64Array>>();
export function profileShares(calendar: ReferenceCalendar, profile: LoadProfile): Float64Array {
  let byProfile = shareCache.get(calendar);
  if (!byProfile) shareCache.set(calendar, (byProfile = new Map()));
  const cached = byProfile.get(profile);
  if (cached) return cached;
  const shares = new Float64Array(calendar.hours);
  for (let month = 0; month < 12; month += 1) {
    const from = calendar.monthStart[month]!;
    const to = calendar.monthStart[month + 1]!;
    let sum = 0;
    for (let index = from; index < to; index += 1) {
      shares[index] = profileWeight(profile, month, calendar.weekday[index]!, calendar.hour[index]!);
      sum += shares[index]!;
    }
    for (let index = from; index < to; index += 1) shares[index]! /= sum;
  }
  byProfile.set(profile, shares);
  return shares;
}

/** kWh per step of the reference year; `stepsPerHour` 4 for 15-minute data, else 1. */
export interface MeterLoad {
  stepsPerHour: 1 | 4;
  kwh: Float64Array;
  source: 'interval' | 'profile';
  /** Months (0-11) whose interval data had no readings, so the profile stood in. */
  profileMonths: number[];
}

/** Hourly kWh of a meter whose 12 monthly values (by reference month 0-11) follow a profile. */
export function profileLoad(calendar: ReferenceCalendar, profile: LoadProfile, monthlyKwh: ArrayLike<number>): MeterLoad {
  const shares = profileShares(calendar, profile);
  const kwh = new Float64Array(calendar.hours);
  for (let index = 0; index < calendar.hours; index += 1) kwh[index] = monthlyKwh[calendar.month[index]!]! * shares[index]!;
  return { stepsPerHour: 1, kwh, source: 'profile', profileMonths: [] };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const weekdayOf = (year: number, month: number, day: number) => (Math.floor(Date.UTC(year, month, day) / 86_400_000) + 4) % 7;

/**
 * The source day of a reference day: the same calendar month of the year the data was read
 * (`sourceYears[month]`), the nearest day of the same weekday (within three days, kept inside
 * the month), so weekday and weekend shapes land on weekdays and weekends.
 */
export function alignedSourceDay(sourceYear: number, month: number, day: number, weekday: number): number {
  const length = daysInMonth(sourceYear, month);
  let delta = (weekday - weekdayOf(sourceYear, month, Math.min(day, length)) + 7) % 7;
  if (delta > 3) delta -= 7;
  let source = Math.min(day, length) + delta;
  if (source < 1) source += 7;
  if (source > length) source -= 7;
  return source;
}

/**
 * A meter's load from its interval data (issue 35 item 3): each reference step reads the
 * series at the same wall-clock time of its aligned source day, then each month is scaled to
 * the meter's kWh for it. A month without readings in the series follows the profile instead.
 */
export function intervalLoad(
  calendar: ReferenceCalendar,
  series: IntervalSeries,
  sourceYears: ArrayLike<number>,
  monthlyKwh: ArrayLike<number>,
  fallback: LoadProfile,
): MeterLoad {
  const stepsPerHour: 1 | 4 = series.step_seconds <= 900 ? 4 : 1;
  const stepSeconds = 3600 / stepsPerHour;
  const perStep = Math.max(1, Math.round(stepSeconds / series.step_seconds));
  const kwh = new Float64Array(calendar.hours * stepsPerHour);
  const values = series.values;
  const count = values.length;
  const profileMonths: number[] = [];
  let shares: Float64Array | null = null;
  for (let month = 0; month < 12; month += 1) {
    const from = calendar.monthStart[month]!;
    const to = calendar.monthStart[month + 1]!;
    const year = sourceYears[month]!;
    let dayKey = -1;
    let dayStart = 0;
    let total = 0;
    for (let hourIndex = from; hourIndex < to; hourIndex += 1) {
      const day = calendar.day[hourIndex]!;
      if (day !== dayKey) {
        dayKey = day;
        dayStart = Date.UTC(year, month, alignedSourceDay(year, month, day, calendar.weekday[hourIndex]!)) / 1000;
      }
      const hourStart = dayStart + calendar.hour[hourIndex]! * 3600;
      for (let quarter = 0; quarter < stepsPerHour; quarter += 1) {
        const position = (hourStart + quarter * stepSeconds - series.start) / series.step_seconds;
        let value = 0;
        if (position >= 0 && Number.isInteger(position)) {
          for (let sub = 0; sub < perStep; sub += 1) {
            const reading = position + sub < count ? values[position + sub]! : 0;
            if (reading > 0 && Number.isFinite(reading)) value += reading;
          }
        }
        kwh[hourIndex * stepsPerHour + quarter] = value;
        total += value;
      }
    }
    const target = monthlyKwh[month]!;
    if (total > 0) {
      const scale = target / total;
      for (let step = from * stepsPerHour; step < to * stepsPerHour; step += 1) kwh[step]! *= scale;
    } else {
      profileMonths.push(month);
      shares ??= profileShares(calendar, fallback);
      for (let hourIndex = from; hourIndex < to; hourIndex += 1) {
        for (let quarter = 0; quarter < stepsPerHour; quarter += 1) kwh[hourIndex * stepsPerHour + quarter] = (target * shares[hourIndex]!) / stepsPerHour;
      }
    }
  }
  return { stepsPerHour, kwh, source: 'interval', profileMonths };
}
