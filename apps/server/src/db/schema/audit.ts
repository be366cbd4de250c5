import type { AuditChanges, AuditEntityType } from '@sunin/contract';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Who changed what in the admin area (issue 15 item 4); written in the write's own transaction. */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actor_id: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity_type: text().$type<AuditEntityType>().notNull(),
    entity_id: integer().notNull(),
    changes: jsonb().$type<AuditChanges>().notNull().default({}),
    created_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_entries_entity_idx').on(table.entity_type, table.entity_id, table.created_at.desc().nullsFirst()),
    index('audit_entries_actor_idx').on(table.actor_id, table.created_at.desc().nullsFirst()),
  ],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
