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
