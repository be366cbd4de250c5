import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminProposalTicket } from '@sunin/contract';
import { getPagedList, type PagedList } from '../../../lib/paged-list';

export const adminProposalsKey = ['admin', 'proposal_tickets'] as const;

export interface ProposalTicketQuery {
  page?: number;
  /** 8 (the spec's), 25 or 50 in the queue; up to 100. */
  perPage?: number;
  /** Every ticket, terminal ones too (the project detail's Proposal tab). */
  includeTerminal?: boolean;
  /** One project's tickets. */
  projectId?: number | undefined;
  /** ID or company contains it. */
  q?: string | undefined;
  /** Status numbers; terminal ones are included when named. */
  status?: readonly number[] | undefined;
  /** Only the running clocks past their due time. */
  overdue?: boolean;
  /** `me`, `none` or an administrator's id (issue 37 item 2). */
  assignee?: string | undefined;
  /** One of ADMIN_PROPOSAL_TICKET_SORTS, `-` first for descending; absent: the most urgent first. */
  sort?: string | undefined;
}

/**
 * GET /api/admin/proposal_tickets -> one page of the queue and its total (X-Total-Count): the
 * open tickets (the Manage list hides the four terminal statuses, public-site-and-admin.md 4)
 * unless `includeTerminal` or `status` asks for them.
 */
export function listProposalTickets(
  { page = 1, perPage, includeTerminal = false, projectId, q, status, overdue = false, assignee, sort }: ProposalTicketQuery,
  signal?: AbortSignal,
): Promise<PagedList<AdminProposalTicket>> {
  return getPagedList<AdminProposalTicket>(
    '/admin/proposal_tickets',
    {
      page: page > 1 ? page : undefined,
      per_page: perPage,
      include_terminal: includeTerminal ? 'true' : undefined,
      project_id: projectId,
      q: q || undefined,
      status: status?.length ? status.map(String) : undefined,
      overdue: overdue ? 'true' : undefined,
      assignee: assignee || undefined,
      sort,
    },
    signal,
  );
}

export function useProposalTickets(query: ProposalTicketQuery = {}) {
  return useQuery({
    queryKey: [...adminProposalsKey, { includeTerminal: false, ...query }],
    queryFn: ({ signal }) => listProposalTickets(query, signal),
    placeholderData: keepPreviousData,
  });
}
