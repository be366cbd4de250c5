import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const notificationQueryKey = (userId: number, notificationId: number) => ['notifications', userId, 'detail', notificationId] as const;

/** GET /api/users/:userId/notifications/:id (404 for another member's). */
export async function getNotification(userId: number, notificationId: number, signal?: AbortSignal): Promise<Notification> {
  return apiRequest<Notification>(`/users/${userId}/notifications/${notificationId}`, { signal });
}

export const notificationQueryOptions = (userId: number, notificationId: number) =>
  queryOptions({ queryKey: notificationQueryKey(userId, notificationId), queryFn: ({ signal }) => getNotification(userId, notificationId, signal) });

export function useNotification(userId: number, notificationId: number) {
  return useQuery(notificationQueryOptions(userId, notificationId));
}
