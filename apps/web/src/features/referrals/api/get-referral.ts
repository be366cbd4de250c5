import { useQuery } from '@tanstack/react-query';
import { referralResponseSchema } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every query of the Referrals page starts with this key: a `leads_changed` event and every new
 * notification (a converted lead's project changed stage) refresh them all by this prefix
 * (use-live-notifications.ts, notifications-store.ts), as they do ['projects'] and ['earnings'].
 */
export const referralsKey = ['referrals'] as const;
export const referralLinkKey = [...referralsKey, 'link'] as const;

/** GET /api/user/referral: the partner's code and link, with its clicks, leads and converted leads. */
export function useReferralLink() {
  return useQuery({
    queryKey: referralLinkKey,
    queryFn: async ({ signal }) => referralResponseSchema.parse(await apiRequest<unknown>('/user/referral', { signal })),
  });
}
