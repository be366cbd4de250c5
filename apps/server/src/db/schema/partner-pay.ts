import type { BusinessType, PayoutAccountStatus, PayoutProviderKind, TinType } from '@sunin/contract';
import { integer, pgTable, primaryKey, text, timestamp, bigint } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const at = () => timestamp({ withTimezone: true, mode: 'date' });
const cents = () => bigint({ mode: 'number' });

/**
 * A partner's W-9 (issue 38 item 1). The TIN is sealed with the secret box (AES-256-GCM, like
 * two-factor secrets); only its last four digits are kept readable, for the masked form.
 */
export const taxForms = pgTable('tax_forms', {
  user_id: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  legal_name: text().notNull(),
  business_type: text().$type<BusinessType>().notNull(),
  tin_type: text().$type<TinType>().notNull(),
  tin_sealed: text().notNull(),
  tin_last4: text().notNull(),
  address_1: text().notNull(),
  city: text().notNull(),
  state: text().notNull(),
  zip: text().notNull(),
  /** The electronic signature: when the partner certified, and from which address. */
  certified_at: at().notNull(),
  certified_ip: text(),
  reviewed_at: at(),
  reviewed_by: integer().references(() => users.id, { onDelete: 'set null' }),
  created_at: at().notNull().defaultNow(),
  updated_at: at().notNull().defaultNow(),
});

/** Where a partner's payouts go at the payout provider (issue 38 item 2). */
export const payoutAccounts = pgTable('payout_accounts', {
  user_id: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text().$type<PayoutProviderKind>().notNull(),
  /** The provider's account id (Stripe `acct_...`, local `acct_local_...`). */
  account_ref: text().notNull().unique(),
  status: text().$type<PayoutAccountStatus>().notNull(),
  bank_last4: text(),
  requirement: text(),
  /** The local provider only: transfers to this account fail, with this reason (Stripe's closed test account). */
  local_failure: text(),
  created_at: at().notNull().defaultNow(),
  updated_at: at().notNull().defaultNow(),
});

/** Every payout-provider event handled, once (the id is the primary key, written with its effect). */
export const payoutEvents = pgTable('payout_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  provider: text().$type<PayoutProviderKind>().notNull(),
  outcome: text().notNull(),
  processed_at: at().notNull().defaultNow(),
});

/** A monthly statement issued (issue 38 item 3): its totals, and when it was emailed. */
export const earningStatements = pgTable(
  'earning_statements',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `YYYY-MM`, a month of BUSINESS_TIME_ZONE. */
    month: text().notNull(),
    opening_cents: cents().notNull(),
    earned_cents: cents().notNull(),
    adjustments_cents: cents().notNull(),
    payouts_cents: cents().notNull(),
    closing_cents: cents().notNull(),
    issued_at: at().notNull().defaultNow(),
    emailed_at: at(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.month] })],
);

export type TaxFormRow = typeof taxForms.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type EarningStatementRow = typeof earningStatements.$inferSelect;
