import type { ProposalTurnaround } from '@sunin/contract';
import { PROPOSAL_TURNAROUND_HOURS } from '@sunin/contract';
import { count, hours, share } from '../lib/format';

export interface Figure {
  term: string;
  value: string;
  note?: string;
}

/** Headline numbers as a description list (read as term and value by screen readers). */
export function Figures({ title, figures }: { title: string; figures: readonly Figure[] }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="text-base font-semibold text-ink-900">{title}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {figures.map((figure) => (
          <div key={figure.term} className="rounded-xl border border-ink-200 p-3">
            <dt className="text-sm text-ink-500">{figure.term}</dt>
            <dd className="mt-1 text-xl font-semibold text-ink-900">{figure.value}</dd>
            {figure.note && <dd className="mt-1 text-xs text-ink-500">{figure.note}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The 48-hour promise (DOMAIN.md 3) as four figures. */
export function TurnaroundFigures({ turnaround }: { turnaround: ProposalTurnaround }) {
  return (
    <Figures
      title={`Proposal turnaround (the ${String(PROPOSAL_TURNAROUND_HOURS)}-hour promise)`}
      figures={[
        { term: 'Median turnaround', value: hours(turnaround.median_hours), note: 'From the request (or revision request) to the proposal or the rejection' },
        { term: 'On time', value: share(turnaround.on_time_share), note: `${count(turnaround.on_time)} of ${count(turnaround.on_time + turnaround.late)} within ${String(PROPOSAL_TURNAROUND_HOURS)} hours` },
        { term: 'Late', value: count(turnaround.late), note: 'Open requests past 48 hours count as late' },
        { term: 'Waiting, still on time', value: count(turnaround.pending) },
      ]}
    />
  );
}
