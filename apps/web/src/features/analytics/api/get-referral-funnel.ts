import { useQuery } from '@tanstack/react-query';
import { referralFunnelResponseSchema } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { rangeSearch, type AnalyticsRangeQuery } from './range-query';

/** Under ['admin'] like the rest of the admin analytics: admin_changed and a reconnect read it again. */
export const referralFunnelKey = ['admin', 'analytics', 'referral-funnel'] as const;

/** GET /api/admin/analytics/referral-funnel: per partner, clicks, leads, converted, completed and the median days to conversion. */
export function useReferralFunnel(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: [...referralFunnelKey, range],
    queryFn: async ({ signal }) => referralFunnelResponseSchema.parse(await apiRequest<unknown>(`/admin/analytics/referral-funnel${rangeSearch(range)}`, { signal })).rows,
  });
}
