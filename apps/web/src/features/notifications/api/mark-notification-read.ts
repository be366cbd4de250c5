import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { applyNotificationEvent } from '../notifications-store';

/** PATCH /api/users/:userId/notifications/:id {notification:{read:true}}; the server sets viewed_on. */
export async function markNotificationRead(userId: number, notificationId: number): Promise<Notification> {
  return apiRequest<Notification>(`/users/${userId}/notifications/${notificationId}`, { method: 'PATCH', body: { notification: { read: true } } });
}

export function useMarkNotificationRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) => markNotificationRead(userId, notificationId),
    // The same merge as a live 'notification_updated' (which the server also pushes).
    onSuccess: (notification) => applyNotificationEvent(queryClient, userId, { type: 'notification_updated', payload: notification }),
  });
}
