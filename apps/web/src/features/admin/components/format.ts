import { formatShortDateTime } from '../../../lib/format-date-time';
import { NOT_AVAILABLE } from '../admin-messages';

/** A timestamp for the admin screens; missing or invalid -> 'Not Available'. */
export const formatDateTime = (value: string | null | undefined): string => formatShortDateTime(value, NOT_AVAILABLE);

/** A text value, or 'Not Available' when empty (public-site-and-admin.md 2.10). */
export function orNotAvailable(value: string | null | undefined): string {
  return value ? value : NOT_AVAILABLE;
}
