import { Fragment, useState } from 'react';
import { ACCOUNT_TYPE_LABELS, type Payable, type PayoutBlockCode } from '@sunin/contract';
import { EarningStatusBadge } from '../../../components/earnings/earnings-ledger';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatLongDate, formatUsd } from '../../../lib/format';
import type { RowSelection } from '../hooks/use-row-selection';
import { cardClasses, tableClasses } from './admin-page-header';
import { RowCheckbox, SelectAllCheckbox, SelectAllOnPage } from './selection-checkbox';

/**
 * The partners owed money now (issue 37 item 1), oldest debt first: a table with checkboxes
 * from md, cards below it; each partner's entries open under their row. A blocked partner
 * (issue 38: no tax form) shows why and cannot be ticked.
 */

const age = (days: number) => (days === 0 ? 'today' : days === 1 ? '1 day' : `${days} days`);
const entriesWord = (count: number) => (count === 1 ? '1 entry' : `${count} entries`);

function EntriesOf({ payable }: { payable: Payable }) {
  return (
    <ul aria-label={`${payable.user_name}'s payable entries`} className="divide-y divide-ink-100 rounded-lg border border-ink-200 bg-white">
      {payable.entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
          <span className="min-w-0">
            <span className="font-medium text-ink-900">{entry.company_name || (entry.kind === 'adjustment' ? 'Adjustment' : `Entry #${entry.id}`)}</span>
            {entry.kind === 'adjustment' && entry.reason && <span className="block text-xs text-ink-500">{entry.company_name ? `Adjustment: ${entry.reason}` : entry.reason}</span>}
          </span>
          <span className="flex items-center gap-3">
            <EarningStatusBadge status={entry.status} />
            <span className="text-xs text-ink-500">{formatLongDate(entry.created_at)}</span>
            <span className="font-semibold tabular-nums">{formatUsd(entry.amount_usd)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function ExpandButton({ payable, open, onToggle }: { payable: Payable; open: boolean; onToggle: () => void }) {
  return (
    <Button
      variant="ghost"
      className="px-2"
      aria-expanded={open}
      aria-controls={open ? `payable-entries-${payable.user_id}` : undefined}
      // The visible words first (WCAG 2.5.3), then whose entries: every row has one.
      aria-label={`${open ? 'Hide' : 'Show'} entries of ${payable.user_name}`}
      onClick={onToggle}
    >
      {open ? 'Hide entries' : 'Show entries'}
    </Button>
  );
}

/** What stops a payout, in a word before the server's sentence (issue 38). */
const BLOCK_TITLES: Record<PayoutBlockCode, string> = { tax_form_required: 'No W-9 tax form', payout_account_required: 'No payout account' };

function Blocked({ payable }: { payable: Payable }) {
  return (
    <Badge tone="red" wrap>
      Blocked{payable.blocked_code ? ` (${BLOCK_TITLES[payable.blocked_code]})` : ''}: {payable.blocked_reason}
    </Badge>
  );
}

/** The partner's newest payout failed (issue 38 item 2): why, before paying them again. */
function LastFailed({ payout }: { payout: NonNullable<Payable['last_failed_payout']> }) {
  return (
    <Badge tone="amber" wrap>
      Last payout failed: {payout.failure_reason ?? 'no reason given'}
    </Badge>
  );
}

function PartnerCheckbox({ payable, selection }: { payable: Payable; selection: RowSelection }) {
  if (payable.blocked_reason) return <span className="inline-block size-5" aria-hidden="true" />;
  return <RowCheckbox selection={selection} id={payable.user_id} label={`Pay ${payable.user_name}`} />;
}

interface PayablesListProps {
  payables: Payable[];
  selection: RowSelection;
  wide: boolean;
}

export function PayablesList({ payables, selection, wide }: PayablesListProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (!wide) {
    return (
      <div className="space-y-3">
        <SelectAllOnPage selection={selection} />
        <ul aria-label="Partners owed" className={cardClasses.list}>
          {payables.map((payable) => (
            <li key={payable.user_id} className={cardClasses.card}>
              <div className="flex items-start gap-3">
                <PartnerCheckbox payable={payable} selection={selection} />
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex items-start justify-between gap-3">
                    <p className="font-semibold break-words text-ink-900">{payable.user_name}</p>
                    <p className="font-semibold whitespace-nowrap tabular-nums">{formatUsd(payable.payable_usd)}</p>
                  </div>
                  <p className="text-ink-600">
                    {[payable.company_name, ACCOUNT_TYPE_LABELS[payable.account_type]].filter(Boolean).join(' · ')}
                  </p>
                  <p className="text-xs text-ink-500">
                    {entriesWord(payable.entries.length)}, the oldest {age(payable.oldest_age_days)} old
                  </p>
                  {payable.blocked_reason && <Blocked payable={payable} />}
                  {payable.last_failed_payout && <LastFailed payout={payable.last_failed_payout} />}
                  <ExpandButton payable={payable} open={open.has(payable.user_id)} onToggle={() => toggle(payable.user_id)} />
                  {open.has(payable.user_id) && (
                    <div id={`payable-entries-${payable.user_id}`}>
                      <EntriesOf payable={payable} />
                    </div>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div className={tableClasses.wrap}>
      <table className={tableClasses.table}>
        <caption className="sr-only">Partners owed, the oldest debt first</caption>
        <thead className="bg-ink-50">
          <tr>
            <th scope="col" className={`${tableClasses.th} w-10`}>
              <SelectAllCheckbox selection={selection} label="Select every partner" />
            </th>
            <th scope="col" className={tableClasses.th}>Partner</th>
            <th scope="col" className={tableClasses.th}>Company</th>
            <th scope="col" className={tableClasses.th}>Tier</th>
            <th scope="col" className={`${tableClasses.th} text-right`}>Payable</th>
            <th scope="col" className={`${tableClasses.th} text-right`}>Entries</th>
            <th scope="col" className={tableClasses.th}>Oldest entry</th>
            <th scope="col" className={tableClasses.th}>
              <span className="sr-only">Entries behind the balance</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {payables.map((payable) => (
            <Fragment key={payable.user_id}>
              <tr className={selection.isSelected(payable.user_id) ? 'bg-brand-50' : undefined}>
                <td className={tableClasses.td}>
                  <PartnerCheckbox payable={payable} selection={selection} />
                </td>
                <td className={tableClasses.td}>
                  <p className="font-medium text-ink-900">{payable.user_name}</p>
                  <p className="text-xs text-ink-500">{payable.email}</p>
                  {payable.blocked_reason && <Blocked payable={payable} />}
                  {payable.last_failed_payout && <LastFailed payout={payable.last_failed_payout} />}
                </td>
                <td className={tableClasses.td}>{payable.company_name}</td>
                <td className={`${tableClasses.td} whitespace-nowrap`}>{ACCOUNT_TYPE_LABELS[payable.account_type]}</td>
                <td className={`${tableClasses.td} text-right font-semibold whitespace-nowrap tabular-nums`}>{formatUsd(payable.payable_usd)}</td>
                <td className={`${tableClasses.td} text-right tabular-nums`}>{payable.entries.length}</td>
                <td className={`${tableClasses.td} whitespace-nowrap`}>
                  {age(payable.oldest_age_days)}
                  <span className="block text-xs text-ink-500">{formatLongDate(payable.oldest_entry_at)}</span>
                </td>
                <td className={`${tableClasses.td} text-right`}>
                  <ExpandButton payable={payable} open={open.has(payable.user_id)} onToggle={() => toggle(payable.user_id)} />
                </td>
              </tr>
              {open.has(payable.user_id) && (
                <tr id={`payable-entries-${payable.user_id}`} className="bg-ink-50">
                  <td />
                  <td colSpan={7} className="px-4 py-3">
                    <EntriesOf payable={payable} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
