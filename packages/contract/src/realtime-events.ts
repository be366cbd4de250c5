import type { Notification } from './notification-schemas.js';
import type { LeadsChangedEvent } from './referrals.js';

// What the NotificationsChannel delivers. Apart from the notifications' values (notifications.ts)
// because its payload types come from the schemas, which import those values; the imports here
// are types only, so the web app's live connection still loads no zod.

/**
 * Real-time events (member-app.md 3 and 7): an event name and a payload, delivered on the
 * NotificationsChannel of the notification's user.
 */
export const REALTIME_EVENTS = ['notification_created', 'notification_updated'] as const;
export type RealtimeEventType = (typeof REALTIME_EVENTS)[number];
export interface RealtimeEvent {
  type: RealtimeEventType;
  payload: Notification;
}
export const NOTIFICATIONS_CHANNEL = 'NotificationsChannel';

/**
 * Sent on every administrator's NotificationsChannel after any admin write succeeds (issue 15
 * item 1): the open admin lists read again, so one admin's stage or status change shows on
 * another's screen without a reload. `path` is the route pattern that changed something.
 */
export const ADMIN_CHANGED_EVENT = 'admin_changed';
export interface AdminChangedEvent {
  type: typeof ADMIN_CHANGED_EVENT;
  payload: { path: string };
}
/**
 * Sent on the user's NotificationsChannel after `POST /api/notifications/read_all` (issue 37
 * item 3): every notification of theirs created up to `read_at` is read now. One event however
 * many it marked (not one `notification_updated` per row), so the user's other open tabs set
 * their list read and their badge to zero in one step (docs/decisions/044).
 */
export const NOTIFICATIONS_READ_ALL_EVENT = 'notifications_read_all';
export interface NotificationsReadAllEvent {
  type: typeof NOTIFICATIONS_READ_ALL_EVENT;
  payload: { updated: number; read_at: string };
}
/** What the bus delivers to one user's sockets. */
export type UserEvent = RealtimeEvent | NotificationsReadAllEvent | LeadsChangedEvent;
/** Everything the NotificationsChannel delivers. */
export type CableEvent = UserEvent | AdminChangedEvent;
