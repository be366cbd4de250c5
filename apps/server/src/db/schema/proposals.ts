import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { EmailEventType, EmailFrequency, NotificationKind, PushEventType } from '@sunin/contract';
import { projects } from './projects.js';
import { users } from './users.js';

const createdAt = timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A request for a design proposal (member-app.md 3, public-site-and-admin.md 3 and 4). */
export const proposalTickets = pgTable(
  'proposal_tickets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    details: text().notNull().default(''),
    company_name: text().notNull().default(''),
    company_address: text().notNull().default(''),
    /** 1 to 8: PROPOSAL_STATUSES[status - 1]. */
    status: integer().notNull(),
    notification_user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    engineer_name: text().notNull().default(''),
    admin_notes: text().notNull().default(''),
    rejection_reason: text(),
    rejection_specific: text(),
    /** The full access administrator who owns the request in the queue (issue 37 item 2); null while unassigned. */
    assignee_id: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * The current clock (the ticket's latest proposal_clocks row), copied for the queue's urgency
     * order (issue 37 item 2, migration 0020, decision 043): 0 running, 1 waiting for the power
     * bill, 2 stopped or no clock; and its due time. Kept by a trigger on proposal_clocks in the
     * clock's transaction, never written by the server.
     */
    clock_rank: integer().notNull().default(2),
    clock_due_at: timestamp({ withTimezone: true, mode: 'date' }),
    created_at: createdAt,
    updated_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('proposal_tickets_project_idx').on(table.project_id),
    // The queue in urgency order, all of it and one assignee's (or the unassigned): the first page
    // reads a page of index entries however many tickets there are (decision 043).
    index('proposal_tickets_urgency_idx').on(table.clock_rank, table.clock_due_at, table.id.desc().nullsFirst()),
    index('proposal_tickets_assignee_urgency_idx').on(table.assignee_id, table.clock_rank, table.clock_due_at, table.id.desc().nullsFirst()),
    index('proposal_tickets_status_idx').on(table.status),
    // The tickets' search (proposals.service.ts): trigram indexes, migration 0016 and decision 032.
    index('proposal_tickets_search_idx').using('gin', sql`(${table.id}::text) public.gin_trgm_ops`, table.company_name.op('public.gin_trgm_ops')),
  ],
);

export const proposalLinks = pgTable(
  'proposal_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    proposal_ticket_id: integer()
      .notNull()
      .references(() => proposalTickets.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    url: text().notNull(),
    /**
     * The delivery (history entry of status 3 or 7) that attached it: a proposal version's links
     * (issue 36 item 2). Migration 0018 matched the earlier links by time.
     */
    delivery_history_id: integer().references((): AnyPgColumn => proposalTicketHistories.id, { onDelete: 'set null' }),
    created_at: createdAt,
  },
  (table) => [index('proposal_links_ticket_idx').on(table.proposal_ticket_id)],
);

/** One row per status change, written in the same transaction as the change. */
export const proposalTicketHistories = pgTable(
  'proposal_ticket_histories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    proposal_ticket_id: integer()
      .notNull()
      .references(() => proposalTickets.id, { onDelete: 'cascade' }),
    status: integer().notNull(),
    event_date: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    action_taken_by: text().notNull(),
    rejection_reason: text(),
    rejection_specific: text(),
    notes: text().notNull().default(''),
    proposal_link: text(),
  },
  (table) => [index('proposal_ticket_histories_ticket_idx').on(table.proposal_ticket_id, table.event_date)],
);

/**
 * The 48-hour proposal clocks (issue 18 item 1, DOMAIN.md 3): one per request or revision
 * request, the ticket's current clock being its latest. `started_at` and `due_at` stay null
 * until the project's power bill is received; `stopped_at` is set by a delivery (with
 * `delivered_at`) or a rejection. The reminder columns make each admin reminder once per clock.
 */
export const proposalClocks = pgTable(
  'proposal_clocks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    proposal_ticket_id: integer()
      .notNull()
      .references(() => proposalTickets.id, { onDelete: 'cascade' }),
    requested_at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    started_at: timestamp({ withTimezone: true, mode: 'date' }),
    due_at: timestamp({ withTimezone: true, mode: 'date' }),
    stopped_at: timestamp({ withTimezone: true, mode: 'date' }),
    delivered_at: timestamp({ withTimezone: true, mode: 'date' }),
    reminded_hours_left_at: timestamp({ withTimezone: true, mode: 'date' }),
    reminded_deadline_at: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('proposal_clocks_ticket_idx').on(table.proposal_ticket_id, table.id.desc().nullsFirst()),
    // The reminder job and the overdue filter read the running clocks by due time.
    index('proposal_clocks_running_due_idx').on(table.due_at).where(sql`stopped_at is null`),
    index('proposal_clocks_started_idx').on(table.started_at),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    message: text().notNull(),
    read: boolean().notNull().default(false),
    viewed_on: timestamp({ withTimezone: true, mode: 'date' }),
    created_at: createdAt,
    /** What the notification is about (issue 14 item 8): the web app opens it. Gone subjects become null. */
    project_id: integer().references(() => projects.id, { onDelete: 'set null' }),
    proposal_ticket_id: integer().references(() => proposalTickets.id, { onDelete: 'set null' }),
    /** What it is about (issue 18 item 4): its link, and whether it is emailed. Migration 0012 backfills it by title. */
    kind: text().$type<NotificationKind>().notNull(),
    /**
     * Its email waits for the recipient's hourly digest (issue 37 item 3): set instead of an
     * outbox row when the recipient chose the digest for this kind; the digest job clears it.
     */
    digest_pending: boolean().notNull().default(false),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.user_id, table.created_at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('notifications_digest_pending_idx').on(table.user_id, table.id).where(sql`${table.digest_pending}`),
  ],
);

/**
 * A member's choice of whether an event type is emailed (issue 18 item 4). Only choices are
 * stored: an event type without a row follows the contract's DEFAULT_EMAIL_PREFERENCES.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** An email event type, or a push type without an email choice (`integrations`, issue 41 item 3: its row holds only `push`). */
    event_type: text().$type<EmailEventType | PushEventType>().notNull(),
    email: boolean().notNull(),
    /** `instant` (an email per notification) or `hourly` (one digest an hour), for the kinds of EMAIL_DIGEST_EVENT_TYPES (issue 37 item 3). */
    frequency: text().$type<EmailFrequency>().notNull().default('instant'),
    /** Whether it is pushed to the member's devices (issue 41 item 3); null follows DEFAULT_PUSH_PREFERENCES. */
    push: boolean(),
    updated_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.event_type] })],
);

export type ProposalTicketRow = typeof proposalTickets.$inferSelect;
export type ProposalLinkRow = typeof proposalLinks.$inferSelect;
export type ProposalTicketHistoryRow = typeof proposalTicketHistories.$inferSelect;
export type ProposalClockRow = typeof proposalClocks.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
