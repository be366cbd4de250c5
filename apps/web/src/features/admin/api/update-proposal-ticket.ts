import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProposalStatusNumber, ProposalTicket, RejectionReason, RejectionSpecific } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminProposalsKey } from './list-proposal-tickets';

/** updateProposal of public-site-and-admin.md 7; fields that do not apply are sent empty. */
export interface ProposalTicketUpdate {
  status: ProposalStatusNumber;
  admin_notes: string;
  engineer_name: string;
  rejection_reason: RejectionReason | '';
  rejection_specific: RejectionSpecific | '';
  proposal_links: Array<{ title: string; url: string }>;
}

/** PUT /api/admin/proposal_tickets/:id {proposal_ticket} -> the ticket (422 with fields). */
export function updateProposalTicket(ticketId: number, proposalTicket: ProposalTicketUpdate): Promise<ProposalTicket> {
  return apiRequest<ProposalTicket>(`/admin/proposal_tickets/${ticketId}`, { method: 'PUT', body: { proposal_ticket: proposalTicket } });
}

export function useUpdateProposalTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, update }: { ticketId: number; update: ProposalTicketUpdate }) => updateProposalTicket(ticketId, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProposalsKey }),
  });
}
