import { z } from 'zod';
import { EMAIL_DIGEST_EVENT_TYPES, EMAIL_EVENT_TYPES, EMAIL_FREQUENCIES, NOTIFICATION_KINDS, type EmailDigestEventType, type EmailEventType } from './notifications.js';
import { PUSH_EVENT_TYPES, type PushEventType } from './push.js';

// The request and response schemas of the notifications; their values and rules are in notifications.ts.

/** `GET` and `PUT /api/user/notification-preferences` answer `{ notification_preferences: { email: {...}, push: {...} } }`. */
export const notificationPreferencesSchema = z.object({
  /** Whether each event type offered to this user is emailed. */
  email: z.partialRecord(z.enum(EMAIL_EVENT_TYPES), z.boolean()),
  /** Whether each notification type offered to this user is pushed to their devices that have notifications on (issue 41 item 3). */
  push: z.partialRecord(z.enum(PUSH_EVENT_TYPES), z.boolean()),
  /** Full access administrators only (issue 37 item 3): `instant` or `hourly` for each of EMAIL_DIGEST_EVENT_TYPES. */
  frequency: z.partialRecord(z.enum(EMAIL_DIGEST_EVENT_TYPES), z.enum(EMAIL_FREQUENCIES)).optional(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesResponseSchema = z.object({ notification_preferences: notificationPreferencesSchema });

/** A `PUT` names only what changes; an event type not offered to the user answers 422. */
export const notificationPreferencesBodySchema = z.strictObject({
  notification_preferences: z.strictObject({
    email: z
      .strictObject(Object.fromEntries(EMAIL_EVENT_TYPES.map((type) => [type, z.boolean({ error: `${type} must be true or false.` }).optional()])) as Record<EmailEventType, z.ZodOptional<z.ZodBoolean>>)
      .optional(),
    /** Whether each type is pushed to the member's devices (issue 41 item 3). */
    push: z
      .strictObject(Object.fromEntries(PUSH_EVENT_TYPES.map((type) => [type, z.boolean({ error: `${type} must be true or false.` }).optional()])) as Record<PushEventType, z.ZodOptional<z.ZodBoolean>>)
      .optional(),
    /** An administrator's choice of instant email or hourly digest; a member sending it answers 422. */
    frequency: z
      .strictObject(
        Object.fromEntries(EMAIL_DIGEST_EVENT_TYPES.map((type) => [type, z.enum(EMAIL_FREQUENCIES, { error: `${type} must be instant or hourly.` }).optional()])) as Record<
          EmailDigestEventType,
          z.ZodOptional<z.ZodEnum<{ instant: 'instant'; hourly: 'hourly' }>>
        >,
      )
      .optional(),
  }).refine((body) => Object.keys(body.email ?? {}).length + Object.keys(body.push ?? {}).length + Object.keys(body.frequency ?? {}).length > 0, 'Name at least one event type.'),
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

/** POST /api/notifications/read_all (issue 37 item 3): how many of the caller's notifications it marked read. */
export const notificationsReadAllResponseSchema = z.object({ updated: z.number().int() });
/** GET /api/notifications/unread_summary: the caller's unread notifications counted by kind (the bell's page groups by it). */
export const notificationsUnreadSummarySchema = z.object({ unread: z.number().int(), by_kind: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.number().int()) });
export type NotificationsUnreadSummary = z.infer<typeof notificationsUnreadSummarySchema>;
