import { REFERENCE_YEAR } from '../tariffs.js';
import type { StateClock } from '../time-zones.js';
import { daylightSavingBounds } from '../time-zones.js';

/**
 * The reference year's local hours (DOMAIN.md 1b "Calendar"): every UTC hour of 2025 as the
 * state's wall clock reads it, so January has 744 hours, March 743 (the spring-forward hour does
 * not exist), November 721 (the fall-back hour happens twice) and the year 8,760. The wall clock
 * follows time-zones.ts' toWallClock. Typed arrays, built once per clock: every meter of every
 * estimate reads the same calendar.
 */
export interface ReferenceCalendar {
  hours: number;
  /** 0 = January ... 11 = December, local. */
  month: Uint8Array;
  /** Day of the month, 1-31, local. */
  day: Uint8Array;
  /** 0 = Sunday ... 6 = Saturday, local. */
  weekday: Uint8Array;
  /** Hour of the day 0-23, local wall clock. */
  hour: Uint8Array;
  /** The UTC instant (ms) the hour begins. */
  utcMs: Float64Array;
  /** The local wall clock (ms, written as if UTC) the hour begins. */
  wallMs: Float64Array;
  /** Index of the first hour of each month; monthStart[12] = hours. */
  monthStart: Int32Array;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const cache = new Map<string, ReferenceCalendar>();

export function referenceCalendar(clock: StateClock): ReferenceCalendar {
  const key = `${clock.standardOffsetHours}:${clock.daylightSaving}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const offsetMs = clock.standardOffsetHours * HOUR_MS;
  // January 1st and the next January 1st are in standard time on every US clock.
  const first = Date.UTC(REFERENCE_YEAR, 0, 1) - offsetMs;
  const hours = Math.round((Date.UTC(REFERENCE_YEAR + 1, 0, 1) - offsetMs - first) / HOUR_MS);
  const calendar: ReferenceCalendar = {
    hours,
    month: new Uint8Array(hours),
    day: new Uint8Array(hours),
    weekday: new Uint8Array(hours),
    hour: new Uint8Array(hours),
    utcMs: new Float64Array(hours),
    wallMs: new Float64Array(hours),
    monthStart: new Int32Array(13),
  };
  // One pair of daylight-saving instants for the year (toWallClock's rule) and one Date per day, not per hour.
  const [dstStart, dstEnd] = clock.daylightSaving ? daylightSavingBounds(REFERENCE_YEAR, clock.standardOffsetHours) : [0, 0];
  let month = -1;
  let dayNumber = Number.NaN;
  let dayOfMonth = 0;
  let localMonth = 0;
  for (let index = 0; index < hours; index += 1) {
    const utc = first + index * HOUR_MS;
    const wall = utc + offsetMs + (clock.daylightSaving && utc >= dstStart && utc < dstEnd ? HOUR_MS : 0);
    const day = Math.floor(wall / DAY_MS);
    if (day !== dayNumber) {
      dayNumber = day;
      const date = new Date(day * DAY_MS);
      localMonth = date.getUTCMonth();
      dayOfMonth = date.getUTCDate();
    }
    while (month < localMonth) {
      month += 1;
      calendar.monthStart[month] = index;
    }
    calendar.month[index] = localMonth;
    calendar.day[index] = dayOfMonth;
    // 1 January 1970 was a Thursday.
    calendar.weekday[index] = (day + 4) % 7;
    calendar.hour[index] = Math.floor((wall - day * DAY_MS) / HOUR_MS);
    calendar.utcMs[index] = utc;
    calendar.wallMs[index] = wall;
  }
  calendar.monthStart[12] = hours;
  cache.set(key, calendar);
  return calendar;
}

export const isWeekend = (weekday: number) => weekday === 0 || weekday === 6;
