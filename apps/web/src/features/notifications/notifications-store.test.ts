import { describe, expect, it } from 'vitest';
import type { Notification, RealtimeEvent } from '@sunin/contract';
import type { NotificationsPage } from './api/list-notifications';
import { QueryClient } from '@tanstack/react-query';
import { applyNotificationEvent, mergeRealtimeEvent, newestFirst, refreshAfterReconnect, removeNotification } from './notifications-store';

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    user_id: 3,
    title: 'Proposal accepted',
    message: 'An engineer is on it.',
    read: false,
    viewed_on: null,
    project_id: null,
    kind: 'proposal_updates',
    proposal_ticket_id: null,
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const page = (notifications: Notification[], unread = notifications.filter((n) => !n.read).length): NotificationsPage => ({
  notifications,
  total: notifications.length,
  unread,
});

describe('notifications merge rules (member-app.md 4)', () => {
  it("prepends 'notification_created' and counts it as unread", () => {
    const state = page([notification({ id: 1, read: true })]);
    const next = mergeRealtimeEvent(state, { type: 'notification_created', payload: notification({ id: 2 }) });
    expect(next.notifications.map((n) => n.id)).toEqual([2, 1]);
    expect(next.total).toBe(2);
    expect(next.unread).toBe(1);
  });

  it("ignores a 'notification_created' whose id is already present", () => {
    const state = page([notification({ id: 2 }), notification({ id: 1 })]);
    expect(mergeRealtimeEvent(state, { type: 'notification_created', payload: notification({ id: 2, title: 'Again' }) })).toBe(state);
  });

  it("merges 'notification_updated' by id and moves the unread count", () => {
    const state = page([notification({ id: 2 }), notification({ id: 1 })]);
    const next = mergeRealtimeEvent(state, {
      type: 'notification_updated',
      payload: notification({ id: 1, read: true, viewed_on: '2025-03-02T10:00:00.000Z' }),
    });
    expect(next.notifications.map((n) => [n.id, n.read])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(next.notifications[1]?.viewed_on).toBe('2025-03-02T10:00:00.000Z');
    expect(next.unread).toBe(1);
    expect(next.total).toBe(2);
  });

  it("leaves the store alone for an update of an unknown id and for other events", () => {
    const state = page([notification({ id: 1 })]);
    expect(mergeRealtimeEvent(state, { type: 'notification_updated', payload: notification({ id: 9, read: true }) })).toBe(state);
    expect(mergeRealtimeEvent(state, { type: 'something_else', payload: notification({ id: 9 }) } as unknown as RealtimeEvent)).toBe(state);
  });

  it('starts from the server unread count, not only the loaded page', () => {
    const state = page([notification({ id: 1 })], 30);
    expect(mergeRealtimeEvent(state, { type: 'notification_created', payload: notification({ id: 2 }) }).unread).toBe(31);
  });

  it('removes a deleted notification and adjusts both counts', () => {
    const state = page([notification({ id: 2 }), notification({ id: 1, read: true })]);
    expect(removeNotification(state, 2)).toEqual({ notifications: [notification({ id: 1, read: true })], total: 1, unread: 0 });
    expect(removeNotification(state, 99)).toBe(state);
  });

  it('sorts newest first and keeps at most the limit', () => {
    const list = [
      notification({ id: 1, created_at: '2025-03-01T10:00:00.000Z' }),
      notification({ id: 3, created_at: '2025-03-03T10:00:00.000Z' }),
      notification({ id: 2, created_at: '2025-03-02T10:00:00.000Z' }),
    ];
    expect(newestFirst(list, 2).map((n) => n.id)).toEqual([3, 2]);
  });
});

describe('what a live notification refreshes', () => {
  it('marks the project, admin and earnings queries stale on notification_created and after a reconnect, so /earnings moves live (issue 17)', () => {
    const queryClient = new QueryClient();
    const keys = [['projects', 'list'], ['admin', 'earnings', 'user', 7], ['earnings', 'mine']];
    for (const key of keys) queryClient.setQueryData(key, { ok: true });
    applyNotificationEvent(queryClient, 3, { type: 'notification_created', payload: notification({ id: 9 }) } as RealtimeEvent);
    for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated, key.join('/')).toBe(true);

    const fresh = new QueryClient();
    fresh.setQueryData(['earnings', 'mine'], { ok: true });
    fresh.setQueryData(['admin', 'project', 12], { ok: true });
    refreshAfterReconnect(fresh, 3);
    expect(fresh.getQueryState(['earnings', 'mine'])?.isInvalidated).toBe(true);
    // An admin page fetched before the subscription was confirmed reads again (issue 37: another
    // admin's stage change in that moment was lost until a reload).
    expect(fresh.getQueryState(['admin', 'project', 12])?.isInvalidated).toBe(true);
  });
});
