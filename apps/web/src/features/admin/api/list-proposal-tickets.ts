import { useQuery } from '@tanstack/react-query';
import type { ProposalTicket } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const adminProposalsKey = ['admin', 'proposal_tickets'] as const;

/**
 * GET /api/admin/proposal_tickets -> the open tickets (the Manage list hides the four terminal
 * statuses, public-site-and-admin.md 4); `includeTerminal` asks for every ticket.
 */
export function listProposalTickets(includeTerminal: boolean, signal?: AbortSignal): Promise<ProposalTicket[]> {
  return apiRequest<ProposalTicket[]>('/admin/proposal_tickets', { query: { include_terminal: includeTerminal ? 'true' : undefined }, signal });
}

export function useProposalTickets({ includeTerminal = false }: { includeTerminal?: boolean } = {}) {
  return useQuery({
    queryKey: [...adminProposalsKey, { includeTerminal }],
    queryFn: async ({ signal }) => {
      const tickets = await listProposalTickets(includeTerminal, signal);
      if (!Array.isArray(tickets)) {
        // public-site-and-admin.md 8: no data in the response is logged.
        console.error('Proposal tickets response had no data.', tickets);
        return [];
      }
      return tickets;
    },
  });
}
