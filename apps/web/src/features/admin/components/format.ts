import { NOT_AVAILABLE } from '../admin-messages';

const dateTime = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A timestamp for the admin screens; missing or invalid -> 'Not Available'. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return NOT_AVAILABLE;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? NOT_AVAILABLE : dateTime.format(date);
}

/** A text value, or 'Not Available' when empty (public-site-and-admin.md 2.10). */
export function orNotAvailable(value: string | null | undefined): string {
  return value ? value : NOT_AVAILABLE;
}
