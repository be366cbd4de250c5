import {
  ARCHIVED_STAGE,
  isProjectStalled,
  PROJECT_MESSAGES,
  PROJECT_STAGES,
  type PageQuery,
  type Project,
  type ProjectStage,
  type ProjectStatistics,
} from '@sunin/contract';
import { and, count, desc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { projectCreateSchema, projectUpdateSchema } from '@sunin/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { accounts, projects, projectStageChanges, users, type ProjectRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { offsetOf } from '../../lib/pagination.js';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.js';
import { assertCanWrite, findWritableProject, isAdmin, type ProjectScope } from './project-access.js';
import { auditedFields, diff, recordProjectEvent } from '../audit/audit.service.js';
import { startWaitingClocks } from '../proposals/proposal-clocks.js';
import { recordStageChange } from './stage-history.js';
import { fullName } from '../users/full-name.js';
import { projectName } from './project-name.js';
import { readStallThresholds } from '../stalls/stalls.service.js';
import { followStage } from '../earnings/earnings.service.js';

type ProjectCreate = z.output<typeof projectCreateSchema>;
type ProjectUpdate = z.output<typeof projectUpdateSchema>;

const INITIAL_STAGE: ProjectStage = 'Project Initiation';

export function toProjectResponse({ project: row, ownerName, stageEnteredAt, stalled }: ProjectWithOwner): Project {
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
    itc_energy_community: row.itc_energy_community,
    itc_domestic_content: row.itc_domestic_content,
    tax_exempt: row.tax_exempt,
    kilowatt_amounts: row.kilowatt_amounts,
    project_stage: row.project_stage,
    proposal_url: row.proposal_url,
    stage_entered_at: stageEnteredAt?.toISOString() ?? null,
    stalled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The owner's name as the project lists show it. */
export const ownerName = fullName;

/** When the project reached its current stage: its newest stage change (one index probe per project). */
export const stageEnteredAt = sql<Date | null>`(select max(${projectStageChanges.changed_at}) from ${projectStageChanges} where ${projectStageChanges.project_id} = ${projects.id})`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));

/** member-app.md 2: the project lists' default order, newest updated_at first (id keeps pages stable). */
export const recentlyUpdatedFirst = () => [desc(projects.updated_at), desc(projects.id)];

function addressOf(project: { address_1: string; address_2: string; city: string; state: string; zip: string }): string {
  const street = [project.address_1, project.address_2].filter(Boolean).join(', ');
  const place = [project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, place].filter(Boolean).join(', ');
}

/**
 * DESIGN.md: a project belongs to the account of its company name for that member, found (case
 * insensitively) or created. A project without a company name has no account.
 */
async function resolveAccount(tx: Executor, userId: number, project: Parameters<typeof addressOf>[0] & { company_name: string }): Promise<number | null> {
  const companyName = project.company_name.trim();
  if (!companyName) return null;
  await tx.insert(accounts).values({ user_id: userId, company_name: companyName, address: addressOf(project) }).onConflictDoNothing();
  const [account] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.user_id, userId), sql`lower(${accounts.company_name}) = lower(${companyName})`))
    .limit(1);
  return account?.id ?? null;
}

/** Members only see the stage (member-app.md 4): they may echo the current one, never change it. */
function assertStageUnchanged(requested: ProjectStage | undefined, current: ProjectStage): void {
  if (requested !== undefined && requested !== current) {
    throw new AppError('forbidden', PROJECT_MESSAGES.stageForbidden, { project_stage: PROJECT_MESSAGES.stageForbidden });
  }
}

export async function createProject(ctx: AppContext, scope: ProjectScope, input: ProjectCreate, ownerId = scope.user.id): Promise<ProjectRow> {
  if (!scope.admin) {
    assertCanWrite(scope.user);
    assertStageUnchanged(input.project_stage, INITIAL_STAGE);
  }
  const { project_stage, ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    const account_id = await resolveAccount(tx, ownerId, fields);
    const [row] = await tx
      .insert(projects)
      .values({ ...fields, user_id: ownerId, account_id, project_stage: scope.admin && project_stage ? project_stage : INITIAL_STAGE })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordStageChange(tx, { projectId: row.id, from: null, to: row.project_stage, by: scope.user.id, at: row.created_at });
    await recordProjectEvent(tx, scope, { action: 'created', entityType: 'project', entityId: row.id, changes: diff(null, row, auditedFields(row)) });
    return row;
  });
}

/**
 * Only the admin area changes the stage (DESIGN.md); when it does, the owner is notified in the
 * same transaction and the notification is pushed after the commit.
 */
export async function updateProject(ctx: AppContext, scope: ProjectScope, projectId: number, input: ProjectUpdate): Promise<ProjectRow> {
  const { row, notified } = await ctx.db.transaction(async (tx) => {
    const current = await findWritableProject(tx, scope, projectId);
    if (!scope.admin) assertStageUnchanged(input.project_stage, current.project_stage);
    return applyUpdate(tx, scope, current, input);
  });
  await publishNotifications(ctx, notified);
  return row;
}

/**
 * The admin's bulk stage change, one project (issue 15 item 6): the same write, audit entry
 * and owner notification as updateProject, in its own transaction; a project already at the
 * stage is left alone (no write, no entry, no notification): `after` is null.
 */
export async function changeProjectStage(ctx: AppContext, scope: ProjectScope, projectId: number, stage: ProjectStage): Promise<{ before: ProjectRow; after: ProjectRow | null }> {
  const { result, notified } = await ctx.db.transaction(async (tx) => {
    const current = await findWritableProject(tx, scope, projectId);
    if (current.project_stage === stage) return { result: { before: current, after: null }, notified: [] };
    const { row, notified } = await applyUpdate(tx, scope, current, { project_stage: stage });
    return { result: { before: current, after: row }, notified };
  });
  await publishNotifications(ctx, notified);
  return result;
}

/** A project write with its account, its owner's notification (a stage change) and its audit entry. */
async function applyUpdate(tx: Executor, scope: ProjectScope, current: ProjectRow, input: ProjectUpdate) {
  const changes: Partial<typeof projects.$inferInsert> = { ...input, updated_at: new Date() };
  if (input.company_name !== undefined && input.company_name !== current.company_name) {
    changes.account_id = await resolveAccount(tx, current.user_id, { ...current, ...input, company_name: input.company_name });
  }
  const [updated] = await tx.update(projects).set(changes).where(eq(projects.id, current.id)).returning();
  if (!updated) throw new AppError('not_found', 'Project not found.');
  // The 48-hour clocks waiting for the bill start when it is received (issue 18 item 1).
  if (updated.power_bill_received_status === 'Yes' && current.power_bill_received_status !== 'Yes') await startWaitingClocks(tx, updated.id, updated.updated_at);
  const stageChanged = input.project_stage !== undefined && input.project_stage !== current.project_stage;
  if (stageChanged) await recordStageChange(tx, { projectId: updated.id, from: current.project_stage, to: updated.project_stage, by: scope.user.id, at: updated.updated_at });
  const notified = stageChanged
    ? [
        ...(await createNotifications(tx, [current.user_id], {
          kind: 'stage_changes',
          title: 'Project stage updated',
          message: `${projectName(updated)} is now at ${updated.project_stage}.`,
          subject: { project_id: updated.id },
        })),
        ...(await followStage(tx, updated)),
      ]
    : [];
  const changed = diff(current, updated, auditedFields(updated));
  if (Object.keys(changed).length > 0) await recordProjectEvent(tx, scope, { action: stageChanged ? 'stage_changed' : 'updated', entityType: 'project', entityId: updated.id, changes: changed });
  return { row: updated, notified };
}

export interface ProjectWithOwner {
  project: ProjectRow;
  ownerName: string;
  stageEnteredAt: Date | null;
  /** Past its stage's stall threshold now (issue 18 item 3). */
  stalled: boolean;
}

/** The projects' `stalled` by the stall_thresholds setting, the rule the stall alerts follow. */
async function withStalled(db: Executor, rows: Array<Omit<ProjectWithOwner, 'stalled'>>): Promise<ProjectWithOwner[]> {
  if (rows.length === 0) return [];
  const { value: thresholds } = await readStallThresholds(db);
  const now = new Date();
  return rows.map((row) => ({ ...row, stalled: isProjectStalled(row.project.project_stage, row.stageEnteredAt, thresholds, now) }));
}

export async function getProject(ctx: AppContext, scope: ProjectScope, projectId: number): Promise<ProjectWithOwner> {
  const [row] = await ctx.db
    .select({ project: projects, ownerName, stageEnteredAt })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.user_id))
    .where(and(eq(projects.id, projectId), scope.admin ? undefined : eq(projects.user_id, scope.user.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Project not found.');
  const [answer] = await withStalled(ctx.db, [row]);
  return answer!;
}

/** Newest updated_at first (member-app.md 2), one page, with the total for the headers. */
export async function listProjects(
  ctx: AppContext,
  scope: ProjectScope,
  page: PageQuery,
  filter: { userId?: number | undefined; stage?: SQL | undefined; where?: SQL | undefined; orderBy?: SQL[] | undefined } = {},
): Promise<{ rows: ProjectWithOwner[]; total: number }> {
  const ownerId = scope.admin ? filter.userId : scope.user.id;
  const where = and(ownerId === undefined ? undefined : eq(projects.user_id, ownerId), filter.stage, scope.admin ? filter.where : undefined);
  // The page and the total in one query (a window count); only a page past the end, which
  // has no row to carry the total, needs a second query.
  const rows = await ctx.db
    .select({ project: projects, ownerName, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.user_id))
    .where(where)
    .orderBy(...(filter.orderBy ?? recentlyUpdatedFirst()))
    .limit(page.per_page)
    .offset(offsetOf(page));
  if (rows[0]) {
    // The page's times in stage in one grouped query over the page's ids (not a subquery per
    // row, which the window count would run for every matching project).
    const entered = await ctx.db
      .select({ id: projectStageChanges.project_id, at: max(projectStageChanges.changed_at) })
      .from(projectStageChanges)
      .where(inArray(projectStageChanges.project_id, rows.map((row) => row.project.id)))
      .groupBy(projectStageChanges.project_id);
    const enteredAt = new Map(entered.map((row) => [row.id, row.at]));
    return { rows: await withStalled(ctx.db, rows.map(({ project, ownerName }) => ({ project, ownerName, stageEnteredAt: enteredAt.get(project.id) ?? null }))), total: rows[0].total };
  }
  const [totals] = offsetOf(page) > 0 ? await ctx.db.select({ n: count() }).from(projects).innerJoin(users, eq(users.id, projects.user_id)).where(where) : [{ n: 0 }];
  return { rows: [], total: totals?.n ?? 0 };
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
