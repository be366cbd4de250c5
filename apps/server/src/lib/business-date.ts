/**
 * Calendar dates in the business's time zone (BUSINESS_TIME_ZONE, issue 37 item 1): an
 * accounting export dates a payout made at 17:30 in Los Angeles on that day, not on the next
 * UTC day. One formatter per zone, built on first use.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** `2026-02-28`: the ISO date (YYYY-MM-DD) of an instant in an IANA zone; '' for none. */
export function isoDateIn(timeZone: string, at: Date | null | undefined): string {
  if (!at) return '';
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const longFormatters = new Map<string, Intl.DateTimeFormat>();

/** `December 13, 2026`: the day of an instant in an IANA zone, in words (a clawback's date in its notice, issue 38). */
export function longDateIn(timeZone: string, at: Date): string {
  let format = longFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long' });
    longFormatters.set(timeZone, format);
  }
  return format.format(at);
}

/** `2026-11`: the month (YYYY-MM) an instant falls in, in an IANA zone. */
export function monthIn(timeZone: string, at: Date): string {
  return isoDateIn(timeZone, at).slice(0, 7);
}

/** The month `count` months after `month` (before, when negative): `addMonths('2026-12', 1)` is `2027-01`. */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at `at`, in milliseconds (-8 h for PST). */
function zoneOffsetMs(timeZone: string, at: number): number {
  let format = offsetFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    offsetFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The first instant of a month (`YYYY-MM`) in an IANA zone: midnight local time on its first
 * day, with the offset in force then (a month that starts in daylight saving time starts an
 * hour earlier in UTC). Where midnight does not exist (a zone that springs forward at 00:00),
 * the first instant that is on the first day.
 */
export function monthStartIn(timeZone: string, month: string): Date {
  const wall = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
  // The offset at the guess, then at the corrected instant: two rounds settle across a change.
  let at = wall - zoneOffsetMs(timeZone, wall);
  at = wall - zoneOffsetMs(timeZone, at);
  // A skipped midnight lands in the day before: step forward to the first day.
  if (monthIn(timeZone, new Date(at)) !== month) at = wall - zoneOffsetMs(timeZone, at + 3 * 3_600_000);
  return new Date(at);
}

/** The end of a month in a zone: the first instant of the next month (a month is [start, end)). */
export function monthEndIn(timeZone: string, month: string): Date {
  return monthStartIn(timeZone, addMonths(month, 1));
}
