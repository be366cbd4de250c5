/** "5 minutes ago", "yesterday", "3 days ago" (en-US), for times shown beside their exact value. */
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** Under a minute is "just now"; an invalid value is `fallback`. */
export function formatRelativeTime(value: string, now = Date.now(), fallback = 'Not Available'): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return fallback;
  const seconds = Math.round((time - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}
