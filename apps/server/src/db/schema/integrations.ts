import type { ApiTokenScope, WebhookDeliveryStatus, WebhookEndpointDisabledReason } from '@sunin/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A personal API token (issue 40 item 1): shown once, kept as the SHA-256 of its text. A token
 * acts as its user within its scopes until it expires or is revoked.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scopes: text().array().$type<ApiTokenScope[]>().notNull(),
    /** SHA-256 (hex) of the whole token text. */
    token_hash: text().notNull().unique(),
    /** The token's last four characters, so its owner can tell tokens apart. */
    token_hint: text().notNull(),
    created_at: at().notNull().defaultNow(),
    /** Null: never expires. */
    expires_at: at(),
    /** Written at most once a minute. */
    last_used_at: at(),
    revoked_at: at(),
  },
  (table) => [index('api_tokens_user_idx').on(table.user_id, table.created_at)],
);

/**
 * A webhook endpoint (issue 40 item 3): a member's receives their own data; an administrator's
 * company-wide one receives everyone's. The signing secret (`whsec_...`) is kept encrypted.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company_wide: boolean().notNull().default(false),
    url: text().notNull(),
    description: text().notNull().default(''),
    events: text().array().notNull(),
    /** The `whsec_` secret, sealed with the secret box. */
    secret_sealed: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabled_at: at(),
    disabled_reason: text().$type<WebhookEndpointDisabledReason>(),
    /** The first failed attempt since the last success; null while deliveries succeed. */
    failing_since: at(),
    /** The latest failed attempt: a failure long after it starts a new failing period. */
    last_failure_at: at(),
    created_at: at().notNull().defaultNow(),
    updated_at: at().notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_user_idx').on(table.user_id), index('webhook_endpoints_company_idx').on(table.id).where(sql`company_wide and enabled`)],
);

/**
 * One message to one endpoint (the outbox, written in the transaction of the change). `body` is
 * the exact JSON sent and signed on every attempt; `message_id` is its `webhook-id`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial().primaryKey(),
    endpoint_id: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    message_id: text().notNull(),
    event_type: text().notNull(),
    body: text().notNull(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    next_attempt_at: at().notNull().defaultNow(),
    /** A claimed delivery is not due again until its lease ends. */
    lease_until: at(),
    created_at: at().notNull().defaultNow(),
    completed_at: at(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.next_attempt_at).where(sql`status = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpoint_id, table.created_at),
    // The prune job's scan of deliveries past their 30 days.
    index('webhook_deliveries_created_idx').on(table.created_at),
  ],
);

/** Each attempt of a delivery, for the endpoint's delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial().primaryKey(),
    delivery_id: integer()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempted_at: at().notNull().defaultNow(),
    duration_ms: integer().notNull(),
    /** The receiver's HTTP status; null when no answer came (refused, timed out, unreachable). */
    status_code: integer(),
    error: text(),
    /** The start of the answer's body, at most 4 KiB read. */
    response_excerpt: text().notNull().default(''),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.delivery_id, table.attempted_at)],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
