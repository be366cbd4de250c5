import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingSubscription, BillingSubscriptionResponse } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/billing/subscription for the profile's Billing Information: the plan of the current
 * subscription (the profile itself carries its status and end date). The key sits under the
 * billing feature's ['billing', 'subscription'], so a cancel or reinstate there refreshes it.
 */
export async function getBillingSubscription(signal?: AbortSignal): Promise<BillingSubscription | null> {
  const data = await apiRequest<BillingSubscriptionResponse>('/billing/subscription', { signal });
  return data?.subscription ?? null;
}

export function useBillingSubscription(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: ['billing', 'subscription', 'profile'] as const, queryFn: ({ signal }) => getBillingSubscription(signal) }),
    enabled,
  });
}
