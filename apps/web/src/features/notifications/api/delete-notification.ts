import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyNotificationRemoved } from '../notifications-store';

/** DELETE /api/users/:userId/notifications/:id -> 204. */
export async function deleteNotification(userId: number, notificationId: number): Promise<void> {
  await apiRequest<void>(`/users/${userId}/notifications/${notificationId}`, { method: 'DELETE' });
}

export function useDeleteNotification(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) => deleteNotification(userId, notificationId),
    onSuccess: (_result, notificationId) => applyNotificationRemoved(queryClient, userId, notificationId),
  });
}
