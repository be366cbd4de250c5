import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { subscriptionQueryKey } from './get-subscription';

/** PATCH /api/reinstate: undo a cancellation before the period ends (status active). */
export async function reinstateSubscription(): Promise<User> {
  return apiRequest<User>('/reinstate', { method: 'PATCH' });
}

export function useReinstateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reinstateSubscription,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
    },
  });
}
