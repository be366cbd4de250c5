import { lazy, Suspense, useState } from 'react';
import { shortMonthLabel, type Estimate } from '@sunin/contract';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { SelectField } from '../../../../components/ui/select-field';
import { BILL_PARTS, demandSavingsWords, projectBillRows, type BillMeter, type BillRow } from '../../../../components/estimate/bills-data';
import { amount, dollars } from '../../../../components/estimate/estimate-format';

const BillsChart = lazy(() => import('../../../../components/estimate/bills-chart'));

export const NO_TARIFF_LABEL = 'average rate (no tariff)';

/** A meter's name and how its bills were computed: its tariff, or section 1's average rate. */
export function MeterLabel({ meter }: { meter: BillMeter }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-medium text-ink-900">{meter.name}</span>
      {meter.tariff_source === 'section_1' ? (
        <Badge tone="amber" className="print:px-1 print:py-0 print:text-[7px]">
          {NO_TARIFF_LABEL}
        </Badge>
      ) : (
        <Badge tone="grey" className="print:px-1 print:py-0 print:text-[7px]">
          tariff
        </Badge>
      )}
      <span className="text-xs text-ink-500 print:text-[7px]">{meter.load_source === 'interval' ? 'load from interval data' : 'load from a typical profile'}</span>
    </span>
  );
}

const headCell = 'px-2 py-1.5 font-medium whitespace-nowrap print:px-1 print:py-0.5';
const cell = 'px-2 py-1 whitespace-nowrap print:px-1 print:py-0';
/** The month stays in view while a phone scrolls the table sideways. */
const stickyCell = 'sticky left-0 z-10 print:static';

/**
 * Every number of the monthly bills, before and after solar (the chart's table view and the
 * print view's form), to the dollar so that thirteen columns fit a desktop panel and a printed
 * page. Wide: it scrolls inside its own box on a phone, never the page.
 */
export function BillsTable({ rows, caption }: { rows: readonly BillRow[]; caption: string }) {
  const total = (pick: (row: BillRow) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  return (
    <div className="max-w-full overflow-x-auto rounded-lg border border-ink-200 print:overflow-visible print:border-0" tabIndex={0} role="group" aria-label={caption}>
      <table className="w-full text-right text-xs tabular-nums sm:text-sm print:text-[8px]">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="bg-ink-50 text-ink-500">
            <th scope="col" rowSpan={2} className={`${headCell} ${stickyCell} bg-ink-50 text-left`}>Month</th>
            <th scope="col" rowSpan={2} className={headCell}>Usage (kWh)</th>
            <th scope="col" rowSpan={2} className={headCell}>Peak (kW) before → after</th>
            <th scope="colgroup" colSpan={4} className={`${headCell} border-l border-ink-200 text-center`}>Before solar</th>
            <th scope="colgroup" colSpan={5} className={`${headCell} border-l border-ink-200 text-center`}>After solar</th>
            <th scope="col" rowSpan={2} className={`${headCell} border-l border-ink-200`}>Savings</th>
          </tr>
          <tr className="bg-ink-50 text-ink-500">
            <th scope="col" className={`${headCell} border-l border-ink-200`}>Energy</th>
            <th scope="col" className={headCell}>Demand</th>
            <th scope="col" className={headCell}>Fixed</th>
            <th scope="col" className={headCell}>Total</th>
            <th scope="col" className={`${headCell} border-l border-ink-200`}>Energy</th>
            <th scope="col" className={headCell}>Demand</th>
            <th scope="col" className={headCell}>Fixed</th>
            <th scope="col" className={headCell}>Export credit</th>
            <th scope="col" className={headCell}>Total</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.month} className="border-t border-ink-100">
              <th scope="row" className={`${cell} ${stickyCell} bg-white text-left font-normal text-ink-900`}>{shortMonthLabel(row.month)}</th>
              <td className={cell}>{amount(Math.round(row.usage_kwh))}</td>
              <td className={cell}>
                {amount(Math.round(row.peak_kw_before))} → {amount(Math.round(row.peak_kw_after))}
              </td>
              <td className={`${cell} border-l border-ink-100`}>{dollars(row.before.energy_usd)}</td>
              <td className={cell}>{dollars(row.before.demand_usd)}</td>
              <td className={cell}>{dollars(row.before.fixed_usd)}</td>
              <td className={`${cell} font-medium text-ink-900`}>{dollars(row.before.total_usd)}</td>
              <td className={`${cell} border-l border-ink-100`}>{dollars(row.after.energy_usd)}</td>
              <td className={cell}>{dollars(row.after.demand_usd)}</td>
              <td className={cell}>{dollars(row.after.fixed_usd)}</td>
              <td className={cell}>{row.after.export_credit_usd === 0 ? '—' : dollars(-row.after.export_credit_usd)}</td>
              <td className={`${cell} font-medium text-ink-900`}>{dollars(row.after.total_usd)}</td>
              <td className={`${cell} border-l border-ink-100 font-medium text-brand-800`}>{dollars(row.before.total_usd - row.after.total_usd)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-ink-300 font-semibold text-ink-900">
            <th scope="row" className={`${cell} ${stickyCell} bg-white text-left`}>Year</th>
            <td className={cell}>{amount(Math.round(total((row) => row.usage_kwh)))}</td>
            <td className={cell} />
            <td className={`${cell} border-l border-ink-100`}>{dollars(total((row) => row.before.energy_usd))}</td>
            <td className={cell}>{dollars(total((row) => row.before.demand_usd))}</td>
            <td className={cell}>{dollars(total((row) => row.before.fixed_usd))}</td>
            <td className={cell}>{dollars(total((row) => row.before.total_usd))}</td>
            <td className={`${cell} border-l border-ink-100`}>{dollars(total((row) => row.after.energy_usd))}</td>
            <td className={cell}>{dollars(total((row) => row.after.demand_usd))}</td>
            <td className={cell}>{dollars(total((row) => row.after.fixed_usd))}</td>
            <td className={cell}>{dollars(-total((row) => row.after.export_credit_usd))}</td>
            <td className={cell}>{dollars(total((row) => row.after.total_usd))}</td>
            <td className={`${cell} border-l border-ink-100 text-brand-800`}>{dollars(total((row) => row.before.total_usd - row.after.total_usd))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The year's bills in one sentence, energy and demand savings apart. */
export function AnnualBills({ annual }: { annual: Estimate['bills']['annual'] }) {
  return (
    <p className="text-sm text-ink-700 print:text-[9px]">
      Bills of <strong className="text-ink-900">{dollars(annual.before_usd)}</strong> a year before solar and <strong className="text-ink-900">{dollars(annual.after_usd)}</strong> after:{' '}
      <strong className="text-brand-800">{dollars(annual.savings_usd)}</strong> saved in the first year, {dollars(annual.energy_savings_usd)} on energy and {dollars(annual.demand_savings_usd)} on
      demand charges.
    </p>
  );
}

function Legend() {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-600" aria-hidden="true">
      {BILL_PARTS.map((part) => (
        <li key={part.key} className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: part.color }} />
          {part.label}
        </li>
      ))}
      <li>In each month: lighter bar before solar, darker bar after.</li>
    </ul>
  );
}

const PROJECT = 'project';

/**
 * The bills before and after solar by month (issue 35 item 8), for the whole project or one
 * meter: a stacked chart of energy, demand and fixed charges with a table view holding every
 * number, the annual totals and the demand savings in words.
 */
export function BillsSection({ estimate }: { estimate: Estimate }) {
  const { bills } = estimate;
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [shown, setShown] = useState(PROJECT);
  if (bills.meters.length === 0) return null;
  const meter = shown === PROJECT ? null : (bills.meters.find((entry) => String(entry.index) === shown) ?? null);
  const rows = meter ? meter.months : projectBillRows(bills);
  const whose = meter ? meter.name : bills.meters.length === 1 ? bills.meters[0]!.name : 'the whole project';
  const words = demandSavingsWords(bills);
  return (
    <div className="space-y-3">
      <AnnualBills annual={bills.annual} />
      {words && <p className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">{words}</p>}
      <ul className="space-y-1 text-sm">
        {bills.meters.map((entry) => (
          <li key={entry.index}>
            <MeterLabel meter={entry} />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end justify-between gap-3">
        {bills.meters.length > 1 ? (
          <SelectField
            label="Bills of"
            className="min-w-0 sm:w-64"
            placeholder="The whole project"
            options={bills.meters.map((entry) => String(entry.index))}
            labels={Object.fromEntries(bills.meters.map((entry) => [String(entry.index), entry.tariff_source === 'section_1' ? `${entry.name} (${NO_TARIFF_LABEL})` : entry.name]))}
            value={shown === PROJECT ? '' : shown}
            onChange={(event) => setShown(event.target.value === '' ? PROJECT : event.target.value)}
          />
        ) : (
          <span />
        )}
        <Button variant="secondary" onClick={() => setView(view === 'chart' ? 'table' : 'chart')}>
          {view === 'chart' ? 'Show as a table' : 'Show as a chart'}
        </Button>
      </div>
      {view === 'chart' ? (
        <div>
          <Suspense fallback={<div className="h-96 animate-pulse rounded-lg bg-ink-100" />}>
            <BillsChart rows={rows} />
          </Suspense>
          <Legend />
        </div>
      ) : (
        <BillsTable rows={rows} caption={`Monthly bills before and after solar, ${whose}`} />
      )}
    </div>
  );
}
