import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EARNING_KIND_LABELS, EARNING_STATUS_LABELS, PAYOUT_STATUS_LABELS, type EarningEntry, type EarningEntryStatus, type Earnings, type Payout, type PayoutStatus } from '@sunin/contract';
import { formatLongDate, formatUsd } from '../../lib/format';
import { SM_UP, useMediaQuery } from '../../lib/use-media-query';
import { Badge } from '../ui/badge';
import { ProgressBar } from '../ui/progress-bar';

/**
 * One partner's ledger (issue 17 item 2), as the partner sees it on /earnings and an
 * administrator on the user detail: the totals, the progress to a minimum payout, the entries
 * and the payouts. Presentational: the pages fetch and act.
 */

const TONE: Record<EarningEntryStatus, 'green' | 'red' | 'grey'> = { expected: 'grey', approved: 'green', paid: 'green', void: 'red' };

export function EarningStatusBadge({ status }: { status: EarningEntryStatus }) {
  return <Badge tone={TONE[status]}>{EARNING_STATUS_LABELS[status]}</Badge>;
}

const percent = (rate: number) => `${(rate * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
export const formatShare = (rate: number | null) => (rate === null ? '' : percent(rate));

function Figure({ term, value, how }: { term: string; value: number; how: string }) {
  return (
    <div className="rounded-xl border border-ink-200 bg-white p-3 sm:p-4">
      <dt className="text-sm text-ink-500">{term}</dt>
      <dd className="mt-1 text-lg font-semibold text-ink-900 tabular-nums sm:text-xl">{formatUsd(value)}</dd>
      <dd className="mt-1 text-xs text-ink-500">{how}</dd>
    </div>
  );
}

export function EarningsTotals({ earnings }: { earnings: Earnings }) {
  const { totals } = earnings;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure term="Expected" value={totals.expected_usd} how="Deals recorded, approved at Project Completion" />
      <Figure term="Approved" value={totals.approved_usd} how="Approved and not yet paid, adjustments included" />
      <Figure term="Payable now" value={totals.payable_usd} how={payableHow(earnings)} />
      <Figure term="Paid" value={totals.paid_usd} how="Paid out to date" />
    </dl>
  );
}

/**
 * What "Payable now" waits for. A balance at or below zero (a negative adjustment larger than
 * what is approved) is never payable, whatever the minimum (DOMAIN.md 2, issue 37 item 7).
 */
function payableHow(earnings: Earnings): string {
  const minimum = earnings.minimum_payout_usd;
  if (earnings.totals.approved_usd < 0) return minimum > 0 ? `Nothing until the balance is positive and reaches ${formatUsd(minimum)}` : 'Nothing until the approved balance is positive';
  return minimum > 0 ? `Once approved earnings reach ${formatUsd(minimum)}` : 'The whole approved balance';
}

/** What the minimum payout means for the approved balance now, in words (issue 37 item 7). */
export function minimumPayoutSentence(approved: number, minimum: number, payable: number, who = 'Your'): string {
  if (payable > 0) return `${who} approved ${formatUsd(approved)} has reached the ${formatUsd(minimum)} minimum payout: it is paid in full with the next payout.`;
  // Below zero there is nothing "to go" to count: the balance must first turn positive.
  if (approved < 0) return `${formatUsd(approved)} approved: nothing is payable until the balance is positive and reaches the ${formatUsd(minimum)} minimum.`;
  return `${formatUsd(approved)} of the ${formatUsd(minimum)} minimum payout approved: ${formatUsd(minimum - approved)} to go.`;
}

/** A tier with a minimum payout: how far the approved balance is from it. */
export function MinimumPayoutProgress({ earnings, who = 'Your' }: { earnings: Earnings; who?: string }) {
  const minimum = earnings.minimum_payout_usd;
  if (minimum <= 0) return null;
  const approved = earnings.totals.approved_usd;
  return (
    <div className="space-y-2">
      <ProgressBar label="Approved earnings toward the minimum payout" value={(Math.max(0, approved) / minimum) * 100} />
      <p className="text-sm text-ink-700">{minimumPayoutSentence(approved, minimum, earnings.totals.payable_usd, who)}</p>
    </div>
  );
}

const cellClasses = 'px-3 py-2 text-left align-top';

/**
 * An adjustment's line under its name: the reason, said once. One without a project is already
 * named "Adjustment", so the line is the reason alone; one on a project says what it is.
 */
function adjustmentNote(entry: EarningEntry): string {
  const named = !entry.project_id && !entry.company_name;
  if (named) return entry.reason;
  return entry.reason ? `Adjustment: ${entry.reason}` : 'Adjustment';
}

/** A clawback's line (issue 38 item 4): its reason, and the day it is (or was) netted against payouts. */
export function clawbackNote(entry: EarningEntry): string {
  const what = `${EARNING_KIND_LABELS.clawback}: ${entry.reason || 'money paid taken back'}`;
  if (!entry.applies_at) return what;
  return `${what}. ${entry.status === 'expected' ? 'Applies on' : 'Applied on'} ${formatLongDate(entry.applies_at)}.`;
}

function EntryName({ entry, projectHref }: { entry: EarningEntry; projectHref: (projectId: number) => string }) {
  return (
    <>
      {entry.project_id ? (
        <Link to={projectHref(entry.project_id)} className="font-medium text-brand-800 underline-offset-2 hover:underline">
          {entry.company_name || `Project #${entry.project_id}`}
        </Link>
      ) : (
        <span className="font-medium text-ink-900">{entry.company_name || (entry.kind === 'deal' ? 'Deleted project' : EARNING_KIND_LABELS[entry.kind])}</span>
      )}
      {entry.kind === 'adjustment' && <p className="text-xs text-ink-500">{adjustmentNote(entry)}</p>}
      {entry.kind === 'clawback' && <p className="text-xs text-ink-500">{clawbackNote(entry)}</p>}
    </>
  );
}

/**
 * The entries: a table from the sm breakpoint, a list of cards on a phone (the amount and status
 * stay in view). Only one of the two is rendered, so each entry (an adjustment's reason too) is
 * in the page once, not once visible and once hidden (issue 37 item 7).
 */
export function EarningEntriesTable({ entries, projectHref, action, caption }: { entries: EarningEntry[]; projectHref: (projectId: number) => string; action?: (entry: EarningEntry) => ReactNode; caption: string }) {
  const wide = useMediaQuery(SM_UP);
  if (wide) return <EntriesTable entries={entries} projectHref={projectHref} action={action} caption={caption} />;
  return (
    <>
      <ul aria-label={caption} className="divide-y divide-ink-100 rounded-xl border border-ink-200">
        {entries.map((entry) => (
          <li key={entry.id} className="space-y-1 p-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <EntryName entry={entry} projectHref={projectHref} />
              </div>
              <span className="font-semibold whitespace-nowrap tabular-nums">{formatUsd(entry.amount_usd)}</span>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-500">
              <EarningStatusBadge status={entry.status} />
              {entry.share_rate !== null && entry.net_profit_usd !== null && (
                <span>
                  {formatShare(entry.share_rate)} of {formatUsd(entry.net_profit_usd)}
                </span>
              )}
              <span>{formatLongDate(entry.updated_at)}</span>
            </div>
            {action && <div className="pt-1">{action(entry)}</div>}
          </li>
        ))}
      </ul>
    </>
  );
}

function EntriesTable({ entries, projectHref, action, caption }: { entries: EarningEntry[]; projectHref: (projectId: number) => string; action?: ((entry: EarningEntry) => ReactNode) | undefined; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-ink-200">
      <table className="min-w-full divide-y divide-ink-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-50 text-xs font-semibold tracking-wide text-ink-600 uppercase">
          <tr>
            <th scope="col" className={cellClasses}>Project</th>
            <th scope="col" className={cellClasses}>Share</th>
            <th scope="col" className={`${cellClasses} text-right`}>Net profit</th>
            <th scope="col" className={`${cellClasses} text-right`}>Amount</th>
            <th scope="col" className={cellClasses}>Status</th>
            <th scope="col" className={cellClasses}>Updated</th>
            {action && (
              <th scope="col" className={cellClasses}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100 bg-white">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className={`${cellClasses} min-w-40`}>
                <EntryName entry={entry} projectHref={projectHref} />
              </td>
              <td className={cellClasses}>{formatShare(entry.share_rate)}</td>
              <td className={`${cellClasses} text-right tabular-nums`}>{entry.net_profit_usd === null ? '' : formatUsd(entry.net_profit_usd)}</td>
              <td className={`${cellClasses} text-right font-semibold tabular-nums`}>{formatUsd(entry.amount_usd)}</td>
              <td className={cellClasses}>
                <EarningStatusBadge status={entry.status} />
              </td>
              <td className={`${cellClasses} whitespace-nowrap`}>{formatLongDate(entry.updated_at)}</td>
              {action && <td className={cellClasses}>{action(entry)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Payouts, newest first: one partner's (the ledger) or, with `showPartner`, everyone's (the
 * admin's Payables history). A table from sm, cards on a phone; only one is rendered.
 */
const PAYOUT_TONE: Record<PayoutStatus, 'green' | 'red' | 'amber'> = { pending: 'amber', paid: 'green', failed: 'red' };

/** Where a payout is (issue 38 item 2): on its way, paid, or failed, with why. */
export function PayoutStatusBadge({ payout }: { payout: Payout }) {
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge tone={PAYOUT_TONE[payout.status]}>{PAYOUT_STATUS_LABELS[payout.status]}</Badge>
      {payout.status === 'failed' && payout.failure_reason && <span className="text-xs text-danger-700">{payout.failure_reason}</span>}
    </span>
  );
}

export function PayoutsTable({ payouts, showPaidBy = false, showPartner = false, caption = 'Payouts' }: { payouts: Payout[]; showPaidBy?: boolean; showPartner?: boolean; caption?: string }) {
  const wide = useMediaQuery(SM_UP);
  if (wide) return <PayoutsWideTable payouts={payouts} showPaidBy={showPaidBy} showPartner={showPartner} caption={caption} />;
  return (
    <ul aria-label={caption} className="divide-y divide-ink-100 rounded-xl border border-ink-200">
      {payouts.map((payout) => (
        <li key={payout.id} className="p-3 text-sm">
          {showPartner && <p className="font-medium text-ink-900">{payout.user_name}</p>}
          <div className="flex justify-between gap-3">
            <span>{formatLongDate(payout.created_at)}</span>
            <span className="font-semibold tabular-nums">{formatUsd(payout.amount_usd)}</span>
          </div>
          <PayoutStatusBadge payout={payout} />
          <p className="text-xs break-all text-ink-500">
            Reference {payout.reference}
            {showPaidBy && payout.paid_by_name ? `, recorded by ${payout.paid_by_name}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

function PayoutsWideTable({ payouts, showPaidBy, showPartner, caption }: { payouts: Payout[]; showPaidBy: boolean; showPartner: boolean; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-ink-200">
      <table className="min-w-full divide-y divide-ink-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-50 text-xs font-semibold tracking-wide text-ink-600 uppercase">
          <tr>
            <th scope="col" className={cellClasses}>Date</th>
            {showPartner && <th scope="col" className={cellClasses}>Partner</th>}
            <th scope="col" className={`${cellClasses} text-right`}>Amount</th>
            <th scope="col" className={cellClasses}>Status</th>
            <th scope="col" className={cellClasses}>Reference</th>
            {showPaidBy && <th scope="col" className={cellClasses}>Recorded by</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100 bg-white">
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <td className={`${cellClasses} whitespace-nowrap`}>{formatLongDate(payout.created_at)}</td>
              {showPartner && <td className={cellClasses}>{payout.user_name}</td>}
              <td className={`${cellClasses} text-right font-semibold tabular-nums`}>{formatUsd(payout.amount_usd)}</td>
              <td className={cellClasses}>
                <PayoutStatusBadge payout={payout} />
              </td>
              <td className={`${cellClasses} break-all`}>{payout.reference}</td>
              {showPaidBy && <td className={cellClasses}>{payout.paid_by_name ?? ''}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
