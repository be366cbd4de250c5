import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_CHANGED_EVENT, LEADS_CHANGED_EVENT, NOTIFICATIONS_READ_ALL_EVENT } from '@sunin/contract';
import { disconnectCable, subscribeToNotifications } from '../../../lib/cable';
import { notificationsQueryKey } from '../api/list-notifications';
import { applyNotificationEvent, applyReadAll, refreshAfterReconnect } from '../notifications-store';

/**
 * Keeps the notifications store live while the member area is open: subscribes to the user's
 * NotificationsChannel, merges each event, and refetches the list after every (re)connect.
 * Leaving the member area (logout) closes the socket.
 */
export function useLiveNotifications(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return undefined;
    const unsubscribe = subscribeToNotifications(
      userId,
      (event) => {
        // Another administrator changed something: the admin lists in use read again.
        if (event.type === ADMIN_CHANGED_EVENT) void queryClient.invalidateQueries({ queryKey: ['admin'] });
        // One of the partner's leads changed (issue 39 item 4): the Referrals page reads again.
        else if (event.type === LEADS_CHANGED_EVENT) void queryClient.invalidateQueries({ queryKey: ['referrals'] });
        else if (event.type === NOTIFICATIONS_READ_ALL_EVENT) {
          // Marked all read in another tab: this one follows at once, then reads the list again.
          applyReadAll(queryClient, userId, event.payload.read_at);
          void queryClient.invalidateQueries({ queryKey: notificationsQueryKey(userId) });
        } else applyNotificationEvent(queryClient, userId, event);
      },
      () => refreshAfterReconnect(queryClient, userId),
    );
    return () => {
      unsubscribe();
      disconnectCable();
    };
  }, [queryClient, userId]);
}
