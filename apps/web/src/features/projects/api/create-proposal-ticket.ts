import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROPOSAL_STATUS, PROPOSAL_TICKET_TITLE, type ProposalTicket } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { projectQueryKey } from './get-project';
import { proposalTicketsQueryKey } from './list-proposal-tickets';

export interface ProposalRequestInput {
  details: string;
  company_name: string;
  company_address: string;
  notification_user_id: number;
}

/**
 * POST /api/projects/:id/proposal_tickets {proposal_ticket} -> the ticket (201); 409 while an open
 * ticket exists. The client always creates status 1 with the fixed title (member-app.md 3 and 4).
 */
export async function createProposalTicket(projectId: number, input: ProposalRequestInput): Promise<ProposalTicket> {
  return apiRequest<ProposalTicket>(`/projects/${projectId}/proposal_tickets`, {
    method: 'POST',
    body: {
      proposal_ticket: {
        project_id: projectId,
        title: PROPOSAL_TICKET_TITLE,
        details: input.details,
        company_name: input.company_name,
        company_address: input.company_address,
        status: PROPOSAL_STATUS.proposalRequested,
        notification_user_id: input.notification_user_id,
      },
    },
  });
}

export function useCreateProposalTicket(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProposalRequestInput) => createProposalTicket(projectId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: proposalTicketsQueryKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) }),
      ]),
  });
}
