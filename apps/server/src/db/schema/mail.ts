import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The dev mailbox: what was delivered while no SMTP_URL is set, listed at /dev/mailbox. */
export const mailMessages = pgTable('mail_messages', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  to_address: text().notNull(),
  from_address: text().notNull(),
  subject: text().notNull(),
  text_body: text().notNull(),
  html_body: text(),
  /** The headers the message was sent with beyond From, To and Subject (List-Unsubscribe...), shown by the mailbox. */
  headers: jsonb().$type<Record<string, string>>(),
  created_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The mail outbox (DESIGN.md "Outbox and jobs", issue 13): a message is written here in the
 * transaction of the action that causes it, and a worker in every process claims due rows
 * (FOR UPDATE SKIP LOCKED), sends them, and retries failures with backoff until it gives up;
 * sent and failed rows are pruned after MAIL_RETENTION_DAYS and MAIL_FAILED_RETENTION_DAYS.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to_address: text().notNull(),
    subject: text().notNull(),
    text_body: text().notNull(),
    html_body: text(),
    /**
     * A templated message (issue 18 item 4): rendered by the worker when it is sent, from
     * `template_data`, into its subject, text, HTML and headers; `subject` holds the subject
     * known at enqueue and `text_body` stays empty. A template error is then a failed send,
     * never a failed action.
     */
    template: text(),
    template_data: jsonb(),
    /**
     * Files sent with the message, read from storage when it is sent (issue 36 item 4: the
     * signed proposal to its signer): name, type and storage key each.
     */
    attachments: jsonb().$type<Array<{ filename: string; content_type: string; storage_key: string }>>().notNull().default([]),
    attempts: integer().notNull().default(0),
    next_attempt_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sent_at: timestamp({ withTimezone: true, mode: 'date' }),
    /** Set when the retries are used up; such a row is never tried again. */
    failed_at: timestamp({ withTimezone: true, mode: 'date' }),
    last_error: text(),
    created_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.next_attempt_at).where(sql`sent_at is null and failed_at is null`),
    // The worker prunes rows sent or given up on before their retention, oldest first (decision 055).
    index('mail_outbox_created_idx').on(table.created_at),
  ],
);
