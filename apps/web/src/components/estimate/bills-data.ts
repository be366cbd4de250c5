import { MONTH_NAMES, type Estimate } from '@sunin/contract';

export type BillMeter = Estimate['bills']['meters'][number];
export type BillMonth = BillMeter['months'][number];

/** What the bills screen shows for one month: a meter's month, or the project's (every meter's of that calendar month). */
export interface BillRow {
  month: string;
  usage_kwh: number;
  production_kwh: number;
  /** A meter's peak; for the project, the sum of its meters' peaks (each meter pays demand on its own). */
  peak_kw_before: number;
  peak_kw_after: number;
  before: BillMonth['before'];
  after: BillMonth['after'];
}

const add = <T extends Record<string, number>>(sum: T, part: T): T =>
  Object.fromEntries(Object.entries(sum).map(([key, value]) => [key, value + (part[key] ?? 0)])) as T;

/** The project's bill per calendar month, meters added by month (never by position: issue 35 item 1). */
export function projectBillRows(bills: Estimate['bills']): BillRow[] {
  const byMonth = new Map<string, BillRow>();
  for (const meter of bills.meters) {
    for (const month of meter.months) {
      const row = byMonth.get(month.month);
      if (!row) {
        byMonth.set(month.month, { ...month, before: { ...month.before }, after: { ...month.after } });
        continue;
      }
      row.usage_kwh += month.usage_kwh;
      row.production_kwh += month.production_kwh;
      row.peak_kw_before += month.peak_kw_before;
      row.peak_kw_after += month.peak_kw_after;
      row.before = add(row.before, month.before);
      row.after = add(row.after, month.after);
    }
  }
  return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** 'June' for '2025-06'. */
export const monthName = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;

/** The meter and month where solar lowers the peak kW most (demand charges are on each meter's peak). */
export function largestPeakDrop(bills: Estimate['bills']): { meter: BillMeter; month: BillMonth; drop: number } | null {
  let best: { meter: BillMeter; month: BillMonth; drop: number } | null = null;
  for (const meter of bills.meters) {
    for (const month of meter.months) {
      const drop = month.peak_kw_before - month.peak_kw_after;
      if (drop >= 0.5 && (best === null || drop > best.drop)) best = { meter, month, drop };
    }
  }
  return best;
}

const kw = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "Solar lowers your June peak from 212 kW to 188 kW" (issue 35 item 8), from the month with the largest drop. */
export function demandSavingsWords(bills: Estimate['bills']): string | null {
  if (bills.meters.length === 0) return null;
  const best = largestPeakDrop(bills);
  if (best === null) return 'Solar does not lower the monthly peak kW of these meters: the savings come from energy, not demand charges.';
  const whose = bills.meters.length === 1 ? 'your' : `${best.meter.name}’s`;
  return `Solar lowers ${whose} ${monthName(best.month.month)} peak from ${kw.format(best.month.peak_kw_before)} kW to ${kw.format(best.month.peak_kw_after)} kW.`;
}

/** The bill parts and their colours, shared with the legend beside the chart (bills-section.tsx); here, not in the chart's module, so the legend does not load Recharts. */
export const BILL_PARTS = [
  { key: 'energy', label: 'Energy', color: 'var(--color-brand-600)' },
  { key: 'demand', label: 'Demand', color: 'var(--color-sun-500)' },
  { key: 'fixed', label: 'Fixed', color: 'var(--color-ink-500)' },
  // Sky blue: apart from the energy green, lighter before solar.
  { key: 'export', label: 'Export credit', color: '#0284c7' },
] as const;
