import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects, storedFiles } from './projects.js';
import { users } from './users.js';

const createdAt = timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A customer link of a project (issue 36 item 1; docs/decisions/040): APP_URL/p/{token}, 32
 * random bytes of which only the SHA-256 is kept. Expired after `expires_at`, withdrawn by
 * `revoked_at`, signed once (`signed_at`).
 */
export const projectShares = pgTable(
  'project_shares',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    recipient_name: text().notNull(),
    recipient_email: text().notNull(),
    token_hash: text().notNull().unique(),
    expires_at: at().notNull(),
    revoked_at: at(),
    emailed_at: at(),
    view_count: integer().notNull().default(0),
    last_viewed_at: at(),
    /** The last open the partner was told of: the first, then at most one a day (item 3). */
    view_notified_at: at(),
    signed_at: at(),
    created_at: createdAt,
  },
  (table) => [index('project_shares_project_idx').on(table.project_id, table.created_at.desc().nullsFirst())],
);

/** Each open of a link (item 3): when, the address as an HMAC, the user agent. */
export const shareViews = pgTable(
  'share_views',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    share_id: integer()
      .notNull()
      .references(() => projectShares.id, { onDelete: 'cascade' }),
    viewed_at: at().notNull().defaultNow(),
    address_hash: text().notNull(),
    user_agent: text().notNull().default(''),
  },
  (table) => [index('share_views_share_idx').on(table.share_id, table.viewed_at)],
);

/** A six-digit code emailed to the signer (item 4): its hash, ten minutes, five tries, used once. */
export const shareSignatureCodes = pgTable(
  'share_signature_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    share_id: integer()
      .notNull()
      .references(() => projectShares.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    code_hash: text().notNull(),
    expires_at: at().notNull(),
    tries: integer().notNull().default(0),
    used_at: at(),
    created_at: createdAt,
  },
  (table) => [index('share_signature_codes_share_idx').on(table.share_id, table.created_at.desc().nullsFirst())],
);

/** A customer's request for changes instead of a signature (item 5). */
export const shareChangeRequests = pgTable(
  'share_change_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    share_id: integer()
      .notNull()
      .references(() => projectShares.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    note: text().notNull(),
    created_at: createdAt,
  },
  (table) => [index('share_change_requests_share_idx').on(table.share_id)],
);

export interface SignatureEvent {
  at: string;
  event: string;
  detail: string;
}

/**
 * The evidence of an electronic signature (item 4; decision 040), kept whole in its row so that
 * it outlives the link and the project: who signed, from where, what they consented to, every
 * event's time, and the signed PDF (its own storage key, apart from the project file the partner
 * may delete) with its SHA-256.
 */
export const shareSignatures = pgTable(
  'share_signatures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    share_id: integer().references(() => projectShares.id, { onDelete: 'set null' }),
    project_id: integer().references(() => projects.id, { onDelete: 'set null' }),
    company_name: text().notNull(),
    proposal_version: integer(),
    signer_name: text().notNull(),
    signer_title: text().notNull(),
    signer_email: text().notNull(),
    signer_address: text().notNull(),
    user_agent: text().notNull().default(''),
    method: text().$type<'typed' | 'drawn'>().notNull(),
    typed_signature: text(),
    consent_text: text().notNull(),
    events: jsonb().$type<SignatureEvent[]>().notNull().default([]),
    document_key: text().notNull().unique(),
    document_sha256: text().notNull(),
    stored_file_id: integer().references(() => storedFiles.id, { onDelete: 'set null' }),
    signed_at: at().notNull(),
  },
  (table) => [
    uniqueIndex('share_signatures_share_idx').on(table.share_id).where(sql`share_id is not null`),
    index('share_signatures_project_idx').on(table.project_id),
  ],
);

export type ProjectShareRow = typeof projectShares.$inferSelect;
export type ShareSignatureRow = typeof shareSignatures.$inferSelect;
