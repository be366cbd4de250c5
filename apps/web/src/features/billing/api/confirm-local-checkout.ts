import { useMutation } from '@tanstack/react-query';
import type { LocalCheckoutConfirmBody } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/billing/local/confirm: pays a checkout with the local test provider's card form.
 * The profile is left for /activating-now to read (refreshing it here would make /checkout
 * send the member to /home before they reach /activating-now).
 */
export async function confirmLocalCheckout(body: LocalCheckoutConfirmBody): Promise<{ status: 'complete' }> {
  return apiRequest<{ status: 'complete' }>('/billing/local/confirm', { method: 'POST', body });
}

export function useConfirmLocalCheckout() {
  return useMutation({ mutationFn: confirmLocalCheckout });
}
