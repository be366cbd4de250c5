import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROPOSAL_STATUS, type ProposalTicket, type RevisionType } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { proposalTicketsQueryKey } from './list-proposal-tickets';
import { memberProjectApi, refreshActivity } from './project-api';

export interface RevisionRequestInput {
  details: string;
  revision_type: RevisionType;
}

/**
 * PATCH /api/projects/:id/proposal_tickets/:ticketId {proposal_ticket:{status:5, details,
 * revision_type}}: a member's only update, a revision request (422 unless the ticket is in a
 * terminal status).
 */
export async function requestProposalRevision(projectId: number, ticketId: number, input: RevisionRequestInput): Promise<ProposalTicket> {
  return apiRequest<ProposalTicket>(`/projects/${projectId}/proposal_tickets/${ticketId}`, {
    method: 'PATCH',
    body: { proposal_ticket: { status: PROPOSAL_STATUS.revisionRequested, details: input.details, revision_type: input.revision_type } },
  });
}

export function useRequestProposalRevision(projectId: number, ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RevisionRequestInput) => requestProposalRevision(projectId, ticketId, input),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: proposalTicketsQueryKey(projectId) }), refreshActivity(queryClient, memberProjectApi, projectId)]),
  });
}
