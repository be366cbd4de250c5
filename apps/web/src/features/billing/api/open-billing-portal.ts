import { useMutation } from '@tanstack/react-query';
import type { BillingPortalResponse } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/billing/portal -> {url}: Stripe's portal session, or '/billing' (local provider). */
export async function openBillingPortal(): Promise<BillingPortalResponse> {
  return apiRequest<BillingPortalResponse>('/billing/portal', { method: 'POST' });
}

export function useOpenBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
