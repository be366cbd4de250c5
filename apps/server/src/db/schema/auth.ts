import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Logged-out JWTs (devise-jwt's denylist): kept until the token would have expired anyway. */
export const jwtDenylist = pgTable(
  'jwt_denylist',
  {
    jti: text().primaryKey(),
    expires_at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('jwt_denylist_expires_at_idx').on(table.expires_at)],
);

export type UserTokenPurpose = 'password_reset' | 'email_verification';

/**
 * Password reset and email verification tokens. Only a SHA-256 hash of the token is stored;
 * the token itself exists only in the mailed link. Single use (used_at), and expiring.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<UserTokenPurpose>().notNull(),
    token_hash: text().notNull().unique(),
    expires_at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp({ withTimezone: true, mode: 'date' }),
    created_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('user_tokens_user_purpose_idx').on(table.user_id, table.purpose)],
);
