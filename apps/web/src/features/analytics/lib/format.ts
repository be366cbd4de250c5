import { formatUsd } from '../../../lib/format';

const monthNames = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const usdCompact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** '2025-01' -> 'Jan 2025'. */
export const monthLabel = (month: string): string => monthNames.format(new Date(`${month}-01T00:00:00Z`));
export const count = (value: number): string => number.format(value);
/** The app's one dollar format (lib/format.ts). */
export const dollars = (value: number): string => formatUsd(value);
export const compactDollars = (value: number): string => usdCompact.format(value);
export const days = (value: number | null): string => (value === null ? '–' : `${number.format(value)} days`);
export const hours = (value: number | null): string => (value === null ? '–' : `${number.format(value)} h`);
export const share = (value: number | null): string => (value === null ? '–' : `${number.format(value * 100)} %`);
