import type { Share, ShareStatus } from '@sunin/contract';

const pad = (value: number) => String(value).padStart(2, '0');
const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The local calendar day of a time, to compare days (not 24-hour spans). */
const localDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** "today 16:20", "yesterday 09:05", else "Nov 23, 2026 16:20": the day in words, the time as HH:MM local. */
export function relativeDayTime(value: string, now: Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const days = Math.round((localDay(now) - localDay(date)) / 86_400_000);
  const day = days === 0 ? 'today' : days === 1 ? 'yesterday' : shortDate.format(date);
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "Opened 3 times, last yesterday 16:20" or "Not opened yet" (issue 36 item 3). */
export function viewsSentence(share: Pick<Share, 'view_count' | 'last_viewed_at'>, now: Date): string {
  if (share.view_count === 0 || !share.last_viewed_at) return 'Not opened yet';
  const times = share.view_count === 1 ? 'once' : `${share.view_count} times`;
  return `Opened ${times}, last ${relativeDayTime(share.last_viewed_at, now)}`;
}

export const SHARE_STATUS_BADGE: Record<ShareStatus, { label: string; tone: 'green' | 'red' | 'grey' | 'amber' }> = {
  active: { label: 'Active', tone: 'green' },
  signed: { label: 'Signed', tone: 'green' },
  expired: { label: 'Expired', tone: 'grey' },
  revoked: { label: 'Revoked', tone: 'red' },
};

/** "Nov 23, 2026". */
export const shareDate = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : shortDate.format(date);
};
