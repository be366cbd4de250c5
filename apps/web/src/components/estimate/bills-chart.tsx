import { Bar, BarChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../ui/chart-frame';
import { MONTH_SHORT_NAMES } from '@sunin/contract';
import { BILL_PARTS, type BillRow } from './bills-data';
import { dollars } from './estimate-format';

const compact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

const ROW_PX = 46;
const AXIS_PX = 30;

/**
 * Monthly bills before and after solar, each a stacked bar of energy, demand and fixed charges
 * (issue 35 item 8; Recharts, loaded only where drawn). Horizontal bars, months down the side,
 * so twelve months stay legible at 360 px; in each month the lighter bar is before solar and
 * the darker one after, the export credit drawn below zero. Hidden from screen readers: the
 * table view carries every number.
 */
export default function BillsChart({ rows, width }: { rows: readonly BillRow[]; width?: number }) {
  const data = rows.map((row) => ({
    month: MONTH_SHORT_NAMES[Number(row.month.slice(5, 7)) - 1] ?? row.month,
    before_energy: row.before.energy_usd,
    before_demand: row.before.demand_usd,
    before_fixed: row.before.fixed_usd,
    after_energy: row.after.energy_usd,
    after_demand: row.after.demand_usd,
    after_fixed: row.after.fixed_usd,
    after_export: -row.after.export_credit_usd,
  }));
  const height = data.length * ROW_PX + AXIS_PX + 8;
  const part = (key: (typeof BILL_PARTS)[number]['key']) => BILL_PARTS.find((entry) => entry.key === key)!;
  const bars = (['before', 'after'] as const).flatMap((when) =>
    (['energy', 'demand', 'fixed', 'export'] as const)
      .filter((key) => when === 'after' || key !== 'export')
      .map((key) => (
        <Bar
          key={`${when}_${key}`}
          dataKey={`${when}_${key}`}
          name={`${part(key).label}, ${when} solar`}
          stackId={when}
          fill={part(key).color}
          fillOpacity={when === 'before' ? 0.45 : 1}
          isAnimationActive={false}
        />
      )),
  );
  const chart = (
    <BarChart layout="vertical" stackOffset="sign" data={data} width={width} height={width === undefined ? undefined : height} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} barCategoryGap="18%" accessibilityLayer={false}>
      <CartesianGrid strokeDasharray="3 3" stroke="var(--color-ink-200)" horizontal={false} />
      <XAxis type="number" tickFormatter={(value: number) => compact.format(value)} tick={{ fontSize: 11 }} stroke="var(--color-ink-500)" />
      <YAxis type="category" dataKey="month" interval={0} width={36} tick={{ fontSize: 11 }} stroke="var(--color-ink-500)" />
      <Tooltip formatter={(value) => dollars(Number(value))} />
      <ReferenceLine x={0} stroke="var(--color-ink-500)" />
      {bars}
    </BarChart>
  );
  return (
    <ChartFrame height={height} width={width}>
      {chart}
    </ChartFrame>
  );
}
