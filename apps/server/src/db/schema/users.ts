import type { AccountType, CompanyRole, SubscriptionStatus } from '@sunin/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Every User field of both spec documents (member-app.md 3, public-site-and-admin.md 3). */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    first_name: text().notNull(),
    last_name: text().notNull(),
    user_name: text().notNull().unique(),
    email: text().notNull().unique(),
    password_digest: text().notNull(),
    phone_number: text().notNull().default(''),
    referrer_name: text().notNull().default(''),
    address_1: text().notNull().default(''),
    address_2: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    zip: text().notNull().default(''),
    account_type: text().$type<AccountType>().notNull(),
    company_role: text().$type<CompanyRole>(),
    member_level: text(),
    image: text(),
    ...timestamps,
    last_activity_at: timestamp({ withTimezone: true, mode: 'date' }),
    email_verified_at: timestamp({ withTimezone: true, mode: 'date' }),
    subscription_status: text().$type<SubscriptionStatus>(),
    stripe_customer_id: text(),
    stripe_subscription_id: text(),
    is_in_trial: boolean().notNull().default(false),
    trial_end_date: timestamp({ withTimezone: true, mode: 'date' }),
    subscription_end_date: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * The TOTP secret, encrypted (AES-256-GCM, lib/secret-box.ts); set by a setup and active
     * only once mfa_enabled_at is set (issue 13, docs/decisions).
     */
    mfa_secret: text(),
    mfa_enabled_at: timestamp({ withTimezone: true, mode: 'date' }),
    /** The last accepted TOTP time step: a code works once. */
    mfa_last_step: integer(),
    /** The weekly digest slot last handled for this user (issue 18 item 4): each slot sends at most once. */
    digest_sent_at: timestamp({ withTimezone: true, mode: 'date' }),
    /** The partner's company and logo, shown on their customer links (issue 36 item 2). */
    company_name: text().notNull().default(''),
    /** The logo's bytes in storage (`logos/{uuid}`), checked by content; null without one. */
    logo_key: text(),
    logo_content_type: text(),
    logo_updated_at: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('users_first_name_idx').on(table.first_name),
    // All Users' search and All Projects' owner search (admin.service.ts): trigram indexes,
    // migration 0016 and decision 032.
    index('users_search_idx').using(
      'gin',
      sql`(${table.first_name} || ' ' || ${table.last_name}) public.gin_trgm_ops`,
      table.email.op('public.gin_trgm_ops'),
      table.user_name.op('public.gin_trgm_ops'),
      table.phone_number.op('public.gin_trgm_ops'),
    ),
    // Members' search also matches the partner's company (issue 37 item 5, migration 0021).
    index('users_company_search_idx').using('gin', table.company_name.op('public.gin_trgm_ops')),
    // All Projects sorted by owner (issue 37 item 5): members in name order, each with their projects from projects_user_updated_idx.
    index('users_name_order_idx').on(sql`lower(${table.last_name})`, sql`lower(${table.first_name})`, table.id),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
