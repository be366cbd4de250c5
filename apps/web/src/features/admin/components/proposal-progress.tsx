import { proposalProgress, proposalStatusLabel } from '@sunin/contract';
import { proposalBarClasses } from './proposal-tone';

/** The ticket's progress: 1/3, 2/3, 1/2, 3/4 or full, coloured by status (public-site-and-admin.md 4). */
export function ProposalProgress({ status }: { status: number }) {
  const percent = Math.round(proposalProgress(status) * 100);
  return (
    <div
      role="progressbar"
      aria-label={`Proposal progress: ${proposalStatusLabel(status)}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2.5 overflow-hidden rounded-full bg-ink-200"
    >
      <div className={`h-full rounded-full ${proposalBarClasses(status)}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
