import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProposalTicket } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminProposalsKey } from './list-proposal-tickets';

/** PATCH /api/admin/proposal_tickets/:id {proposal_ticket: {assignee_id}} -> the ticket (422 for one who is not a full access admin). */
export function assignProposalTicket(ticketId: number, assigneeId: number | null): Promise<AdminProposalTicket> {
  return apiRequest<AdminProposalTicket>(`/admin/proposal_tickets/${ticketId}`, { method: 'PATCH', body: { proposal_ticket: { assignee_id: assigneeId } } });
}

export function useAssignProposalTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, assigneeId }: { ticketId: number; assigneeId: number | null }) => assignProposalTicket(ticketId, assigneeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProposalsKey }),
  });
}
