import { z } from 'zod';
import { EMAIL_EVENT_TYPES, NOTIFICATION_KINDS, type EmailEventType } from './notifications.js';

// The request and response schemas of the notifications; their values and rules are in notifications.ts.

/** `GET` and `PUT /api/user/notification-preferences` answer `{ notification_preferences: { email: {...} } }`. */
export const notificationPreferencesSchema = z.object({
  /** Whether each event type offered to this user is emailed. */
  email: z.partialRecord(z.enum(EMAIL_EVENT_TYPES), z.boolean()),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesResponseSchema = z.object({ notification_preferences: notificationPreferencesSchema });

/** A `PUT` names only what changes; an event type not offered to the user answers 422. */
export const notificationPreferencesBodySchema = z.strictObject({
  notification_preferences: z.strictObject({
    email: z
      .strictObject(Object.fromEntries(EMAIL_EVENT_TYPES.map((type) => [type, z.boolean({ error: `${type} must be true or false.` }).optional()])) as Record<EmailEventType, z.ZodOptional<z.ZodBoolean>>)
      .refine((email) => Object.keys(email).length > 0, 'Name at least one event type.'),
  }),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;

/**
 * One-click unsubscribe (RFC 8058): the signed token of an email's `List-Unsubscribe` link turns
 * off that one event type for its user, without signing in.
 */
export const unsubscribeQuerySchema = z.strictObject({
  token: z.string({ error: 'The unsubscribe link is incomplete.' }).min(1, 'The unsubscribe link is incomplete.').max(200, 'The unsubscribe link is not valid.'),
});
/** What `GET /api/unsubscribe` tells the page, and `POST` answers once done. */
export const unsubscribeResponseSchema = z.object({
  unsubscribe: z.object({ event_type: z.enum(EMAIL_EVENT_TYPES), label: z.string(), email: z.boolean() }),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

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
  /** What it is about (issue 18 item 4): decides its link and whether it is emailed. */
  kind: z.enum(NOTIFICATION_KINDS),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationUpdateBodySchema = z.object({
  notification: z.object({ read: z.boolean({ error: 'read must be true or false.' }) }),
});
