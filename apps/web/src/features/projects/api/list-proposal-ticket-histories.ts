import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProposalTicketHistory } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { proposalTicketQueryKey } from './get-proposal-ticket';

export const proposalTicketHistoriesQueryKey = (projectId: number, ticketId: number) => [...proposalTicketQueryKey(projectId, ticketId), 'histories'] as const;

/**
 * GET /api/projects/:id/proposal_tickets/:ticketId/proposal_ticket_histories, oldest first. The
 * Proposal tab reads the history embedded in each ticket; this is the standalone call.
 */
export async function listProposalTicketHistories(projectId: number, ticketId: number, signal?: AbortSignal): Promise<ProposalTicketHistory[]> {
  return apiRequest<ProposalTicketHistory[]>(`/projects/${projectId}/proposal_tickets/${ticketId}/proposal_ticket_histories`, { signal });
}

export const proposalTicketHistoriesQueryOptions = (projectId: number, ticketId: number) =>
  queryOptions({
    queryKey: proposalTicketHistoriesQueryKey(projectId, ticketId),
    queryFn: ({ signal }) => listProposalTicketHistories(projectId, ticketId, signal),
  });

export function useProposalTicketHistories(projectId: number, ticketId: number) {
  return useQuery(proposalTicketHistoriesQueryOptions(projectId, ticketId));
}
