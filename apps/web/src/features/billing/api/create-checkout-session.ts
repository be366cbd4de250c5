import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingPlanId, ClientSecretResponse } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/create-checkout-session {plan} -> {clientSecret} (member-app.md 7). The server hands
 * back the member's open session of the same plan (a second tab pays the same checkout) and
 * otherwise opens a new one, expiring an open one of the other plan.
 */
export async function createCheckoutSession(plan: BillingPlanId): Promise<ClientSecretResponse> {
  return apiRequest<ClientSecretResponse>('/create-checkout-session', { method: 'POST', body: { plan } });
}

/**
 * Held as a query so that one page view opens one session per plan (a re-render or a strict
 * mode double effect does not open another). Never cached past the page: a session the server
 * has since expired must not come back.
 */
export const checkoutSessionQueryOptions = (plan: BillingPlanId) =>
  queryOptions({
    queryKey: ['billing', 'checkout-session', plan] as const,
    queryFn: () => createCheckoutSession(plan),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useCheckoutSession(plan: BillingPlanId, enabled: boolean) {
  return useQuery({ ...checkoutSessionQueryOptions(plan), enabled });
}
