import { useMutation } from '@tanstack/react-query';
import type { BillingPortalResponse } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/billing/portal -> {url}: the secured billing portal of member-app.md 2 "Profile"
 * (Stripe's customer portal, or the app's own /billing page with the local test provider).
 */
export async function openBillingPortal(): Promise<BillingPortalResponse> {
  return apiRequest<BillingPortalResponse>('/billing/portal', { method: 'POST' });
}

export function useOpenBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
