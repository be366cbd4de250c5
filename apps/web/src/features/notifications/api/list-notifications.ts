import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '@sunin/contract';
import { apiRequestWithResponse } from '../../../lib/api-client';

/** One page of notifications with the list's totals (X-Total-Count, X-Unread-Count). */
export interface NotificationsPage {
  notifications: Notification[];
  total: number;
  unread: number;
}

export const notificationsQueryKey = (userId: number) => ['notifications', userId] as const;
export const notificationsPageQueryKey = (userId: number, page: number) => ['notifications', userId, 'page', page] as const;

function headerCount(headers: Headers, name: string, fallback: number): number {
  const value = Number(headers.get(name));
  return headers.has(name) && Number.isFinite(value) ? value : fallback;
}

/** GET /api/users/:userId/notifications?page&per_page, newest first. */
export async function listNotifications(userId: number, page: number, signal?: AbortSignal): Promise<NotificationsPage> {
  const { data, headers } = await apiRequestWithResponse<Notification[]>(`/users/${userId}/notifications`, {
    query: { page, per_page: NOTIFICATIONS_PAGE_SIZE },
    signal,
  });
  return {
    notifications: data,
    total: headerCount(headers, 'X-Total-Count', data.length),
    unread: headerCount(headers, 'X-Unread-Count', data.filter((notification) => !notification.read).length),
  };
}

export const notificationsPageQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: notificationsPageQueryKey(userId, page),
    queryFn: ({ signal }) => listNotifications(userId, page, signal),
    placeholderData: keepPreviousData,
  });

/**
 * The first page is the app's notifications store: live events are merged into its cache
 * (notifications-store.ts), and the bell, the home card and /notifications page 1 read it.
 */
export function useNotificationsPage(userId: number | undefined, page = 1) {
  return useQuery({ ...notificationsPageQueryOptions(userId ?? 0, page), enabled: userId !== undefined });
}
