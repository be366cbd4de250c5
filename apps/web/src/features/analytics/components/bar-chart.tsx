import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../../components/ui/chart-frame';

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
  /** A fixed width in pixels instead of the container's (the tests, which have no layout). */
  width?: number;
}

const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Room for each category's row, its label wrapped on up to two or three lines. */
const ROW_PX = 36;
const VALUE_AXIS_PX = 30;
const LEGEND_PX = 36;
/** The labels' column: "Site Survey and Finalization" wraps to two lines of it. */
const LABEL_PX = 118;
const LABEL_CHARS = 17;
const LINE_EM = 1.15;

/** A label broken into lines of at most `maxChars` at spaces (a longer word keeps its own line). */
export function wrapLabel(text: string, maxChars = LABEL_CHARS): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 0 ? lines : [''];
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}

/** One category label, right-aligned beside its bar and wrapped, centred on the bar. */
function CategoryTick({ x = 0, y = 0, payload }: TickProps) {
  const lines = wrapLabel(String(payload?.value ?? ''));
  return (
    <text x={x} y={y} textAnchor="end" fontSize={11} fill="var(--color-ink-700)" data-category-label="">
      {lines.map((line, index) => (
        <tspan key={index} x={x} dy={index === 0 ? `${0.35 - ((lines.length - 1) * LINE_EM) / 2}em` : `${LINE_EM}em`}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/**
 * The one chart of the analytics pages (Recharts; this module is loaded only where drawn).
 * Horizontal bars with every category labelled (issue 34 item 7): Recharts drops category ticks
 * that collide unless `interval={0}`, and a stage name under a vertical bar collides at any
 * phone width, so the labels sit in a column beside the bars, wrapped, and the chart grows with
 * the number of categories. Hidden from screen readers and out of the tab order (no
 * accessibility layer): each chart's table view carries the same figures.
 */
export default function AnalyticsBarChart({ data, categoryKey, series, stacked = false, format = (value) => plain.format(value), width }: BarChartProps) {
  const legend = series.length > 1;
  const height = data.length * ROW_PX + VALUE_AXIS_PX + (legend ? LEGEND_PX : 0) + 8;
  const chart = (
    <BarChart layout="vertical" data={[...data]} width={width} height={width === undefined ? undefined : height} margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
      <CartesianGrid strokeDasharray="3 3" stroke="var(--color-ink-200)" horizontal={false} />
      <XAxis type="number" tickFormatter={(value: number) => format(value)} tick={{ fontSize: 11 }} stroke="var(--color-ink-500)" allowDecimals={false} />
      <YAxis type="category" dataKey={categoryKey} interval={0} width={LABEL_PX} tick={<CategoryTick />} stroke="var(--color-ink-500)" />
      <Tooltip formatter={(value) => format(Number(value))} />
      {legend && <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value: string) => <span style={{ color: 'var(--color-ink-700)' }}>{value}</span>} />}
      {series.map((entry) => (
        <Bar key={entry.key} dataKey={entry.key} name={entry.label} fill={entry.color} stackId={stacked ? 'stack' : undefined} isAnimationActive={false} />
      ))}
    </BarChart>
  );
  return (
    <ChartFrame height={height} width={width}>
      {chart}
    </ChartFrame>
  );
}
