import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  viewed_on: z.string().nullable(),
  created_at: z.string(),
  /** Its subject (issue 14 item 8): the project it is about, and the proposal ticket if any; null when none or deleted. */
  project_id: z.number().int().nullable(),
  proposal_ticket_id: z.number().int().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationUpdateBodySchema = z.object({
  notification: z.object({ read: z.boolean({ error: 'read must be true or false.' }) }),
});

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
/** Everything the NotificationsChannel delivers. */
export type CableEvent = RealtimeEvent | AdminChangedEvent;
