import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { disconnectCable, subscribeToNotifications } from '../../../lib/cable';
import { applyNotificationEvent } from '../notifications-store';

/**
 * Keeps the notifications store live while the member area is open: subscribes to the user's
 * NotificationsChannel and merges each event. Leaving the member area (logout) closes the socket.
 */
export function useLiveNotifications(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return undefined;
    const unsubscribe = subscribeToNotifications(userId, (event) => applyNotificationEvent(queryClient, userId, event));
    return () => {
      unsubscribe();
      disconnectCable();
    };
  }, [queryClient, userId]);
}
