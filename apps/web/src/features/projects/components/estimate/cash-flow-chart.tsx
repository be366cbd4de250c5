import { Area, AreaChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Estimate } from '@sunin/contract';
import { dollars } from '../../../../components/estimate/estimate-format';

const compact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** The cumulative cash flow over the lifetime (Recharts; this module is loaded only where drawn). */
export default function CashFlowChart({ estimate }: { estimate: Estimate }) {
  return (
    <div className="h-64 w-full print:h-44" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={estimate.savings.cash_flow} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-ink-200)" />
          <XAxis dataKey="year" tick={{ fontSize: 12 }} stroke="var(--color-ink-500)" />
          <YAxis tickFormatter={(value: number) => compact.format(value)} tick={{ fontSize: 12 }} width={64} stroke="var(--color-ink-500)" />
          <Tooltip formatter={(value) => dollars(Number(value))} labelFormatter={(year) => `Year ${String(year)}`} />
          <ReferenceLine y={0} stroke="var(--color-ink-500)" />
          <Area type="monotone" dataKey="cumulative_usd" name="Cumulative cash flow" stroke="var(--color-brand-700)" fill="var(--color-brand-200)" isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
