import type { ReactNode } from 'react';
import { enumLabel, proposalStatusLabel, type ProposalTicket, type ProposalTicketHistory } from '@sunin/contract';
import { ProposalClock } from '../../../../components/proposal/proposal-clock';
import { formatDateTime } from '../../../../lib/format-date-time';
import { secureUrl } from '../../../../lib/secure-url';
import { canRequestRevision, proposalProgressBar } from './proposal-rules';
import { RevisionForm } from './revision-form';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={secureUrl(href)} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-brand-700 hover:underline">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function HistoryEntry({ entry }: { entry: ProposalTicketHistory }) {
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      <span aria-hidden="true" className="absolute top-1.5 -left-[5px] size-2.5 rounded-full bg-brand-600 ring-4 ring-white" />
      <p className="font-medium text-ink-900">{proposalStatusLabel(entry.status)}</p>
      <p className="text-xs text-ink-500">
        <time dateTime={entry.event_date}>{formatDateTime(entry.event_date)}</time>
        {entry.action_taken_by && <> · {entry.action_taken_by}</>}
      </p>
      {entry.notes && <p className="mt-1 text-sm whitespace-pre-line break-words text-ink-700">{entry.notes}</p>}
      {entry.rejection_reason && (
        <p className="mt-1 text-sm text-danger-700">
          Rejection reason: {enumLabel('rejection_reason', entry.rejection_reason)}
          {entry.rejection_specific && <> ({enumLabel('rejection_specific', entry.rejection_specific)})</>}
        </p>
      )}
      {entry.proposal_link && (
        <p className="mt-1 text-sm">
          <ExternalLink href={entry.proposal_link}>View proposal</ExternalLink>
        </p>
      )}
    </li>
  );
}

interface ProposalTicketCardProps {
  ticket: ProposalTicket;
  projectId: number;
  /** The member's Request Revision, from a terminal status (not in the admin area). */
  revisable?: boolean;
  /** Actions shown under the header (the admin's Manage). */
  actions?: ReactNode;
}

/**
 * One proposal ticket (member-app.md 2 "Proposal"): title, company, status with its progress bar,
 * the 48-hour clock (issue 18), proposal links, the history timeline (oldest first) and, from a
 * terminal status, Request Revision.
 */
export function ProposalTicketCard({ ticket, projectId, revisable = true, actions }: ProposalTicketCardProps) {
  const label = proposalStatusLabel(ticket.status);
  const bar = proposalProgressBar(ticket.status);
  const headingId = `proposal-ticket-${ticket.id}-title`;

  return (
    <article aria-labelledby={headingId} className="space-y-5 rounded-xl border border-ink-200 p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={headingId} className="text-base font-semibold text-ink-900">
            {ticket.title}
          </h3>
          <p className="text-sm font-medium text-ink-800">{ticket.company_name}</p>
          {ticket.company_address && <p className="text-sm text-ink-600">{ticket.company_address}</p>}
        </div>
        {actions}
      </header>

      <div>
        <p className="text-sm text-ink-600">
          Status: <span data-testid="proposal-status" className="font-semibold text-ink-900">{label}</span>
        </p>
        <div
          role="progressbar"
          aria-label={`Proposal progress: ${label}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(bar.percent)}
          className="mt-2 h-2.5 overflow-hidden rounded-full bg-ink-200"
        >
          <div data-testid="proposal-progress-fill" className={`h-full rounded-full transition-[width] duration-300 ${bar.className}`} style={{ width: `${bar.percent}%` }} />
        </div>
        <div className="mt-3">
          <ProposalClock ticket={ticket} />
        </div>
      </div>

      {ticket.details && (
        <div>
          <h4 className="text-sm font-semibold text-ink-800">Details</h4>
          <p className="mt-1 text-sm whitespace-pre-line break-words text-ink-700">{ticket.details}</p>
        </div>
      )}

      {ticket.proposal_links.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-ink-800">Proposal Links</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {ticket.proposal_links.map((link) => (
              <li key={link.id}>
                <ExternalLink href={link.url}>{link.title || link.url}</ExternalLink>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div>
        <h4 className="text-sm font-semibold text-ink-800">History</h4>
        {ticket.proposal_ticket_histories.length === 0 ? (
          <p className="mt-1 text-sm text-ink-500">No history yet.</p>
        ) : (
          <ol className="mt-3 border-l border-ink-200 pl-0" aria-label="Ticket history">
            {ticket.proposal_ticket_histories.map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </div>

      {revisable && canRequestRevision(ticket.status) && <RevisionForm projectId={projectId} ticketId={ticket.id} />}
    </article>
  );
}
