import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from '@sunin/contract';

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** "2025-01-05T10:00:00Z" -> "January 5, 2025"; an empty or invalid value -> "Not Available". */
export function formatLongDate(value: string | null | undefined): string {
  if (!value) return 'Not Available';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Not Available' : longDate.format(date);
}

export function formatSubscriptionStatus(status: SubscriptionStatus | null | undefined): string {
  return status ? SUBSCRIPTION_STATUS_LABELS[status] : 'No subscription';
}
