import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProposalTicket } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { proposalTicketsQueryKey } from './list-proposal-tickets';

export const proposalTicketQueryKey = (projectId: number, ticketId: number) => [...proposalTicketsQueryKey(projectId), ticketId] as const;

/** GET /api/projects/:id/proposal_tickets/:ticketId. */
export async function getProposalTicket(projectId: number, ticketId: number, signal?: AbortSignal): Promise<ProposalTicket> {
  return apiRequest<ProposalTicket>(`/projects/${projectId}/proposal_tickets/${ticketId}`, { signal });
}

export const proposalTicketQueryOptions = (projectId: number, ticketId: number) =>
  queryOptions({ queryKey: proposalTicketQueryKey(projectId, ticketId), queryFn: ({ signal }) => getProposalTicket(projectId, ticketId, signal) });

export function useProposalTicket(projectId: number, ticketId: number) {
  return useQuery(proposalTicketQueryOptions(projectId, ticketId));
}
