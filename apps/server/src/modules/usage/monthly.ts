/**
 * Interval readings summed into calendar months (issue 16 item 5). Every reading arrives in
 * "wall-clock seconds": the local date and time of the file's utility written as if it were
 * UTC, so calendar arithmetic needs no time zone. A reading that spans a month boundary (a
 * billing period from the 5th to the 4th) is shared between the months by time.
 */

export interface Reading {
  /** Local wall-clock start, seconds since 1970-01-01T00:00 (as if UTC). */
  start: number;
  /** Length in seconds (> 0). */
  duration: number;
  kwh: number;
}

export interface MonthlyUsage {
  /** One list per meter, oldest month first: 12 kWh totals, null for a month without (complete) readings. */
  meters: (number | null)[][];
  /** The calendar month (YYYY-MM) of each of the 12 values. */
  months: string[];
  /** The first of the 12 months as year * 12 + month index (for the interval series). */
  first_month_index: number;
  /** First and last day of the 12 months, YYYY-MM-DD. */
  period_start: string;
  period_end: string;
  warnings: string[];
}

export const MONTHS_KEPT = 12;
/** A month counts as complete when readings cover at least this share of it (a few missing hours are a gap, not a partial month). */
export const COMPLETE_COVERAGE = 0.97;

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Months are counted as year * 12 + month index. */
const monthIndexOf = (seconds: number) => {
  const date = new Date(seconds * 1000);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};
export const monthStart = (index: number) => Date.UTC(Math.floor(index / 12), index % 12, 1) / 1000;
/** 'YYYY-MM' of a month index. */
export const monthKey = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * A local clock: UTC seconds to the wall-clock seconds (as if UTC) of the meter's place. Readings
 * are summed in wall-clock time; the clock says how long each local month really is (a March
 * with the spring-forward night has 743 hours, a November 745), so no hour that does not exist
 * is reported missing.
 */
export type LocalClock = (utc: number) => number;

/** UTC seconds of a wall-clock instant that is not inside a daylight-saving change (months and days begin at midnight, never inside one). */
export const utcOfWall = (clock: LocalClock, wall: number): number => {
  let utc = wall - (clock(wall) - wall);
  utc = wall - (clock(utc) - utc);
  return utc;
};
/**
 * The wall-clock seconds of month `index` that exist on the local clock: the month less the hour
 * skipped on the spring-forward night (March: 743 hours). The repeated hour of the fall-back
 * night is read twice in wall-clock time, so November needs no more than its 720 hours.
 */
export const localMonthSeconds = (clock: LocalClock | undefined, index: number): number => {
  const wall = monthStart(index + 1) - monthStart(index);
  return clock ? Math.min(wall, utcOfWall(clock, monthStart(index + 1)) - utcOfWall(clock, monthStart(index))) : wall;
};
const monthName = (index: number) => `${MONTH_NAMES[index % 12]} ${Math.floor(index / 12)}`;
/** 'March 2025': the name of the month `offset` months after the YYYY-MM-DD `periodStart`. */
export const monthNameAfter = (periodStart: string, offset: number) => monthName(Number(periodStart.slice(0, 4)) * 12 + Number(periodStart.slice(5, 7)) - 1 + offset);
const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

interface MonthTotal {
  kwh: number;
  covered: number;
}

/** Sums one meter's readings into months, splitting readings at month boundaries. */
export function sumByMonth(readings: Iterable<Reading>): Map<number, MonthTotal> {
  const months = new Map<number, MonthTotal>();
  for (const reading of readings) {
    let from = reading.start;
    const end = reading.start + reading.duration;
    while (from < end) {
      const index = monthIndexOf(from);
      const until = Math.min(end, monthStart(index + 1));
      const part = until - from;
      const total = months.get(index) ?? { kwh: 0, covered: 0 };
      total.kwh += (reading.kwh * part) / reading.duration;
      total.covered += part;
      months.set(index, total);
      from = until;
    }
  }
  return months;
}

/** Consecutive month indexes as [first, last] runs. */
function runs(indexes: number[]): [number, number][] {
  const result: [number, number][] = [];
  for (const index of indexes) {
    const last = result[result.length - 1];
    if (last && last[1] === index - 1) last[1] = index;
    else result.push([index, index]);
  }
  return result;
}

const hoursText = (seconds: number) => {
  const hours = Math.round(seconds / 3600);
  if (hours >= 48) return `${Math.round(hours / 24)} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
};

/**
 * The last 12 complete calendar months common to the file, per meter. A month is complete
 * when its readings cover {@link COMPLETE_COVERAGE} of its local hours (by `clock`); the partial
 * months at either end of the file are dropped and said, gaps inside the 12 months are said,
 * and a month without readings, or with too few to be a month's usage, is null: a partial
 * month summed as if whole would understate the usage. Returns null when the file has no
 * complete month at all.
 */
export function lastTwelveMonths(meterReadings: Iterable<Reading>[], clock?: LocalClock, labels?: string[]): MonthlyUsage | null {
  const perMeter = meterReadings.map((readings) => sumByMonth(readings));
  const warnings: string[] = [];
  const completeness = (index: number, total: MonthTotal) => total.covered / localMonthSeconds(clock, index);

  let lastComplete = -Infinity;
  for (const months of perMeter) {
    for (const [index, total] of months) if (completeness(index, total) >= COMPLETE_COVERAGE) lastComplete = Math.max(lastComplete, index);
  }
  if (lastComplete === -Infinity) return null;
  const first = lastComplete - MONTHS_KEPT + 1;

  const dropped = new Set<number>();
  for (const months of perMeter) for (const index of months.keys()) if (index > lastComplete || index < first) dropped.add(index);
  const after = [...dropped].filter((index) => index > lastComplete).sort((a, b) => a - b);
  if (after.length > 0) warnings.push(`Left out ${after.map(monthName).join(', ')}: not a complete month of readings.`);
  const before = [...dropped].filter((index) => index < first);
  if (before.length > 0) warnings.push(`Kept the last 12 complete months; left out ${before.length} earlier month${before.length === 1 ? '' : 's'}.`);

  const meters = perMeter.map((months, meterIndex) => {
    const label = perMeter.length > 1 ? `${labels?.[meterIndex] ?? `Meter ${meterIndex + 1}`}: ` : '';
    const absent = Array.from({ length: MONTHS_KEPT }, (_, offset) => first + offset).filter((index) => !months.has(index));
    for (const [from, to] of runs(absent)) warnings.push(`${label}no readings for ${from === to ? monthName(from) : `${monthName(from)} to ${monthName(to)}`}.`);
    return Array.from({ length: MONTHS_KEPT }, (_, offset) => {
      const index = first + offset;
      const total = months.get(index);
      if (!total) return null;
      const share = completeness(index, total);
      const missing = localMonthSeconds(clock, index) - total.covered;
      if (share < COMPLETE_COVERAGE) {
        warnings.push(`${label}${monthName(index)} has readings for only ${hoursText(total.covered)} (a partial month): it is left empty rather than counted as a whole month.`);
        return null;
      }
      if (share < 0.9995) warnings.push(`${label}${monthName(index)} is missing ${hoursText(missing)} of readings.`);
      return Math.round(total.kwh);
    });
  });
  return {
    meters,
    months: Array.from({ length: MONTHS_KEPT }, (_, offset) => monthKey(first + offset)),
    first_month_index: first,
    period_start: isoDay(monthStart(first)),
    period_end: isoDay(monthStart(lastComplete + 1) - 86_400),
    warnings,
  };
}
