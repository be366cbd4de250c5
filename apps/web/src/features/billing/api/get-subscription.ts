import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingSubscriptionResponse } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const subscriptionQueryKey = ['billing', 'subscription'] as const;

/** GET /api/billing/subscription: plan, status and period end of the current subscription. */
export async function getSubscription(signal?: AbortSignal): Promise<BillingSubscriptionResponse> {
  return apiRequest<BillingSubscriptionResponse>('/billing/subscription', { signal });
}

export const subscriptionQueryOptions = () => queryOptions({ queryKey: subscriptionQueryKey, queryFn: ({ signal }) => getSubscription(signal) });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
