import { useQuery } from '@tanstack/react-query';
import { leadListResponseSchema } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { referralsKey } from './get-referral';

export const myLeadsKey = [...referralsKey, 'leads'] as const;

/** GET /api/user/leads: the partner's leads, newest first, with the referral settings in force and their open registrations. */
export function useMyLeads() {
  return useQuery({
    queryKey: myLeadsKey,
    queryFn: async ({ signal }) => leadListResponseSchema.parse(await apiRequest<unknown>('/user/leads?per_page=100', { signal })),
  });
}
