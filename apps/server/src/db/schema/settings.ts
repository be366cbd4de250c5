import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Administrator settings (DESIGN.md "Settings"): one validated JSON value per name, read
 * through the contract's schema with DOMAIN.md's defaults when no row exists. Every change is
 * audited.
 */
export const settings = pgTable('settings', {
  name: text().primaryKey(),
  value: jsonb().notNull(),
  updated_by: integer().references(() => users.id, { onDelete: 'set null' }),
  updated_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
