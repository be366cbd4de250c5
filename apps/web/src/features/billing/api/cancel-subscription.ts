import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { subscriptionQueryKey } from './get-subscription';

/** PATCH /api/unsubscribe: cancel at the end of the period (status pending_cancelation). */
export async function cancelSubscription(): Promise<User> {
  return apiRequest<User>('/unsubscribe', { method: 'PATCH' });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
    },
  });
}
