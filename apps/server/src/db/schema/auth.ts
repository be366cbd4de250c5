import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Why a session stopped working (shown to nobody; kept for the audit of an account). */
export type SessionEndReason = 'logout' | 'signed_out_by_user' | 'signed_out_by_admin' | 'password_changed' | 'password_reset' | 'email_changed' | 'mfa_changed' | 'idle';

/**
 * One row per login or signup, keyed by the token's `jti` (DESIGN.md "Sessions", issue 13):
 * authentication reads it with the user, so ending a row ends the token at once. `id` is what
 * the member sees and ends; the jti never leaves the token.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    jti: text().notNull().unique(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Written at most once a minute by authentication; the idle timeout counts from it. */
    last_used_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The token's own `exp`: the absolute lifetime. */
    expires_at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    ended_at: timestamp({ withTimezone: true, mode: 'date' }),
    end_reason: text().$type<SessionEndReason>(),
    user_agent: text().notNull().default(''),
    ip: text().notNull().default(''),
  },
  (table) => [index('sessions_user_id_idx').on(table.user_id), index('sessions_expires_at_idx').on(table.expires_at)],
);

export type SessionRow = typeof sessions.$inferSelect;

/** Two-factor recovery codes (issue 13): ten per enrolment, hashed like passwords, each usable once. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text().notNull(),
    used_at: timestamp({ withTimezone: true, mode: 'date' }),
    created_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('mfa_recovery_codes_user_id_idx').on(table.user_id)],
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
