import type { StatementSummary } from '@sunin/contract';
import { formatStatementMonth, StatementMonthDownload } from '../../../components/earnings/statement-download';
import { Panel } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatUsd } from '../../../lib/format';

/** The partner's own statement of a month (the API only ever reads the caller's ledger). */
export const statementPath = (month: string): string => `/api/user/earnings/statement.pdf?month=${encodeURIComponent(month)}`;

/**
 * Statements on /earnings (issue 38 item 3): each month's statement issued after the month ended,
 * newest first, with its opening and closing balance and the PDF; and any month on demand.
 */
export function StatementsPanel({ statements, now }: { statements: StatementSummary[]; now?: Date }) {
  return (
    <Panel id="statements" title="Statements" description="A statement each month: what we owed you at its start, what was approved, adjusted and paid, and what we owe you at its end.">
      <div className="space-y-5">
        {statements.length === 0 ? (
          <EmptyState title="No statements yet">Your first statement appears here, and in your email, after the first month with earnings ends.</EmptyState>
        ) : (
          <ul aria-label="Your statements" className="divide-y divide-ink-100 rounded-xl border border-ink-200">
            {statements.map((statement) => (
              <li key={statement.month} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-ink-900">{formatStatementMonth(statement.month)}</p>
                  <p className="text-ink-600">
                    Opening <span className="tabular-nums">{formatUsd(statement.opening_usd)}</span>, closing{' '}
                    <span className="font-semibold text-ink-900 tabular-nums">{formatUsd(statement.closing_usd)}</span>
                  </p>
                </div>
                <a
                  href={statementPath(statement.month)}
                  download
                  className="font-semibold text-brand-700 underline hover:text-brand-800"
                  aria-label={`Download the ${formatStatementMonth(statement.month)} statement (PDF)`}
                >
                  Download PDF
                </a>
              </li>
            ))}
          </ul>
        )}
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-ink-900">Download any month</h3>
          <StatementMonthDownload pathFor={statementPath} {...(now ? { now } : {})} />
        </div>
      </div>
    </Panel>
  );
}
