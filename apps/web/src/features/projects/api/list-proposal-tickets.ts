import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProposalTicket } from '@sunin/contract';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, proposalTicketsQueryKey, useProjectApi } from './project-api';

/** Under ['projects'] so that a live notification's refresh of every project query reaches it. */
export { proposalTicketsQueryKey };

/**
 * GET /api/projects/:id/proposal_tickets, newest first, each with its links and history (oldest
 * first). In the admin area, the project's tickets of every status (the admin scope's fetcher).
 */
export async function listProposalTickets(projectId: number, signal?: AbortSignal, api: ProjectApi = memberProjectApi): Promise<ProposalTicket[]> {
  return api.listProposalTickets(projectId, signal);
}

export const proposalTicketsQueryOptions = (projectId: number, api: ProjectApi = memberProjectApi) =>
  queryOptions({ queryKey: api.keys.proposalTickets(projectId), queryFn: ({ signal }) => listProposalTickets(projectId, signal, api) });

export function useProposalTickets(projectId: number) {
  return useQuery(proposalTicketsQueryOptions(projectId, useProjectApi()));
}
