/**
 * member-app.md 9 "Timeline dates": en-US long month, two-digit day, year, time with seconds and
 * AM/PM ("March 05, 2025 at 10:04:09 AM"). Used by the proposal timeline and notifications.
 */
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

/** An empty or invalid value -> `fallback`. */
export function formatDateTime(value: string | null | undefined, fallback = 'Not Available'): string {
  if (!value) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : dateTime.format(date);
}

const shortDateTime = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The compact form for tables and sentences ("Nov 23, 2026, 3:14 PM"); empty or invalid -> `fallback`. */
export function formatShortDateTime(value: string | null | undefined, fallback = 'Not Available'): string {
  if (!value) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : shortDateTime.format(date);
}
