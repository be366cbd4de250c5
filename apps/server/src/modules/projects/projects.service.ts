import {
  ARCHIVED_STAGE,
  PROJECT_MESSAGES,
  PROJECT_STAGES,
  type PageQuery,
  type Project,
  type ProjectStage,
  type ProjectStatistics,
} from '@sunin/contract';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { projectCreateSchema, projectUpdateSchema } from '@sunin/contract';
import type { AppContext } from '../../app-context.js';
import { runWithin, statement, type Executor } from '../../db/client.js';
import { accounts, projectCounts, projects, settings, users, type NotificationRow, type ProjectRow, type UserRow } from '../../db/schema/index.js';
import { AppError, PossibleDuplicate } from '../../lib/app-error.js';
import { offsetOf } from '../../lib/pagination.js';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.js';
import { assertCanWrite, findWritableProject, isAdmin, type ProjectScope } from './project-access.js';
import { auditedFields, diff, recordProjectEvent } from '../audit/audit.service.js';
import { enqueueWebhookEvents, projectWriteEvents } from '../webhooks/webhook-events.js';
import { startWaitingClocks } from '../proposals/proposal-clocks.js';
import { recordStageChange } from './stage-history.js';
import { insertProject, readProjectForWrite, stageChangedNotice, writeProjectUpdate } from './project-writes.js';
import { answers, PROJECT_ANSWER, withIntervals, withStalled, type ProjectAnswerRow, type ProjectWithOwner } from './project-answer.js';
import { meterAnswers, normalizeProjectInput, planMeters, type ProjectColumnsUpdate } from './project-meters.js';
import { deleteReplacedIntervalImports } from '../usage/interval-imports.js';
import { fullName } from '../users/full-name.js';
import { followStage } from '../earnings/earnings.service.js';
import { recentlyUpdatedFirst, type ProjectListFilter } from './project-list.js';
import { addressOf } from './project-address.js';

export type { ProjectListFilter } from './project-list.js';

export type { ProjectWithOwner } from './project-answer.js';

type ProjectCreate = z.output<typeof projectCreateSchema>;
type ProjectUpdate = z.output<typeof projectUpdateSchema>;

const INITIAL_STAGE: ProjectStage = 'Project Initiation';

/** A project's answer: the contract's fields in its order, so the reads write it as it is (config.exactAnswer). */
export function toProjectResponse({ project: row, ownerName, stalled, intervals }: ProjectWithOwner): Project {
  return {
    id: row.id,
    account_id: row.account_id,
    user_id: row.user_id,
    owner_name: ownerName,
    company_name: row.company_name,
    industry: row.industry,
    address_1: row.address_1,
    address_2: row.address_2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    shade_interference: row.shade_interference,
    shade_interference_details: row.shade_interference_details,
    type_of_roof: row.type_of_roof,
    age_of_roof: row.age_of_roof,
    roof_description: row.roof_description,
    utility_company: row.utility_company,
    utility_account_holder: row.utility_account_holder,
    utility_account_number: row.utility_account_number,
    main_meter_number: row.main_meter_number,
    main_panel_amperage: row.main_panel_amperage,
    power_bill_received_status: row.power_bill_received_status,
    average_monthly_power_bill_cost: row.average_monthly_power_bill_cost,
    additional_utility_notes: row.additional_utility_notes,
    kilowatt_amounts: row.kilowatt_amounts,
    project_stage: row.project_stage,
    proposal_url: row.proposal_url,
    itc_energy_community: row.itc_energy_community,
    itc_domestic_content: row.itc_domestic_content,
    tax_exempt: row.tax_exempt,
    tax_exempt_owner: row.tax_exempt,
    itc_prevailing_wage: row.itc_prevailing_wage,
    construction_start_date: row.construction_start_date,
    expected_in_service_date: row.expected_in_service_date,
    meters: meterAnswers(row, intervals),
    stage_entered_at: row.stage_entered_at?.toISOString() ?? null,
    stalled,
    signed_at: row.signed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The owner's name as the project lists show it. */
export const ownerName = fullName;

/** The stall_thresholds setting as stored (null while the default applies), read in the same query as the rows. */
const storedStallThresholds = sql<unknown>`(select ${settings.value} from ${settings} where ${settings.name} = 'stall_thresholds')`;



/**
 * DESIGN.md: a project belongs to the account of its company name for that member, found (case
 * insensitively) or created. A project without a company name has no account.
 */
async function resolveAccount(tx: Executor, userId: number, project: Parameters<typeof addressOf>[0] & { company_name: string }): Promise<number | null> {
  const companyName = project.company_name.trim();
  if (!companyName) return null;
  // DO UPDATE (a no-op) rather than DO NOTHING: the row is returned also when it exists, or when a concurrent write just created it.
  // Both drivers answer a raw statement with its rows under `rows`.
  const { rows } = (await tx.execute(sql`insert into ${accounts} (user_id, company_name, address) values (${userId}, ${companyName}, ${addressOf(project)})
    on conflict (user_id, lower(company_name)) do update set company_name = ${accounts}.company_name returning id`)) as unknown as { rows: Array<{ id: number }> };
  return rows[0]?.id ?? null;
}

/** Members only see the stage (member-app.md 4): they may echo the current one, never change it. */
function assertStageUnchanged(requested: ProjectStage | undefined, current: ProjectStage): void {
  if (requested !== undefined && requested !== current) {
    throw new AppError('forbidden', PROJECT_MESSAGES.stageForbidden, { project_stage: PROJECT_MESSAGES.stageForbidden });
  }
}

/**
 * A new project, with its account, first stage and audit entry; answers its id. A member's new
 * project at a site they already have a project at is refused with 409 `possible_duplicate`
 * (issue 37 item 6) unless it says `allow_duplicate: true`; the admin area's creations are not
 * checked.
 */
export async function createProject(ctx: AppContext, scope: ProjectScope, { allow_duplicate, ...input }: ProjectCreate, ownerId = scope.user.id): Promise<{ id: number }> {
  if (!scope.admin) {
    assertCanWrite(scope.user);
    assertStageUnchanged(input.project_stage, INITIAL_STAGE);
  }
  const normalized = normalizeProjectInput(input);
  const refuseDuplicate = !scope.admin && allow_duplicate !== true;
  const insert = async (on: AppContext, planned: typeof normalized) => {
    const { project_stage, ...fields } = planned;
    const inserted = await insertProject(on, scope.user.id, ownerId, scope.admin && project_stage ? project_stage : INITIAL_STAGE, fields, addressOf(fields), refuseDuplicate);
    if ('duplicate' in inserted) throw new PossibleDuplicate(inserted.duplicate);
    return inserted;
  };
  // The project.created webhooks are written with the project (project-writes.ts); the worker is woken once they are committed.
  const created = (inserted: { id: number; webhooks: number }) => {
    if (inserted.webhooks > 0) ctx.webhooks.wake();
    return { id: inserted.id };
  };
  // A new project naming a tariff holds it FOR KEY SHARE until the insert commits, as an edit does
  // (decision 039), so the tariff's deletion cannot slip between the check and the insert.
  if (normalized.meters?.some((meter) => meter.tariff_id !== null)) {
    return ctx.db.transaction(async (tx) => {
      const { input: planned } = await planMeters(tx, null, normalized, { lock: true });
      return insert({ ...ctx, db: tx, run: runWithin(tx) }, planned);
    }).then(created);
  }
  const { input: planned } = await planMeters(ctx.db, null, normalized);
  return created(await insert(ctx, planned));
}

/** A write planned from a read may find the project changed since: it is read and planned again, this many times at most. */
const WRITE_ATTEMPTS = 3;

/**
 * Only the admin area changes the stage (DESIGN.md); when it does, the owner is notified in the
 * same transaction and the notification is pushed after the commit. Most writes are one
 * statement (project-writes.ts); the rest, and a project that keeps changing under the write,
 * take the transactional path.
 */
export async function updateProject(ctx: AppContext, scope: ProjectScope, projectId: number, input: ProjectUpdate): Promise<ProjectWithOwner> {
  const { after } = await writeProject(ctx, scope, projectId, input);
  if (!after) throw new Error('the write left no row');
  return after;
}

/**
 * The admin's bulk stage change, one project (issue 15 item 6): the same write, audit entry
 * and owner notification as updateProject; a project already at the stage is left alone (no
 * write, no entry, no notification): `after` is null.
 */
export async function changeProjectStage(ctx: AppContext, scope: ProjectScope, projectId: number, stage: ProjectStage): Promise<{ before: ProjectRow; after: ProjectWithOwner | null }> {
  return writeProject(ctx, scope, projectId, { project_stage: stage }, { unlessAtStage: stage });
}

async function writeProject(ctx: AppContext, scope: ProjectScope, projectId: number, update: ProjectUpdate, options: { unlessAtStage?: ProjectStage } = {}): Promise<{ before: ProjectRow; after: ProjectWithOwner | null }> {
  if (!scope.admin) assertCanWrite(scope.user);
  const input = normalizeProjectInput(update);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const read = await readProjectForWrite(ctx, scope, projectId);
    if (!scope.admin) assertStageUnchanged(input.project_stage, read.project.project_stage);
    if (read.project.project_stage === options.unlessAtStage) return { before: read.project, after: null };
    const plan = await planMeters(ctx.db, read.project, input);
    // A write that replaces or drops interval data deletes it in the same transaction, and one that names a
    // new tariff or import checks it under a lock there (the transactional path).
    if (plan.replacedIntervalImports !== null || plan.namesNewReferences) break;
    const written = await writeProjectUpdate(ctx, scope, read, plan.input);
    if (written === null) break;
    if (written) {
      await publishNotifications(ctx, written.notified);
      if (written.webhooks > 0) ctx.webhooks.wake();
      return { before: read.project, after: (await withIntervals(ctx.db, [written.answer]))[0]! };
    }
  }
  const { before, changed, notified, webhooks } = await ctx.db.transaction(async (tx) => {
    const current = await findWritableProject(tx, scope, projectId, { lock: true });
    if (!scope.admin) assertStageUnchanged(input.project_stage, current.project_stage);
    if (current.project_stage === options.unlessAtStage) return { before: current, changed: false, notified: [], webhooks: 0 };
    const plan = await planMeters(tx, current, input, { lock: true });
    const { notified, webhooks } = await applyUpdate(tx, scope, current, plan.input, ctx.config.businessTimeZone);
    if (plan.replacedIntervalImports !== null) await deleteReplacedIntervalImports(tx, current.id, plan.replacedIntervalImports);
    return { before: current, changed: true, notified, webhooks };
  });
  await publishNotifications(ctx, notified);
  if (webhooks > 0) ctx.webhooks.wake();
  return { before, after: changed ? await getProject(ctx, scope, projectId) : null };
}

/**
 * The transactional path of a project write: with its account, the proposal clocks, its owner's
 * notification (a stage change), its deal entry, its audit entry and its webhooks. Answers the
 * notifications to publish after the commit and the webhook deliveries written.
 */
async function applyUpdate(tx: Executor, scope: ProjectScope, current: ProjectRow, input: ProjectColumnsUpdate, timeZone: string): Promise<{ notified: NotificationRow[]; webhooks: number }> {
  const changes: Partial<typeof projects.$inferInsert> = { ...input, updated_at: new Date() };
  const stageChanged = input.project_stage !== undefined && input.project_stage !== current.project_stage;
  // A stage change starts its stay with the write (project-writes.ts writes the same).
  if (stageChanged) changes.stage_entered_at = changes.updated_at;
  if (input.company_name !== undefined && input.company_name !== current.company_name) {
    changes.account_id = await resolveAccount(tx, current.user_id, { ...current, ...input, company_name: input.company_name });
  }
  const [updated] = await tx.update(projects).set(changes).where(eq(projects.id, current.id)).returning();
  if (!updated) throw new AppError('not_found', 'Project not found.');
  // The 48-hour clocks waiting for the bill start when it is received (issue 18 item 1).
  if (updated.power_bill_received_status === 'Yes' && current.power_bill_received_status !== 'Yes') await startWaitingClocks(tx, updated.id, updated.updated_at);
  if (stageChanged) await recordStageChange(tx, { projectId: updated.id, from: current.project_stage, to: updated.project_stage, by: scope.user.id, at: updated.updated_at });
  const notified = stageChanged ? await createNotifications(tx, [current.user_id], stageChangedNotice(updated)) : [];
  // Its deal entry follows the stage (and writes its own earnings.entry_changed webhooks).
  const ledger = stageChanged ? await followStage(tx, updated, { actorId: scope.user.id, timeZone }) : { notified: [], webhooks: 0 };
  notified.push(...ledger.notified);
  const changed = diff(current, updated, auditedFields(updated));
  if (Object.keys(changed).length > 0) await recordProjectEvent(tx, scope, { action: stageChanged ? 'stage_changed' : 'updated', entityType: 'project', entityId: updated.id, changes: changed });
  const webhooks = ledger.webhooks + (await enqueueWebhookEvents(tx, projectWriteEvents(current, updated, Object.keys(changed))));
  return { notified, webhooks };
}

const OWN_PROJECT = statement('own_project', `select ${PROJECT_ANSWER} from projects p join users u on u.id = p.user_id where p.id = $1 and p.user_id = $2`);
const ANY_PROJECT = statement('any_project', `select ${PROJECT_ANSWER} from projects p join users u on u.id = p.user_id where p.id = $1`);

export async function getProject(ctx: AppContext, scope: ProjectScope, projectId: number): Promise<ProjectWithOwner> {
  const rows = scope.admin ? await ctx.run<ProjectAnswerRow>(ANY_PROJECT, [projectId]) : await ctx.run<ProjectAnswerRow>(OWN_PROJECT, [projectId, scope.user.id]);
  const [answer] = await withIntervals(ctx.db, answers(rows));
  if (!answer) throw new AppError('not_found', 'Project not found.');
  return answer;
}

/**
 * One page, newest updated_at first unless asked otherwise (member-app.md 2), with the total
 * for the headers. The total of an owner and stages comes from project_counts, whatever the
 * number of projects (issue 19 item 2); only a search counts the projects it matches, and
 * only when its page does not show the end of them.
 */
export async function listProjects(ctx: AppContext, scope: ProjectScope, page: PageQuery, requested: ProjectListFilter = {}): Promise<{ rows: ProjectWithOwner[]; total: number }> {
  // A member's list is always their own (with nothing asked of it, the route reads memberProjectPageJson instead).
  const filter = scope.admin ? requested : { ...requested, ownerId: scope.user.id };
  const { ownerId, stages, where } = filter;
  if (where === undefined) {
    const [rows, total] = await Promise.all([adminProjectPage(ctx.db, filter, page), countedProjects(ctx.db, ownerId, stages)]);
    return { rows: await withIntervals(ctx.db, withStalled(rows, rows[0]?.thresholds)), total };
  }
  // A search or a filter project_counts does not hold (state, dates): a page with fewer rows
  // than it could hold, and not past the end, holds the last of the matches, so it is its own
  // total and the count, a second pass over the same rows, is not run. Most searches look for
  // one project and fit their first page.
  const rows = await adminProjectPage(ctx.db, filter, page);
  const offset = offsetOf(page);
  const total =
    rows.length < page.per_page && (rows.length > 0 || offset === 0)
      ? offset + rows.length
      : await ctx.db
          .select({ n: count() })
          .from(projects)
          .where(projectSelection(filter))
          .then(([row]) => row?.n ?? 0);
  return { rows: await withIntervals(ctx.db, withStalled(rows, rows[0]?.thresholds)), total };
}

/** One page of an admin list: the projects of the filter with their owners' names, in its order. */
export function adminProjectPage(db: Executor, filter: ProjectListFilter, page: PageQuery) {
  return db
    .select({ project: projects, ownerName, thresholds: storedStallThresholds })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.user_id))
    .where(projectSelection(filter))
    .orderBy(...(filter.orderBy ?? recentlyUpdatedFirst()))
    .limit(page.per_page)
    .offset(offsetOf(page));
}

/** The filter as one condition (on projects; the lists join users for the owner's name). */
export function projectSelection({ ownerId, stages, where }: ProjectListFilter): SQL | undefined {
  return and(ownerId === undefined ? undefined : eq(projects.user_id, ownerId), stages ? inArray(projects.project_stage, [...stages]) : undefined, where);
}

/** How many projects an owner (or everyone) has at these stages (or any), from project_counts. */
async function countedProjects(db: Executor, ownerId: number | undefined, stages: readonly ProjectStage[] | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${projectCounts.n}), 0)::int`.mapWith(Number) })
    .from(projectCounts)
    .where(and(ownerId === undefined ? undefined : eq(projectCounts.user_id, ownerId), stages ? inArray(projectCounts.project_stage, [...stages]) : undefined));
  return row?.n ?? 0;
}

/**
 * The projects statistic of /home, "computed for the three account types" (member-app.md 2): a
 * partner's own projects by stage; for a full_access_admin, who owns none, the whole company's
 * (issue 14 item 11: an admin saw 0/0/0 while projects existed).
 */
export async function projectStatistics(ctx: AppContext, user: UserRow): Promise<ProjectStatistics> {
  const company = isAdmin(user);
  const rows = await ctx.db
    .select({ stage: projects.project_stage, n: count() })
    .from(projects)
    .where(company ? undefined : eq(projects.user_id, user.id))
    .groupBy(projects.project_stage);
  const by_stage = Object.fromEntries([...PROJECT_STAGES, ARCHIVED_STAGE].map((stage) => [stage, 0])) as Record<ProjectStage, number>;
  for (const row of rows) by_stage[row.stage] = row.n;
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  return { scope: company ? 'company' : 'own', total, archived: by_stage[ARCHIVED_STAGE], working: total - by_stage[ARCHIVED_STAGE], by_stage };
}
