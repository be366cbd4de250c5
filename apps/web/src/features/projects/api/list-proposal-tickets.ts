import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProposalTicket } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** Under ['projects'] so that a live notification's refresh of every project query reaches it. */
export const proposalTicketsQueryKey = (projectId: number) => ['projects', projectId, 'proposal-tickets'] as const;

/** GET /api/projects/:id/proposal_tickets, newest first, each with its links and history (oldest first). */
export async function listProposalTickets(projectId: number, signal?: AbortSignal): Promise<ProposalTicket[]> {
  return apiRequest<ProposalTicket[]>(`/projects/${projectId}/proposal_tickets`, { signal });
}

export const proposalTicketsQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: proposalTicketsQueryKey(projectId), queryFn: ({ signal }) => listProposalTickets(projectId, signal) });

export function useProposalTickets(projectId: number) {
  return useQuery(proposalTicketsQueryOptions(projectId));
}
