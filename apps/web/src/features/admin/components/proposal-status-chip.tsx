import { proposalStatusLabel } from '@sunin/contract';
import { OPEN_PROPOSAL_STATUSES, proposalStatusStyle } from './proposal-tone';

/** The status as a chip in the status's own hue; the text is the spec's status name. */
export function ProposalStatusChip({ status }: { status: number }) {
  return (
    <span className={`inline-flex items-center rounded-lg px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${proposalStatusStyle(status).chip}`}>
      {proposalStatusLabel(status)}
    </span>
  );
}

/** What each row tint means: one swatch per status the Manage list can show. */
export function ProposalStatusLegend() {
  return (
    <section aria-labelledby="proposal-legend-title" className="rounded-xl border border-ink-200 bg-white px-4 py-3">
      <h2 id="proposal-legend-title" className="text-xs font-semibold tracking-wide text-ink-600 uppercase">
        Status colours
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink-800">
        {OPEN_PROPOSAL_STATUSES.map((status) => {
          const style = proposalStatusStyle(status);
          return (
            <li key={status} className="flex items-center gap-2">
              <span aria-hidden="true" className={`size-4 shrink-0 rounded border-l-4 ring-1 ring-ink-300 ring-inset ${style.row} ${style.stripe}`} />
              {proposalStatusLabel(status)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
