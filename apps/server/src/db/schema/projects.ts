import type { ExportCredit, LinkType, Meter, ProjectStage, RoofAge, RoofType, TariffPeriod, YesNo } from '@sunin/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const createdAt = timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * The customer companies of a member's projects (DESIGN.md): a project belongs to the account
 * of its company name for that member, found or created when the project is saved.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company_name: text().notNull(),
    address: text().notNull().default(''),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [uniqueIndex('accounts_user_company_idx').on(table.user_id, sql`lower(${table.company_name})`)],
);

/** Every Project field of both spec documents (member-app.md 3, public-site-and-admin.md 3). */
export const projects = pgTable(
  'projects',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: integer().references(() => accounts.id, { onDelete: 'set null' }),
    company_name: text().notNull().default(''),
    industry: text().notNull().default(''),
    address_1: text().notNull().default(''),
    address_2: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    zip: text().notNull().default(''),
    shade_interference: text().$type<YesNo>(),
    shade_interference_details: text().notNull().default(''),
    type_of_roof: text().$type<RoofType>(),
    age_of_roof: text().$type<RoofAge>(),
    roof_description: text().notNull().default(''),
    utility_company: text().notNull().default(''),
    utility_account_holder: text().notNull().default(''),
    utility_account_number: text().notNull().default(''),
    main_meter_number: text().notNull().default(''),
    main_panel_amperage: text().notNull().default(''),
    power_bill_received_status: text().$type<YesNo>(),
    average_monthly_power_bill_cost: text().notNull().default(''),
    additional_utility_notes: text().notNull().default(''),
    kilowatt_amounts: jsonb().$type<Array<Array<number | null>>>().notNull().default([]),
    project_stage: text().$type<ProjectStage>().notNull().default('Project Initiation'),
    proposal_url: text(),
    itc_energy_community: boolean().notNull().default(false),
    itc_domestic_content: boolean().notNull().default(false),
    tax_exempt: boolean().notNull().default(false),
    /**
     * Issue 35 item 1: one entry per meter of kilowatt_amounts, same order (migration 0017 gave
     * every existing meter January to December of the reference year). Read through
     * projectMeters(), which fills an entry a shorter list lacks.
     */
    meters: jsonb().$type<Meter[]>().notNull().default([]),
    construction_start_date: date({ mode: 'string' }),
    expected_in_service_date: date({ mode: 'string' }),
    itc_prevailing_wage: boolean().notNull().default(false),
    /**
     * When the project reached its current stage: its newest stage change's changed_at, written
     * with that change (migration 0015), so a page reads it with the row instead of probing the
     * history once per project. Null only for a project without a history.
     */
    stage_entered_at: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * When the customer signed the current proposal through a link (issue 36 item 4); a new
     * delivery of the proposal clears it, as a new version needs a new signature.
     */
    signed_at: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * The deal's contract value in cents, 0 without a deal (issue 37 item 4): kept by a trigger on
     * deals (migration 0019), so the pipeline board's totals follow the project's row.
     */
    deal_value_cents: bigint({ mode: 'number' }).notNull().default(0),
    /** The stage's place in the pipeline (1 to 6, Archived last): lists sort stages in pipeline order (issue 37 item 5). */
    stage_rank: integer().generatedAlwaysAs(sql`sunin_stage_rank(project_stage)`).notNull(),
    /**
     * The site's normalised address (issue 37 item 6, `sunin_site_key` of migration 0019): street
     * words and suffixes normalised, with the city (or the ZIP code) and the state; '' when the
     * address is too incomplete to compare, and '' never matches.
     */
    site_key: text().generatedAlwaysAs(sql`sunin_site_key(address_1, city, state, zip)`).notNull(),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [
    // The pipeline board's cards (issue 37 item 4): the longest in each stage first, company-wide and per owner.
    index('projects_stage_entered_idx').on(table.project_stage, table.stage_entered_at, table.id),
    index('projects_user_stage_entered_idx').on(table.user_id, table.project_stage, table.stage_entered_at, table.id),
    // Sorting by stage in pipeline order and by days in stage (issue 37 item 5).
    index('projects_stage_rank_idx').on(table.stage_rank, table.updated_at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('projects_stage_entered_at_idx').on(table.stage_entered_at, table.id),
    // Possible duplicates (issue 37 item 6): the owner's own sites, and every partner's.
    index('projects_user_site_idx').on(table.user_id, table.site_key).where(sql`${table.site_key} <> ''`),
    index('projects_site_idx').on(table.site_key).where(sql`${table.site_key} <> ''`),
    index('projects_user_updated_idx').on(table.user_id, table.updated_at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('projects_updated_idx').on(table.updated_at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('projects_account_idx').on(table.account_id),
    // All Projects' search (admin.service.ts projectListWhere): trigram indexes answer a
    // substring ILIKE without reading every row (migration 0016 and decision 032).
    index('projects_search_idx').using('gin', sql`(${table.id}::text) public.gin_trgm_ops`, table.company_name.op('public.gin_trgm_ops'), table.city.op('public.gin_trgm_ops')),
  ],
);

/**
 * How many projects each member has at each stage (issue 19 item 2), kept by triggers on
 * projects in the writing transaction (migration 0013), so that a list's total is a few rows
 * read, not every matching project counted. Rows at 0 stay.
 */
export const projectCounts = pgTable(
  'project_counts',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    project_stage: text().$type<ProjectStage>().notNull(),
    n: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.project_stage] })],
);

/**
 * The pipeline board's column totals (issue 37 item 4): projects and deal value per owner, stage
 * and state, kept by triggers on projects in the writing transaction (migration 0019), so a
 * column's count and total are a few rows read, whatever the number of projects. Rows at 0 stay.
 */
export const boardTotals = pgTable(
  'board_totals',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    project_stage: text().$type<ProjectStage>().notNull(),
    state: text().notNull(),
    n: integer().notNull(),
    deal_value_cents: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.project_stage, table.state] }), index('board_totals_stage_idx').on(table.project_stage, table.state)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    contact_first_name: text().notNull().default(''),
    contact_last_name: text().notNull().default(''),
    contact_title: text().notNull().default(''),
    contact_email: text().notNull().default(''),
    contact_phone_number: text().notNull().default(''),
    contact_notes: text().notNull().default(''),
    profile_photo_url: text(),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [index('contacts_project_idx').on(table.project_id)],
);

export const projectLinks = pgTable(
  'project_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    link_type: text().$type<LinkType>().notNull(),
    link_title: text().notNull(),
    link_url: text().notNull(),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [index('project_links_project_idx').on(table.project_id)],
);

export type StoredFileKind = 'image' | 'file';

/**
 * Photos and PDF files (Active Storage's shape): the bytes live in the storage backend under
 * `storage_key`, which the server generates; no name from the client reaches the disk.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text().$type<StoredFileKind>().notNull(),
    name: text().notNull(),
    content_type: text().notNull(),
    byte_size: bigint({ mode: 'number' }).notNull(),
    checksum: text().notNull(),
    storage_key: text().notNull().unique(),
    /**
     * A photo's capture time and GPS position (issue 41 item 2), read on the device from its EXIF
     * and sent as fields of the upload; the stored bytes carry no metadata.
     */
    taken_at: timestamp({ withTimezone: true, mode: 'date' }),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /**
     * The upload's `Idempotency-Key` (issue 41 item 2): an offline queue that sends an upload
     * again after a lost answer gets the row it already made, never a second copy.
     */
    client_ref: text(),
    created_at: createdAt,
  },
  (table) => [
    index('stored_files_project_kind_idx').on(table.project_id, table.kind),
    uniqueIndex('stored_files_client_ref_idx').on(table.project_id, table.client_ref).where(sql`client_ref is not null`),
  ],
);

/**
 * A note taken on a project, typically at a site visit (issue 41 item 2): written by its
 * project's owner or an administrator, kept in order, never edited.
 */
export const projectNotes = pgTable(
  'project_notes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    author_id: integer().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    /** The create's `Idempotency-Key`, as on stored_files. */
    client_ref: text(),
    created_at: createdAt,
  },
  (table) => [
    index('project_notes_project_idx').on(table.project_id, table.id),
    uniqueIndex('project_notes_client_ref_idx').on(table.project_id, table.client_ref).where(sql`client_ref is not null`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    details: text().notNull().default(''),
    status: text().$type<'open' | 'in_progress' | 'closed'>().notNull().default('open'),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [index('tickets_project_idx').on(table.project_id)],
);

export type ProjectRow = typeof projects.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type ProjectLinkRow = typeof projectLinks.$inferSelect;
export type StoredFileRow = typeof storedFiles.$inferSelect;
export type ProjectNoteRow = typeof projectNotes.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;

/** Commercial tariffs (issue 35 item 4; DOMAIN.md 1b; decision 038). */
export const tariffs = pgTable(
  'tariffs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    utility: text().notNull(),
    state: text().notNull(),
    effective_date: date({ mode: 'string' }).notNull(),
    source: text().notNull().default(''),
    customer_charge_usd: doublePrecision().notNull(),
    periods: jsonb().$type<TariffPeriod[]>().notNull().default([]),
    energy_rates: jsonb().$type<{ period: string | null; usd_per_kwh: number }[]>().notNull().default([]),
    demand_charges: jsonb().$type<{ period: string | null; usd_per_kw: number }[]>().notNull().default([]),
    export_credit: text().$type<ExportCredit>().notNull(),
    export_rate_usd_per_kwh: doublePrecision().notNull(),
    /** A seeded example, to be checked against the utility's tariff sheet. */
    example: boolean().notNull().default(false),
    created_at: createdAt,
    updated_at: updatedAt,
  },
  (table) => [index('tariffs_state_idx').on(table.state, table.name)],
);

/** Raw bytes (PostgreSQL bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * A meter's interval data kept by a usage import (issue 35 item 3): one year at most, kWh per
 * step as little-endian float32, from a local wall-clock start (seconds, as if UTC). Made by
 * the import, named by a meter's `interval_import_id` once the project is saved; one no meter
 * names is deleted when the project is next saved or by the storage sweep after a day.
 */
export const meterIntervalImports = pgTable(
  'meter_interval_imports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    start_seconds: bigint({ mode: 'number' }).notNull(),
    step_seconds: integer().notNull(),
    first_month: text().notNull(),
    last_month: text().notNull(),
    kwh: bytea().notNull(),
    created_at: createdAt,
  },
  (table) => [index('meter_interval_imports_project_idx').on(table.project_id)],
);
