import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './auth.js';
import { notifications } from './proposals.js';
import { users } from './users.js';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * One device's web push subscription (issue 41 item 3): the browser's endpoint and keys, made
 * when a member turns on notifications on that device. An endpoint belongs to one user: a
 * device that signs in as someone else moves it. Removed on the push service's 404 or 410.
 * It belongs to the session that turned it on (or last confirmed it): when that session ends
 * (sign-out, revoked, password change, expiry pruned), the device stops receiving the member's
 * notifications (sessions.service endSessionsIn deletes it; the cascade covers pruned rows).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session that turned it on, or last sent it again from the device (the app does at every
     * start). Ending that session on purpose (sign-out, another device's "sign out", an
     * administrator, a new password...) removes the device in the same transaction; a session that
     * merely went idle or expired keeps it, and its pruning leaves null (docs/decisions/053).
     */
    session_id: integer().references(() => sessions.id, { onDelete: 'set null' }),
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for the payload's encryption. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** The browser's own expiry, when it names one. */
    expires_at: at(),
    /** A short description of the device (from its User-Agent), for the member's list. */
    device: text().notNull().default(''),
    created_at: at().notNull().defaultNow(),
    last_success_at: at(),
    /** Messages given up in a row (PUSH_MAX_CONSECUTIVE_FAILURES): at the limit the subscription is deleted; a delivery resets it. */
    consecutive_failures: integer().notNull().default(0),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.user_id), index('push_subscriptions_session_idx').on(table.session_id)],
);

/**
 * The push outbox, like mail's: one row per notification and subscription, written in the
 * transaction of the notification, claimed once per cluster (FOR UPDATE SKIP LOCKED), retried
 * with backoff until a final failure.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subscription_id: integer()
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notification_id: integer().references(() => notifications.id, { onDelete: 'cascade' }),
    /** What the service worker shows: title, body, the address it opens, a tag. */
    payload: jsonb().$type<{ title: string; body: string; url: string | null; tag: string }>().notNull(),
    attempts: integer().notNull().default(0),
    next_attempt_at: at().notNull().defaultNow(),
    sent_at: at(),
    failed_at: at(),
    last_error: text(),
    created_at: at().notNull().defaultNow(),
  },
  (table) => [
    index('push_outbox_due_idx').on(table.next_attempt_at).where(sql`sent_at is null and failed_at is null`),
    // The worker prunes rows sent or failed a week ago, oldest first.
    index('push_outbox_created_idx').on(table.created_at),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushOutboxRow = typeof pushOutbox.$inferSelect;
