import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsReadAllResponseSchema } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { notificationsQueryKey } from './list-notifications';
import { applyReadAll } from '../notifications-store';

/** POST /api/notifications/read_all -> how many of the caller's notifications it marked read. */
export async function markAllRead(): Promise<number> {
  return notificationsReadAllResponseSchema.parse(await apiRequest<unknown>('/notifications/read_all', { method: 'POST' })).updated;
}

/**
 * "Mark all as read" (issue 37 item 3), optimistic: every cached page and the counts read as
 * read at once (the badge goes to zero); a failure puts every one of them back as it was.
 * Either way the list is read again afterwards.
 */
export function useMarkAllRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey(userId) });
      const snapshot = queryClient.getQueriesData({ queryKey: notificationsQueryKey(userId) });
      applyReadAll(queryClient, userId, new Date().toISOString());
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [queryKey, data] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey(userId) }),
  });
}
