import type { BillingPlanId, BillingProvider } from '@sunin/contract';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Every provider event handled, once: the primary key is the event id, and the row is written
 * in the same transaction as the event's effect, so a replayed event finds it and changes
 * nothing (docs/decisions/004-billing.md).
 */
export const billingEvents = pgTable('billing_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  provider: text().$type<BillingProvider>().notNull(),
  /** The event's own `created` (Stripe's clock). */
  event_created_at: at().notNull(),
  /** applied | stale (older than the state it would overwrite) | ignored (nothing of ours). */
  outcome: text().$type<'applied' | 'stale' | 'ignored'>().notNull(),
  user_id: integer().references(() => users.id, { onDelete: 'set null' }),
  processed_at: at().notNull().defaultNow(),
});

/**
 * Our copy of each provider subscription, kept from its events. `last_event_at` and
 * `last_event_rank` are the position of the newest state applied: an event from before it
 * never overwrites it (out-of-order delivery).
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().$type<BillingProvider>().notNull(),
    customer_id: text().notNull(),
    /** The provider's status (Stripe's: active, trialing, past_due, canceled, ...). */
    provider_status: text().notNull(),
    price_id: text(),
    plan: text().$type<BillingPlanId>(),
    cancel_at_period_end: boolean().notNull().default(false),
    cancel_at: at(),
    current_period_end: at(),
    trial_end: at(),
    ended_at: at(),
    last_event_at: at().notNull(),
    last_event_rank: integer().notNull(),
    created_at: at().notNull().defaultNow(),
    updated_at: at().notNull().defaultNow(),
  },
  (table) => [index('billing_subscriptions_user_idx').on(table.user_id)],
);

/**
 * Checkout sessions created for members, with either provider: a new checkout expires the
 * member's older open ones (so two tabs cannot buy two subscriptions), and the local provider
 * confirms its card form against the row.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().$type<BillingProvider>().notNull(),
    plan: text().$type<BillingPlanId>().notNull(),
    customer_id: text().notNull(),
    /** Kept for the local provider only (its card form sends it back); null for Stripe. */
    client_secret: text().unique(),
    status: text().$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
    subscription_id: text(),
    created_at: at().notNull().defaultNow(),
    updated_at: at().notNull().defaultNow(),
  },
  (table) => [index('checkout_sessions_user_idx').on(table.user_id, table.status)],
);

/**
 * The local test provider's own subscriptions: its stand-in for Stripe's side of the books.
 * The app never reads them directly; it learns of them through the Stripe-shaped events the
 * provider emits, exactly as it learns of Stripe's.
 */
export const localSubscriptions = pgTable(
  'local_subscriptions',
  {
    id: text().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customer_id: text().notNull(),
    plan: text().$type<BillingPlanId>().notNull(),
    status: text().$type<'active' | 'canceled'>().notNull(),
    cancel_at_period_end: boolean().notNull().default(false),
    current_period_start: at().notNull(),
    current_period_end: at().notNull(),
    canceled_at: at(),
    created_at: at().notNull().defaultNow(),
  },
  (table) => [index('local_subscriptions_customer_idx').on(table.customer_id)],
);

export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type LocalSubscriptionRow = typeof localSubscriptions.$inferSelect;
