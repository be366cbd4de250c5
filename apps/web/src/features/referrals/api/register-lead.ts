import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadSchema, type LeadRegistrationInput } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { referralsKey } from './get-referral';

/**
 * POST /api/user/leads {lead: {company_name, address_1, city, state, zip}} -> 201 with the lead.
 * A site already held answers 409 site_taken, the limit 422 registration_limit: the form shows
 * the server's message (the contract's LEAD_MESSAGES).
 */
export function useRegisterLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lead: LeadRegistrationInput) => leadSchema.parse(await apiRequest<unknown>('/user/leads', { method: 'POST', body: { lead } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsKey }),
  });
}
