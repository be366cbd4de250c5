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

/**
 * A US phone number as people write it: '5551234567' -> '(555) 123-4567', with a leading 1
 * ('+1 555 123 4567') dropped. Anything that is not ten digits (an extension, a foreign
 * number) is shown as it was typed rather than mangled. Empty stays empty.
 */
export function formatPhoneNumber(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10 || /[^\d\s().+-]/.test(value)) return value.trim();
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A dollar amount: '1234.5' or 1234.5 -> '$1,234.50'. Empty stays empty; a value that is not
 * a number is shown as it was stored rather than as '$NaN'.
 */
export function formatUsd(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = typeof value === 'number' ? value : Number(value.replace(/[$,\s]/g, ''));
  return Number.isFinite(amount) ? usd.format(amount) : String(value);
}

