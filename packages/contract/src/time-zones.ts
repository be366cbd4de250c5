import type { UsStateCode } from './us-states.js';

/**
 * The local clock of a project's state (DOMAIN.md 1b "Calendar"): the state's main IANA zone,
 * its standard offset from UTC in hours and whether it keeps US daylight saving time (second
 * Sunday of March 02:00 to first Sunday of November 02:00, local). Used by the bill engine's
 * reference year and by usage imports whose feed gives no LocalTimeParameters.
 */
export interface StateClock {
  zone: string;
  standardOffsetHours: number;
  daylightSaving: boolean;
}

const EASTERN: StateClock = { zone: 'America/New_York', standardOffsetHours: -5, daylightSaving: true };
const CENTRAL: StateClock = { zone: 'America/Chicago', standardOffsetHours: -6, daylightSaving: true };
const MOUNTAIN: StateClock = { zone: 'America/Denver', standardOffsetHours: -7, daylightSaving: true };
const PACIFIC: StateClock = { zone: 'America/Los_Angeles', standardOffsetHours: -8, daylightSaving: true };

export const STATE_CLOCKS: Record<UsStateCode, StateClock> = {
  AL: CENTRAL, AK: { zone: 'America/Anchorage', standardOffsetHours: -9, daylightSaving: true }, AZ: { zone: 'America/Phoenix', standardOffsetHours: -7, daylightSaving: false },
  AR: CENTRAL, CA: PACIFIC, CO: MOUNTAIN, CT: EASTERN, DE: EASTERN, DC: EASTERN, FL: EASTERN, GA: EASTERN,
  HI: { zone: 'Pacific/Honolulu', standardOffsetHours: -10, daylightSaving: false }, ID: { ...MOUNTAIN, zone: 'America/Boise' },
  IL: CENTRAL, IN: { ...EASTERN, zone: 'America/Indiana/Indianapolis' }, IA: CENTRAL, KS: CENTRAL, KY: { ...EASTERN, zone: 'America/Kentucky/Louisville' },
  LA: CENTRAL, ME: EASTERN, MD: EASTERN, MA: EASTERN, MI: { ...EASTERN, zone: 'America/Detroit' }, MN: CENTRAL, MS: CENTRAL, MO: CENTRAL,
  MT: MOUNTAIN, NE: CENTRAL, NV: PACIFIC, NH: EASTERN, NJ: EASTERN, NM: MOUNTAIN, NY: EASTERN, NC: EASTERN, ND: CENTRAL, OH: EASTERN,
  OK: CENTRAL, OR: PACIFIC, PA: EASTERN, RI: EASTERN, SC: EASTERN, SD: CENTRAL, TN: CENTRAL, TX: CENTRAL, UT: MOUNTAIN, VT: EASTERN,
  VA: EASTERN, WA: PACIFIC, WV: EASTERN, WI: CENTRAL, WY: MOUNTAIN,
};
/** Without a state: the clock of DOMAIN.md's national point (39.0 N, 98.0 W). */
export const NATIONAL_CLOCK: StateClock = CENTRAL;

export const stateClock = (code: UsStateCode | null): StateClock => (code ? STATE_CLOCKS[code] : NATIONAL_CLOCK);

/** The UTC instants (ms) where US daylight saving time begins and ends in `year`, for a clock of `standardOffsetHours`. */
export function daylightSavingBounds(year: number, standardOffsetHours: number): [number, number] {
  const nthSunday = (month: number, nth: number) => {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return 1 + ((7 - first) % 7) + 7 * (nth - 1);
  };
  // 02:00 local standard time in March; 02:00 local daylight time (01:00 standard) in November.
  const start = Date.UTC(year, 2, nthSunday(2, 2), 2) - standardOffsetHours * 3_600_000;
  const end = Date.UTC(year, 10, nthSunday(10, 1), 1) - standardOffsetHours * 3_600_000;
  return [start, end];
}

/** UTC milliseconds to the local wall clock as if UTC (milliseconds), on a state's clock. */
export function toWallClock(utcMs: number, clock: StateClock): number {
  const offset = clock.standardOffsetHours * 3_600_000;
  if (!clock.daylightSaving) return utcMs + offset;
  const year = new Date(utcMs + offset).getUTCFullYear();
  const [start, end] = daylightSavingBounds(year, clock.standardOffsetHours);
  return utcMs + offset + (utcMs >= start && utcMs < end ? 3_600_000 : 0);
}
