import type { LeadConflict, LeadSource, LeadStatus } from '@sunin/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { users } from './users.js';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** A partner's referral code (issue 39 item 1), made on first use. */
export const referralCodes = pgTable('referral_codes', {
  user_id: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text().notNull().unique(),
  created_at: at().notNull().defaultNow(),
});

/**
 * A visit of `/r/{code}`. `token` is the attribution cookie's value (random); the click's time
 * decides whether a lead falls in the attribution window. No address or browser is kept.
 */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: serial().primaryKey(),
    token: text().notNull().unique(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clicked_at: at().notNull().defaultNow(),
  },
  (table) => [index('referral_clicks_user_idx').on(table.user_id, table.clicked_at)],
);

/** The meters a lead's Green Button file gave: 12 monthly kWh each (null for a month without complete readings), with their calendar months. */
export interface LeadUsage {
  meters: { name: string; months: string[]; kwh: (number | null)[] }[];
}

/**
 * A lead (issue 39): a business owner's form, or a site a partner registered by hand. `site_key`
 * is the projects' normalised address; one open lead (new or contacted) per site, any owner.
 */
export const leads = pgTable(
  'leads',
  {
    id: serial().primaryKey(),
    /** The partner the lead belongs to; null: nobody's (no click in the window, or the site is already a project). */
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The partner whose link brought a form that the site's first holder owns. */
    referred_by: integer().references(() => users.id, { onDelete: 'set null' }),
    click_id: integer().references(() => referralClicks.id, { onDelete: 'set null' }),
    source: text().$type<LeadSource>().notNull(),
    status: text().$type<LeadStatus>().notNull().default('new'),
    conflict: text().$type<LeadConflict>(),
    company_name: text().notNull(),
    contact_name: text(),
    email: text(),
    phone: text(),
    address_1: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    zip: text().notNull(),
    site_key: text().generatedAlwaysAs(sql`sunin_site_key(address_1, city, state, zip)`).notNull(),
    utility_company: text(),
    average_monthly_bill_cents: bigint({ mode: 'number' }),
    /** The Green Button file the owner attached: its storage key and what it gave. */
    usage_file_key: text(),
    usage: jsonb().$type<LeadUsage>(),
    /** SHA-256 of the token that lets the form's sender attach a usage file, until upload_expires_at. */
    upload_token_hash: text(),
    upload_expires_at: at(),
    /** A partner's lead ends here unless converted; null for nobody's and once closed. */
    expires_at: at(),
    rejected_reason: text(),
    rejected_by: integer().references(() => users.id, { onDelete: 'set null' }),
    project_id: integer()
      .unique()
      .references(() => projects.id, { onDelete: 'set null' }),
    converted_at: at(),
    converted_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: at().notNull().defaultNow(),
    updated_at: at().notNull().defaultNow(),
  },
  (table) => [
    index('leads_user_created_idx').on(table.user_id, table.created_at.desc(), table.id.desc()),
    index('leads_status_created_idx').on(table.status, table.created_at.desc(), table.id.desc()),
    index('leads_created_idx').on(table.created_at.desc(), table.id.desc()),
    uniqueIndex('leads_open_site_uidx')
      .on(table.site_key)
      .where(sql`status in ('new', 'contacted') and site_key <> ''`),
    index('leads_open_expiry_idx')
      .on(table.expires_at)
      .where(sql`status in ('new', 'contacted') and expires_at is not null`),
    index('leads_upload_token_idx')
      .on(table.upload_token_hash)
      .where(sql`upload_token_hash is not null`),
  ],
);

export type LeadRow = typeof leads.$inferSelect;
