import type { ProposalTicket } from '@sunin/contract';
import { enumLabel, proposalStatusLabel } from '@sunin/contract';
import { formatDateTime } from './format';
import { ProposalProgress } from './proposal-progress';
import { ProposalStatusChip } from './proposal-status-chip';
import { proposalTextClasses } from './proposal-tone';

/** Summary card of a ticket: title, company, address, current status and progress. */
export function ProposalSummary({ ticket }: { ticket: ProposalTicket }) {
  return (
    <section aria-labelledby={`ticket-${ticket.id}-title`} className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
      <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">Proposal #{ticket.id}</p>
      <h2 id={`ticket-${ticket.id}-title`} className="mt-1 text-lg font-semibold text-ink-900">
        {ticket.title}
      </h2>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-ink-500">Company name</dt>
          <dd className="font-medium text-ink-900">{ticket.company_name || 'N/A'}</dd>
        </div>
        <div>
          <dt className="text-ink-500">Company address</dt>
          <dd className="font-medium text-ink-900">{ticket.company_address || 'N/A'}</dd>
        </div>
        {ticket.details && (
          <div className="sm:col-span-2">
            <dt className="text-ink-500">Request details</dt>
            <dd className="whitespace-pre-line break-words text-ink-900">{ticket.details}</dd>
          </div>
        )}
        <div className="sm:col-span-2">
          <dt className="text-ink-500">Current status</dt>
          <dd className="mt-1">
            <ProposalStatusChip status={ticket.status} />
          </dd>
        </div>
      </dl>
      <div className="mt-4">
        <ProposalProgress status={ticket.status} />
      </div>
    </section>
  );
}

/** The ticket's history, oldest first (public-site-and-admin.md 4); completed entries show the link. */
export function ProposalHistory({ ticket }: { ticket: ProposalTicket }) {
  const entries = [...ticket.proposal_ticket_histories].sort((a, b) => a.event_date.localeCompare(b.event_date) || a.id - b.id);
  return (
    <section aria-labelledby={`ticket-${ticket.id}-history`} className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
      <h2 id={`ticket-${ticket.id}-history`} className="text-lg font-semibold text-ink-900">
        History
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-ink-600">No history yet.</p>
      ) : (
        <ol className="mt-4 space-y-4 border-l-2 border-ink-200 pl-5">
          {entries.map((entry) => (
            <li key={entry.id} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-brand-600 ring-4 ring-white" />
              <p className={`text-sm font-semibold ${proposalTextClasses(entry.status)}`}>{entry.status_label || proposalStatusLabel(entry.status)}</p>
              <p className="text-xs text-ink-500">
                {formatDateTime(entry.event_date)} · {entry.action_taken_by}
              </p>
              {entry.rejection_reason && (
                <p className="mt-1 text-sm text-ink-700">
                  Reason: {enumLabel('rejection_reason', entry.rejection_reason)}
                  {entry.rejection_specific && ` (${enumLabel('rejection_specific', entry.rejection_specific)})`}
                </p>
              )}
              {entry.notes && <p className="mt-1 text-sm whitespace-pre-line text-ink-700">{entry.notes}</p>}
              {entry.proposal_link && (
                <a href={entry.proposal_link} target="_blank" rel="noreferrer" className="mt-1 inline-block text-sm font-medium break-all text-brand-700 hover:underline">
                  View proposal
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
