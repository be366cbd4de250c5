import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { downloadCsv, toCsv, type CsvCell } from '../lib/csv';
import type { BarChartProps } from './bar-chart';

const AnalyticsBarChart = lazy(() => import('./bar-chart'));

export interface DataColumn<Row> {
  header: string;
  /** The raw value, as the CSV holds it. */
  value(row: Row): CsvCell;
  /** How the table shows it (defaults to the raw value). */
  show?(row: Row): ReactNode;
  numeric?: boolean;
}

interface ChartCardProps<Row> {
  title: string;
  description?: ReactNode;
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  /** The file name of the CSV, without the extension. */
  csvName: string;
  /** No chart: the table is the view (top partners). */
  chart?: BarChartProps;
  /** True when every figure is zero: an empty state instead of a flat chart. */
  empty?: boolean;
  emptyText?: string;
}

function DataTable<Row>({ caption, rows, columns }: { caption: string; rows: readonly Row[]; columns: readonly DataColumn<Row>[] }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-ink-200">
      <table className="min-w-full divide-y divide-ink-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-50">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`px-3 py-2 text-xs font-semibold whitespace-nowrap text-ink-600 ${column.numeric ? 'text-right' : ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((column, columnIndex) => {
                const content = column.show ? column.show(row) : column.value(row);
                const className = `px-3 py-2 whitespace-nowrap text-ink-800 ${column.numeric ? 'text-right tabular-nums' : ''}`;
                return columnIndex === 0 ? (
                  <th key={column.header} scope="row" className={`${className} font-medium`}>
                    {content}
                  </th>
                ) : (
                  <td key={column.header} className={className}>
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One figure of the analytics pages: its chart (loaded on demand), the same data as a table
 * for screen readers and keyboard users (behind "Show as a table", like the estimate's cash
 * flow), and "Download CSV" of exactly those rows.
 */
export function ChartCard<Row>({ title, description, rows, columns, csvName, chart, empty = false, emptyText = 'Nothing in this range yet.' }: ChartCardProps<Row>) {
  const headingId = useId();
  const download = () => downloadCsv(`${csvName}.csv`, toCsv(columns, rows));
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-ink-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-ink-600">{description}</p>}
        </div>
        <Button variant="secondary" onClick={download} aria-label={`Download CSV: ${title}`} disabled={rows.length === 0}>
          Download CSV
        </Button>
      </div>
      <div className="mt-4">
        {empty || rows.length === 0 ? (
          <EmptyState title={emptyText} />
        ) : chart ? (
          <>
            <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-ink-100" />}>
              <AnalyticsBarChart {...chart} />
            </Suspense>
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-medium text-brand-700">Show as a table</summary>
              <div className="mt-2">
                <DataTable caption={title} rows={rows} columns={columns} />
              </div>
            </details>
          </>
        ) : (
          <DataTable caption={title} rows={rows} columns={columns} />
        )}
      </div>
    </section>
  );
}
