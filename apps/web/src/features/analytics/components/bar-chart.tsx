import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface BarChartProps {
  data: ReadonlyArray<Record<string, string | number | null>>;
  /** The category of each bar (a month, a stage). */
  categoryKey: string;
  series: readonly ChartSeries[];
  stacked?: boolean;
  format?: (value: number) => string;
}

const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * The one chart of the analytics pages (Recharts; this module is loaded only where drawn).
 * Hidden from screen readers and out of the tab order (no accessibility layer): each chart's
 * table view carries the same figures.
 */
export default function AnalyticsBarChart({ data, categoryKey, series, stacked = false, format = (value) => plain.format(value) }: BarChartProps) {
  return (
    <div className="h-64 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-ink-200)" vertical={false} />
          <XAxis dataKey={categoryKey} tick={{ fontSize: 11 }} stroke="var(--color-ink-500)" interval="preserveStartEnd" />
          <YAxis tickFormatter={(value: number) => format(value)} tick={{ fontSize: 11 }} width={56} stroke="var(--color-ink-500)" allowDecimals={false} />
          <Tooltip formatter={(value) => format(Number(value))} />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value: string) => <span style={{ color: 'var(--color-ink-700)' }}>{value}</span>} />}
          {series.map((entry) => (
            <Bar key={entry.key} dataKey={entry.key} name={entry.label} fill={entry.color} stackId={stacked ? 'stack' : undefined} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
