import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { Project, ProposalTicket } from '@sunin/contract';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Modal, ModalActions } from '../../../../components/ui/modal';
import { PageSpinner } from '../../../../components/ui/spinner';
import { useCurrentUser } from '../../../../lib/current-user';
import { secureUrl } from '../../../../lib/secure-url';
import { useProposalTickets } from '../../api/list-proposal-tickets';
import { useProjectApi } from '../../api/project-api';
import { MISSING_FIELDS_TITLE, PROPOSAL_TOASTS } from './proposal-messages';
import { canRequestProposal } from './proposal-rules';
import { ProposalTicketCard } from './proposal-ticket-card';
import { RequestProposalModal } from './request-proposal-modal';
import { LoadError } from '../../../../components/ui/load-error';
import { useFailureToast } from '../../../../lib/toast-lifecycle';

/**
 * Request Proposal, shown while `offered` (the project has no proposal and no ticket), with the
 * check that the member's name exists (member-app.md 5). Member area only; it stays mounted
 * while the request's modal closes.
 */
function RequestProposal({ project, offered }: { project: Project; offered: boolean }) {
  const profile = useCurrentUser();
  const [requesting, setRequesting] = useState(false);
  const [missingFields, setMissingFields] = useState(false);

  useFailureToast(profile.isError, PROPOSAL_TOASTS.profileFailed, 'proposal-profile');

  const openRequest = () => {
    if (!profile.data) {
      toast.error(PROPOSAL_TOASTS.profileFailed, { id: 'proposal-profile' });
      return;
    }
    // member-app.md 5: the submitter's name must exist.
    if (!profile.data.first_name.trim() || !profile.data.last_name.trim()) {
      setMissingFields(true);
      return;
    }
    setRequesting(true);
  };

  return (
    <>
      {offered && (
        <Button onClick={openRequest} pending={profile.isPending}>
          Request Proposal
        </Button>
      )}
      {profile.data && <RequestProposalModal open={requesting} onClose={() => setRequesting(false)} project={project} userId={profile.data.id} />}
      <Modal open={missingFields} onClose={() => setMissingFields(false)} title={MISSING_FIELDS_TITLE} size="sm" hideCloseButton>
        <p className="text-sm text-ink-700">
          Your first and last name are needed to request a proposal. Please add them to your profile and try again.
        </p>
        <ModalActions>
          <Button onClick={() => setMissingFields(false)}>Okay</Button>
        </ModalActions>
      </Modal>
    </>
  );
}

interface ProposalTabProps {
  project: Project;
  /** What a ticket card offers besides the member's Request Revision: the admin's Manage. */
  ticketActions?: (ticket: ProposalTicket) => ReactNode;
}

/**
 * The Proposal tab (member-app.md 2): Request Proposal (only while the project has no proposal
 * and no ticket), the project's proposal link, and the ticket cards, newest first. Tickets and
 * the project refresh when a notification arrives (features/notifications), so status changes
 * made by the design team show without a reload. In the admin area (lib/project-api.tsx) the
 * member's requests are not offered; each card carries `ticketActions` instead.
 */
export function ProposalTab({ project, ticketActions }: ProposalTabProps) {
  const tickets = useProposalTickets(project.id);
  const { memberProposalActions } = useProjectApi();

  useFailureToast(tickets.isError, PROPOSAL_TOASTS.fetchFailed, `proposal-tickets-${project.id}`);

  const offerRequest = tickets.isSuccess && canRequestProposal(project, tickets.data);

  return (
    <section aria-labelledby="proposal-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="proposal-title" className="text-lg font-semibold text-ink-900">
          Proposal
        </h2>
        {memberProposalActions && <RequestProposal project={project} offered={offerRequest} />}
      </div>

      {project.proposal_url && (
        <p className="text-sm text-ink-700">
          Proposal:{' '}
          <a href={secureUrl(project.proposal_url)} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-brand-700 hover:underline">
            Open the project&apos;s proposal
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      )}

      {tickets.isPending ? (
        <PageSpinner label="Loading proposal tickets…" />
      ) : tickets.isError ? (
        <LoadError message={PROPOSAL_TOASTS.fetchFailed} onRetry={() => tickets.refetch()} retrying={tickets.isFetching} />
      ) : tickets.data.length === 0 ? (
        <EmptyState title="No proposal requested yet">
          {project.proposal_url
            ? 'This project already has a proposal.'
            : memberProposalActions
              ? 'Request a proposal and the design team will prepare one.'
              : 'The owner has not requested a proposal for this project.'}
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {tickets.data.map((ticket) => (
            <ProposalTicketCard key={ticket.id} ticket={ticket} projectId={project.id} revisable={memberProposalActions} actions={ticketActions?.(ticket)} />
          ))}
        </div>
      )}
    </section>
  );
}
