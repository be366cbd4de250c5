import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationPreferencesResponseSchema, type NotificationPreferences } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const notificationPreferencesQueryKey = ['user', 'notification-preferences'] as const;

/**
 * GET /api/user/notification-preferences -> whether each email event type offered to the caller
 * is emailed (only the offered ones are in the map: administrators get two more).
 */
export async function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  // Checked against the contract: the map decides which switches the profile shows.
  return notificationPreferencesResponseSchema.parse(await apiRequest<unknown>('/user/notification-preferences', { signal })).notification_preferences;
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: notificationPreferencesQueryKey, queryFn: ({ signal }) => getNotificationPreferences(signal) });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
