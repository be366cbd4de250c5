import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocalCheckoutConfirmBody } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

/** POST /api/billing/local/confirm: pays a checkout with the local test provider's card form. */
export async function confirmLocalCheckout(body: LocalCheckoutConfirmBody): Promise<{ status: 'complete' }> {
  return apiRequest<{ status: 'complete' }>('/billing/local/confirm', { method: 'POST', body });
}

export function useConfirmLocalCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmLocalCheckout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
