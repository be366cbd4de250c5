import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationPreferencesResponseSchema, type EmailDigestEventType, type EmailEventType, type EmailFrequency, type NotificationPreferences, type PushEventType } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { notificationPreferencesQueryKey } from './get-notification-preferences';

export interface EmailPreferenceChange {
  type: EmailEventType;
  enabled: boolean;
}

/** PUT /api/user/notification-preferences with only the event type that changed -> the full map. */
export async function updateEmailPreference({ type, enabled }: EmailPreferenceChange): Promise<NotificationPreferences> {
  const body = { notification_preferences: { email: { [type]: enabled } } };
  return notificationPreferencesResponseSchema.parse(await apiRequest<unknown>('/user/notification-preferences', { method: 'PUT', body })).notification_preferences;
}

const mutationKey = ['user', 'notification-preferences', 'update'] as const;

/**
 * Saves each switch as it is toggled, optimistically: the switch moves at once; a failure puts
 * back that one event type only (another switch toggled meanwhile keeps its own save). The
 * server's full map replaces the cache only when no other save is still on its way, so an
 * earlier answer never undoes a later toggle on screen.
 */
export function useUpdateEmailPreference() {
  const queryClient = useQueryClient();
  const setEmail = (type: EmailEventType, enabled: boolean) =>
    queryClient.setQueryData<NotificationPreferences>(notificationPreferencesQueryKey, (current) => current && { ...current, email: { ...current.email, [type]: enabled } });

  return useMutation({
    mutationKey,
    mutationFn: updateEmailPreference,
    onMutate: async ({ type, enabled }) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesQueryKey });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesQueryKey)?.email[type];
      setEmail(type, enabled);
      return { previous };
    },
    onError: (_error, { type, enabled }, context) => setEmail(type, context?.previous ?? !enabled),
    onSuccess: (preferences) => {
      // This save is the only one running (isMutating counts it until it settles).
      if (queryClient.isMutating({ mutationKey }) === 1) queryClient.setQueryData(notificationPreferencesQueryKey, preferences);
    },
  });
}

export interface EmailFrequencyChange {
  type: EmailDigestEventType;
  frequency: EmailFrequency;
}

/** PUT /api/user/notification-preferences with only the frequency that changed (full access administrators, issue 37 item 3). */
export async function updateEmailFrequency({ type, frequency }: EmailFrequencyChange): Promise<NotificationPreferences> {
  const body = { notification_preferences: { frequency: { [type]: frequency } } };
  return notificationPreferencesResponseSchema.parse(await apiRequest<unknown>('/user/notification-preferences', { method: 'PUT', body })).notification_preferences;
}

/** "Instant" or "Hourly digest", saved as it is chosen like the switches: optimistic, that one kind put back on failure. */
export function useUpdateEmailFrequency() {
  const queryClient = useQueryClient();
  const setFrequency = (type: EmailDigestEventType, frequency: EmailFrequency) =>
    queryClient.setQueryData<NotificationPreferences>(notificationPreferencesQueryKey, (current) => current && { ...current, frequency: { ...current.frequency, [type]: frequency } });

  return useMutation({
    mutationKey,
    mutationFn: updateEmailFrequency,
    onMutate: async ({ type, frequency }) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesQueryKey });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesQueryKey)?.frequency?.[type];
      setFrequency(type, frequency);
      return { previous };
    },
    onError: (_error, { type, frequency }, context) => setFrequency(type, context?.previous ?? (frequency === 'hourly' ? 'instant' : 'hourly')),
    onSuccess: (preferences) => {
      if (queryClient.isMutating({ mutationKey }) === 1) queryClient.setQueryData(notificationPreferencesQueryKey, preferences);
    },
  });
}

export interface PushPreferenceChange {
  type: PushEventType;
  enabled: boolean;
}

/** PUT /api/user/notification-preferences with only the push choice that changed (issue 41 item 3). */
export async function updatePushPreference({ type, enabled }: PushPreferenceChange): Promise<NotificationPreferences> {
  const body = { notification_preferences: { push: { [type]: enabled } } };
  return notificationPreferencesResponseSchema.parse(await apiRequest<unknown>('/user/notification-preferences', { method: 'PUT', body })).notification_preferences;
}

/** The Push column's switches, saved as they are toggled like the email ones: optimistic, that one type put back on failure. */
export function useUpdatePushPreference() {
  const queryClient = useQueryClient();
  const setPush = (type: PushEventType, enabled: boolean) =>
    queryClient.setQueryData<NotificationPreferences>(notificationPreferencesQueryKey, (current) => current && { ...current, push: { ...current.push, [type]: enabled } });

  return useMutation({
    mutationKey,
    mutationFn: updatePushPreference,
    onMutate: async ({ type, enabled }) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesQueryKey });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesQueryKey)?.push[type];
      setPush(type, enabled);
      return { previous };
    },
    onError: (_error, { type, enabled }, context) => setPush(type, context?.previous ?? !enabled),
    onSuccess: (preferences) => {
      if (queryClient.isMutating({ mutationKey }) === 1) queryClient.setQueryData(notificationPreferencesQueryKey, preferences);
    },
  });
}
