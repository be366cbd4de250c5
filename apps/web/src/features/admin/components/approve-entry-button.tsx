import type { EarningEntry } from '@sunin/contract';
import { formatUsd } from '../../../lib/format';
import { useApproveEntry } from '../api/earnings';
import { ConfirmedActionButton } from './confirmed-action-button';

/**
 * Approves an expected earnings entry before Project Completion (issue 17 item 2), after a
 * confirmation: it cannot be undone. The Deal panel and the partner's ledger both offer it.
 */
export function ApproveEntryButton({ entry, ownerName, label = 'Approve' }: { entry: EarningEntry; ownerName: string; label?: string }) {
  const approve = useApproveEntry();
  if (entry.status !== 'expected') return null;
  return (
    <ConfirmedActionButton
      label={label}
      title="Approve these earnings now?"
      pending={approve.isPending}
      failedMessage="The entry could not be approved."
      run={async () => {
        await approve.mutateAsync(entry.id);
        return `Approved ${formatUsd(entry.amount_usd)} for ${ownerName}.`;
      }}
    >
      <p>
        {formatUsd(entry.amount_usd)} from {entry.company_name || 'this project'} becomes approved before Project Completion and counts toward {ownerName}'s next payout.{' '}
        {ownerName} is notified. This cannot be undone.
      </p>
    </ConfirmedActionButton>
  );
}
