import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsUnreadSummarySchema, type NotificationsUnreadSummary } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** Under the notifications key, so whatever refreshes the list refreshes the counts too. */
export const unreadSummaryQueryKey = (userId: number) => ['notifications', userId, 'unread-summary'] as const;

/** GET /api/notifications/unread_summary -> the caller's unread notifications counted by kind (issue 37 item 3). */
export async function getUnreadSummary(signal?: AbortSignal): Promise<NotificationsUnreadSummary> {
  return notificationsUnreadSummarySchema.parse(await apiRequest<unknown>('/notifications/unread_summary', { signal }));
}

export const unreadSummaryQueryOptions = (userId: number) => queryOptions({ queryKey: unreadSummaryQueryKey(userId), queryFn: ({ signal }) => getUnreadSummary(signal) });

export function useUnreadSummary(userId: number | undefined) {
  return useQuery({ ...unreadSummaryQueryOptions(userId ?? 0), enabled: userId !== undefined });
}
