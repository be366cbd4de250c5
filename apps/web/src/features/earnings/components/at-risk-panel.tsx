import type { Earnings } from '@sunin/contract';
import { Panel } from '../../../components/ui/card';
import { formatLongDate, formatUsd } from '../../../lib/format';

/**
 * Money at risk (issue 38 item 4): paid earnings a clawback could still take back, until when,
 * entry by entry, and the clawbacks already scheduled with their dates. Nothing is shown when
 * there is neither.
 */
export function AtRiskPanel({ earnings }: { earnings: Earnings }) {
  const atRisk = earnings.at_risk;
  const inWindow = earnings.entries.filter((entry) => entry.kind === 'deal' && entry.clawback_until !== null);
  const scheduled = earnings.entries.filter((entry) => entry.kind === 'clawback' && entry.status === 'expected');
  if (atRisk.amount_usd <= 0 && scheduled.length === 0) return null;
  return (
    <Panel id="money-at-risk" title="Money at risk" description="Paid earnings can be clawed back for a while after payment if the project is archived or its deal is cancelled.">
      <div className="space-y-4 text-sm text-ink-700">
        {atRisk.amount_usd > 0 && (
          <div className="space-y-2">
            <p>
              <strong className="text-ink-900">{formatUsd(atRisk.amount_usd)}</strong> of paid earnings could be clawed back until {formatLongDate(atRisk.until)}.
            </p>
            <ul aria-label="Paid entries that could be clawed back" className="divide-y divide-ink-100 rounded-xl border border-ink-200">
              {inWindow.map((entry) => (
                <li key={entry.id} className="flex flex-wrap justify-between gap-x-3 gap-y-1 p-3">
                  <span className="font-medium text-ink-900">{entry.company_name || `Project #${entry.project_id ?? ''}`}</span>
                  <span>
                    <span className="tabular-nums">{formatUsd(entry.amount_usd)}</span> until {formatLongDate(entry.clawback_until)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {scheduled.length > 0 && (
          <div className="space-y-2">
            <h3 className="font-semibold text-ink-900">Scheduled clawbacks</h3>
            <ul aria-label="Scheduled clawbacks" className="divide-y divide-ink-100 rounded-xl border border-ink-200">
              {scheduled.map((entry) => (
                <li key={entry.id} className="space-y-1 p-3">
                  <div className="flex flex-wrap justify-between gap-x-3 gap-y-1">
                    <span className="font-medium text-ink-900">{entry.company_name || 'Clawback'}</span>
                    <span>
                      <span className="font-semibold tabular-nums">{formatUsd(-entry.amount_usd)}</span> on {formatLongDate(entry.applies_at)}
                    </span>
                  </div>
                  <p className="text-xs text-ink-500">{entry.reason}. Taken from your next payouts from that day.</p>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Panel>
  );
}
