import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingConfig } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/billing/config: which provider to load, read at run time (no key in the build). */
export async function getBillingConfig(signal?: AbortSignal): Promise<BillingConfig> {
  return apiRequest<BillingConfig>('/billing/config', { signal, auth: false });
}

export const billingConfigQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'config'] as const, queryFn: ({ signal }) => getBillingConfig(signal), staleTime: Infinity });

export function useBillingConfig() {
  return useQuery(billingConfigQueryOptions());
}
