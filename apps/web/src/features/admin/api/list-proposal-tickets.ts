import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProposalTicket } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const adminProposalsKey = ['admin', 'proposal_tickets'] as const;

export interface ProposalTicketQuery {
  /** Every ticket, terminal ones too (the project detail's Proposal tab). */
  includeTerminal?: boolean;
  /** ID or company contains it. */
  q?: string | undefined;
  /** Status numbers; terminal ones are included when named. */
  status?: readonly number[] | undefined;
  /** Only the running clocks past their due time. */
  overdue?: boolean;
  /** One of ADMIN_PROPOSAL_TICKET_SORTS, `-` first for descending; absent: the soonest due first. */
  sort?: string | undefined;
}

/**
 * GET /api/admin/proposal_tickets -> the open tickets (the Manage list hides the four terminal
 * statuses, public-site-and-admin.md 4) unless `includeTerminal` or `status` asks for them.
 */
export function listProposalTickets({ includeTerminal = false, q, status, overdue = false, sort }: ProposalTicketQuery, signal?: AbortSignal): Promise<ProposalTicket[]> {
  return apiRequest<ProposalTicket[]>('/admin/proposal_tickets', {
    query: { include_terminal: includeTerminal ? 'true' : undefined, q: q || undefined, status: status?.length ? status.map(String) : undefined, overdue: overdue ? 'true' : undefined, sort },
    signal,
  });
}

export function useProposalTickets(query: ProposalTicketQuery = {}) {
  return useQuery({
    queryKey: [...adminProposalsKey, { includeTerminal: false, ...query }],
    queryFn: async ({ signal }) => {
      const tickets = await listProposalTickets(query, signal);
      if (!Array.isArray(tickets)) {
        // public-site-and-admin.md 8: no data in the response is logged.
        console.error('Proposal tickets response had no data.', tickets);
        return [];
      }
      return tickets;
    },
    placeholderData: keepPreviousData,
  });
}
