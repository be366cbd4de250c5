import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The dev outbox: every message when no SMTP_URL is set, listed at /dev/mailbox. */
export const mailMessages = pgTable('mail_messages', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  to_address: text().notNull(),
  from_address: text().notNull(),
  subject: text().notNull(),
  text_body: text().notNull(),
  html_body: text(),
  created_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
