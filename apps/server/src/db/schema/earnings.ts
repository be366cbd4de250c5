import type { EarningEntryKind, EarningEntryStatus, PayoutMethod, PayoutStatus, ProjectStage } from '@sunin/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { users } from './users.js';

const at = () => timestamp({ withTimezone: true, mode: 'date' });
const cents = () => bigint({ mode: 'number' });

/**
 * Every stage a project has been at (issue 17 item 1, DESIGN.md "Events"): written in the
 * transaction of the change; a project's first row (from_stage null) is its creation.
 * Analytics and "days in the current stage" read it.
 */
export const projectStageChanges = pgTable(
  'project_stage_changes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    from_stage: text().$type<ProjectStage>(),
    to_stage: text().$type<ProjectStage>().notNull(),
    /** Who made the change; null for the backfilled creations and deleted users. */
    changed_by: integer().references(() => users.id, { onDelete: 'set null' }),
    changed_at: at().notNull().defaultNow(),
    /**
     * When the project left this stage: the next change's time, set by that change's
     * transaction; null while the project is still here. Analytics average the stays from it
     * without ordering the whole history (docs/decisions/019-analytics.md).
     */
    left_at: at(),
    /**
     * When the stall alert of this stay went out (issue 18 item 3): set in the transaction that
     * creates the notifications, so a stay alerts once; the next stage change opens a new stay.
     */
    stall_alerted_at: at(),
  },
  // Migration 0009 rebuilds the first two as covering indexes (INCLUDE to_stage, and left_at by
  // time) for index-only analytics scans; drizzle's schema cannot say INCLUDE, so only the keys
  // are here. The partial index holds only the stays the hourly stall check can still alert.
  (table) => [
    index('project_stage_changes_project_idx').on(table.project_id, table.changed_at),
    index('project_stage_changes_changed_idx').on(table.changed_at),
    index('project_stage_changes_stall_idx').on(table.to_stage, table.changed_at).where(sql`${table.left_at} is null and ${table.stall_alerted_at} is null`),
  ],
);

/** A project's deal (DOMAIN.md 2): recorded and corrected by an administrator, money in cents. */
export const deals = pgTable('deals', {
  project_id: integer()
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  contract_value_cents: cents().notNull(),
  net_profit_cents: cents().notNull(),
  recorded_by: integer().references(() => users.id, { onDelete: 'set null' }),
  /** Issue 38 item 4: the deal fell apart (its entry voided, or clawed back once paid). */
  cancelled_at: at(),
  cancelled_by: integer().references(() => users.id, { onDelete: 'set null' }),
  cancel_reason: text(),
  created_at: at().notNull().defaultNow(),
  updated_at: at().notNull().defaultNow(),
});

/**
 * A payout: the partner's whole payable balance at the time. Since issue 38 the payout provider
 * sends it (pending until the provider says paid or failed); older ones were paid outside the
 * portal (`manual`, the reference names the transfer). Its entries point at it while it is
 * pending or paid; a failed payout's entries are approved (payable) again.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount_cents: cents().notNull(),
    reference: text().notNull(),
    paid_by: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Issue 38 item 2: `manual` for the payouts recorded before payouts were sent. */
    method: text().$type<PayoutMethod>().notNull().default('manual'),
    status: text().$type<PayoutStatus>().notNull().default('paid'),
    /** The provider's id of the transfer (Stripe `tr_...`, local `tr_local_...`). */
    provider_ref: text(),
    failure_reason: text(),
    /** When it was paid or failed; null while pending. */
    settled_at: at(),
    created_at: at().notNull().defaultNow(),
    updated_at: at().notNull().defaultNow(),
  },
  (table) => [
    index('payouts_user_idx').on(table.user_id, table.created_at),
    uniqueIndex('payouts_provider_ref_idx').on(table.provider_ref),
    index('payouts_pending_idx').on(table.created_at).where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * The earnings ledger (DOMAIN.md 2): one `deal` entry per project with a deal (its owner's
 * share of the net profit), and `adjustment` entries an administrator adds to correct paid
 * history. The project's name is kept, so the ledger outlives a deleted project.
 */
export const earningEntries = pgTable(
  'earning_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    project_id: integer().references(() => projects.id, { onDelete: 'set null' }),
    kind: text().$type<EarningEntryKind>().notNull(),
    company_name: text().notNull().default(''),
    /** Basis points of the net profit (2000 = 20 %); null for adjustments. */
    share_bp: integer(),
    net_profit_cents: cents(),
    amount_cents: cents().notNull(),
    status: text().$type<EarningEntryStatus>().notNull(),
    reason: text().notNull().default(''),
    payout_id: integer().references(() => payouts.id, { onDelete: 'set null' }),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    approved_at: at(),
    paid_at: at(),
    voided_at: at(),
    /** A clawback's date: expected until then (the partner told), approved and netted from it. */
    applies_at: at(),
    /** The paid deal entry a clawback takes back (one clawback per entry). */
    clawback_of: integer().references((): AnyPgColumn => earningEntries.id, { onDelete: 'set null' }),
    created_at: at().notNull().defaultNow(),
    updated_at: at().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('earning_entries_deal_project_idx').on(table.project_id).where(sql`${table.kind} = 'deal'`),
    uniqueIndex('earning_entries_clawback_of_idx').on(table.clawback_of).where(sql`${table.kind} = 'clawback'`),
    index('earning_entries_due_clawbacks_idx').on(table.applies_at).where(sql`${table.kind} = 'clawback' and ${table.status} = 'expected'`),
    index('earning_entries_user_idx').on(table.user_id, table.status),
    index('earning_entries_payout_idx').on(table.payout_id),
  ],
);

export type StageChangeRow = typeof projectStageChanges.$inferSelect;
export type DealRow = typeof deals.$inferSelect;
export type EarningEntryRow = typeof earningEntries.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
