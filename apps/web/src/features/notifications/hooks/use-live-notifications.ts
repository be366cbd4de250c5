import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { disconnectCable, subscribeToNotifications } from '../../../lib/cable';
import { applyNotificationEvent, refreshAfterReconnect } from '../notifications-store';

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
      (event) => applyNotificationEvent(queryClient, userId, event),
      () => refreshAfterReconnect(queryClient, userId),
    );
    return () => {
      unsubscribe();
      disconnectCable();
    };
  }, [queryClient, userId]);
}
