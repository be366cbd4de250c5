import type { QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationsUnreadSummary, RealtimeEvent } from '@sunin/contract';
import { notificationsPageQueryKey, notificationsQueryKey, type NotificationsPage } from './api/list-notifications';
import { unreadSummaryQueryKey } from './api/unread-summary';

/**
 * The merge rules of member-app.md 4, as pure functions of the first page's cache:
 * 'notification_created' is prepended unless its id is already there; 'notification_updated'
 * replaces the one with its id. The unread count starts from X-Unread-Count and moves with
 * every change of a notification's read flag we can see.
 */
export function mergeRealtimeEvent(state: NotificationsPage, event: RealtimeEvent): NotificationsPage {
  const incoming = event.payload;
  const existing = state.notifications.find((notification) => notification.id === incoming.id);
  if (event.type === 'notification_created') {
    if (existing) return state;
    return {
      notifications: [incoming, ...state.notifications],
      total: state.total + 1,
      unread: state.unread + (incoming.read ? 0 : 1),
    };
  }
  if (event.type === 'notification_updated') {
    if (!existing) return state;
    const unreadDelta = (existing.read ? 0 : -1) + (incoming.read ? 0 : 1);
    return {
      ...state,
      notifications: state.notifications.map((notification) => (notification.id === incoming.id ? { ...notification, ...incoming } : notification)),
      unread: Math.max(0, state.unread + unreadDelta),
    };
  }
  return state;
}

/** Drops a deleted notification from the cache. */
export function removeNotification(state: NotificationsPage, notificationId: number): NotificationsPage {
  const existing = state.notifications.find((notification) => notification.id === notificationId);
  if (!existing) return state;
  return {
    notifications: state.notifications.filter((notification) => notification.id !== notificationId),
    total: Math.max(0, state.total - 1),
    unread: Math.max(0, state.unread - (existing.read ? 0 : 1)),
  };
}

/** Newest first (created_at, then id), at most `limit`. */
export function newestFirst(notifications: Notification[], limit = Infinity): Notification[] {
  return [...notifications]
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)
    .slice(0, limit);
}

/** Every notification of the page read (at `readAt` where never viewed), and nothing unread. */
export function markPageRead(state: NotificationsPage, readAt: string): NotificationsPage {
  return { ...state, notifications: state.notifications.map((notification) => (notification.read ? notification : { ...notification, read: true, viewed_on: notification.viewed_on ?? readAt })), unread: 0 };
}

/**
 * "Mark all as read" (issue 37 item 3), ours or heard live from another tab
 * ('notifications_read_all'): every cached page reads as read, the badge and the counts by kind
 * go to zero. The caller reads the list again for the server's own times.
 */
export function applyReadAll(queryClient: QueryClient, userId: number, readAt: string): void {
  queryClient.setQueriesData<NotificationsPage>({ queryKey: notificationsQueryKey(userId), predicate: (query) => query.queryKey[2] === 'page' }, (state) => (state ? markPageRead(state, readAt) : state));
  queryClient.setQueryData<NotificationsUnreadSummary>(unreadSummaryQueryKey(userId), (state) => (state ? { unread: 0, by_kind: {} } : state));
}

/** Pages after the first are not merged: they are refetched when the list changes. */
function isLaterPage(queryKey: readonly unknown[]): boolean {
  return queryKey[2] === 'page' && queryKey[3] !== 1;
}

/** Applies a live event (or the answer of our own PATCH) to the store. */
export function applyNotificationEvent(queryClient: QueryClient, userId: number, event: RealtimeEvent): void {
  const firstPage = notificationsPageQueryKey(userId, 1);
  if (queryClient.getQueryData<NotificationsPage>(firstPage)) {
    queryClient.setQueryData<NotificationsPage>(firstPage, (state) => (state ? mergeRealtimeEvent(state, event) : state));
  } else {
    // Not loaded yet (or loading): fetch it afresh so the event is not lost.
    void queryClient.invalidateQueries({ queryKey: firstPage });
  }
  void queryClient.invalidateQueries({ queryKey: notificationsQueryKey(userId), predicate: (query) => isLaterPage(query.queryKey) });
  // The unread counts by kind (the /notifications page's groups) follow every change.
  void queryClient.invalidateQueries({ queryKey: unreadSummaryQueryKey(userId) });
  if (event.type === 'notification_created') {
    // A new notification usually means a proposal ticket or a project changed on the server
    // (DESIGN.md: status changes and stage changes notify): refresh every project query, so an
    // open project page shows the new ticket status and links without a reload. By key prefix,
    // because features do not import each other (STYLE.md 5).
    void queryClient.invalidateQueries({ queryKey: ['projects'] });
    // The earnings ledger notifies every change of an entry or payout (issue 17): /earnings
    // and the home figures read again, live.
    void queryClient.invalidateQueries({ queryKey: ['earnings'] });
    // A converted lead's project changing stage notifies its partner: /referrals shows the new stage.
    void queryClient.invalidateQueries({ queryKey: ['referrals'] });
    // In the admin area a new notification is usually a new proposal or revision request:
    // Proposal Requests, All Projects and the user pages read again, so it shows without a
    // reload (issue 15 item 1). Only queries in use are fetched; the rest are marked stale.
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  }
}

export function applyNotificationRemoved(queryClient: QueryClient, userId: number, notificationId: number): void {
  queryClient.setQueryData<NotificationsPage>(notificationsPageQueryKey(userId, 1), (state) => (state ? removeNotification(state, notificationId) : state));
  void queryClient.invalidateQueries({ queryKey: notificationsQueryKey(userId) });
}

/**
 * After the live connection (re)connects: whatever was created or read while it was down never
 * arrives as an event, so the list and its unread count (X-Unread-Count of page 1) are fetched
 * afresh, and the project and admin queries with them (as a live notification_created or
 * admin_changed would refresh them).
 * Also on the first connect: a notification made between the first fetch and the subscription
 * would be missed otherwise (issue 14).
 */
export function refreshAfterReconnect(queryClient: QueryClient, userId: number): void {
  void queryClient.invalidateQueries({ queryKey: notificationsQueryKey(userId) });
  void queryClient.invalidateQueries({ queryKey: ['projects'] });
  // An administrator's open screens too: another admin's change made before the subscription
  // was confirmed (or while it was down) never arrives as admin_changed.
  void queryClient.invalidateQueries({ queryKey: ['admin'] });
  void queryClient.invalidateQueries({ queryKey: ['earnings'] });
  void queryClient.invalidateQueries({ queryKey: ['referrals'] });
}
