import { DEFAULT_EMAIL_PREFERENCES, entryStatusAtStage, projectUpdateSchema, VOIDING_STAGE, type EarningEntryStatus, type ProjectStage } from '@sunin/contract';
import { getTableColumns } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { statement } from '../../db/client.js';
import { columnList } from '../../db/columns.js';
import { notifications, projects, type NotificationRow, type ProjectRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { auditedFields, diff, STAMP_FIELDS } from '../audit/audit.service.js';
import { notificationCtes } from '../notifications/notification-sql.js';
import type { ProjectScope } from './project-access.js';
import { projectName } from './project-name.js';
import { PROJECT_ANSWER, withStalled, type ProjectAnswerRow, type ProjectWithOwner } from './project-answer.js';
import type { ProjectColumnsUpdate } from './project-meters.js';
import { projectCreatedSource, projectWriteEvents, webhookEventsParameter, webhookEventsSource, webhookFanoutSql } from '../webhooks/webhook-events.js';

/**
 * Issue 19 item 3: a project write with everything it brings (its stage history, its owner's
 * notification and email, its audit entry) as one SQL statement, so one round trip and one
 * transaction instead of eleven. A statement is atomic on its own: every row exists if and only
 * if the project row was written. What the rows hold is worked out in JavaScript beforehand,
 * from the project as read, by the same rules as the transactional path (projects.service.ts
 * `applyUpdate`); the write carries the row version it was planned from (`xmin`) and writes
 * nothing if the project changed in between, so the caller plans again. project-writes.test.ts
 * holds both paths to the same rows.
 */

/** A write as the table takes it (project-meters.ts `normalizeProjectInput`: `tax_exempt_owner` is `tax_exempt`). */
type ProjectUpdate = ProjectColumnsUpdate;

const columns = getTableColumns(projects);
/** The columns a member's form writes (the contract's project fields that are columns: not the alias `tax_exempt_owner`). */
const EDITABLE = Object.keys(projectUpdateSchema.shape).filter((field): field is keyof ProjectUpdate & keyof ProjectRow => field in columns);
const EDITABLE_LIST = EDITABLE.join(', ');

/** A project as read for a write: its answer (project-answer.ts), its version and its deal entry's status. */
export interface ProjectForWrite {
  project: ProjectRow;
  ownerName: string;
  storedStallThresholds: unknown;
  version: string;
  dealStatus: EarningEntryStatus | null;
}

const PROJECT_FOR_WRITE = statement(
  'project_for_write',
  `select ${PROJECT_ANSWER}, p.xmin::text as version, (select e.status from earning_entries e where e.project_id = p.id and e.kind = 'deal') as deal_status
   from projects p join users u on u.id = p.user_id where p.id = $1 and ($2::int is null or p.user_id = $2)`,
);

/** The project the scope may write, with its version; 404 for another member's. */
export async function readProjectForWrite(ctx: AppContext, scope: ProjectScope, projectId: number): Promise<ProjectForWrite> {
  const [row] = await ctx.run<ProjectAnswerRow & { version: string; deal_status: EarningEntryStatus | null }>(PROJECT_FOR_WRITE, [projectId, scope.admin ? null : scope.user.id]);
  if (!row) throw new AppError('not_found', 'Project not found.');
  const { version, deal_status, owner_name, stall_thresholds, ...project } = row;
  return { project, ownerName: owner_name, storedStallThresholds: stall_thresholds, version, dealStatus: deal_status };
}

const STAGE_CHANGED_TITLE = 'Project stage updated';

const PROJECT_UPDATE = statement(
  'project_update',
  `with updated as (
    update projects p set (${EDITABLE_LIST}) = (select ${EDITABLE_LIST} from jsonb_populate_record(p, $3::jsonb)), updated_at = $4,
      stage_entered_at = case when $5::boolean then $4 else p.stage_entered_at end
    where p.id = $1 and p.xmin = $2::xid
    returning p.id, p.user_id, p.project_stage
  ),
  closed as (
    update project_stage_changes c set left_at = $4 from updated u where $5::boolean and c.project_id = u.id and c.left_at is null
  ),
  stay as (
    insert into project_stage_changes (project_id, from_stage, to_stage, changed_by, changed_at)
    select u.id, $6, u.project_stage, $7, $4 from updated u where $5::boolean
  ),
  ${notificationCtes({ recipients: 'select u.user_id, u.id as project_id from updated u where $5::boolean', kind: `'stage_changes'`, title: `'${STAGE_CHANGED_TITLE}'`, message: '$8', emailDefault: '$9::boolean' })},
  audit as (
    insert into audit_entries (actor_id, action, entity_type, entity_id, changes)
    select $7, $10, 'project', u.id, $11::jsonb from updated u where $11::jsonb is not null
  ),
  hooks as (${webhookFanoutSql(`${webhookEventsSource('$12')} where exists (select 1 from updated)`)})
  select (select count(*) from updated)::int as written, (select count(*) from hooks)::int as webhooks, ${columnList(notifications, 'n')} from (values (1)) as one (x) left join note n on true`,
);

/** What a planned write gives: the project after it (as the API answers it), the notifications to publish after it, and the webhook deliveries it wrote. */
export interface WrittenProject {
  answer: ProjectWithOwner;
  notified: NotificationRow[];
  webhooks: number;
}

/**
 * The write as one statement, or null when it needs the transactional path: a new company name
 * (its account), the bill received (the proposal clocks start) or a deal entry that moves with
 * the stage. Undefined means the project changed since it was read: read it and plan again.
 */
export async function writeProjectUpdate(ctx: AppContext, scope: ProjectScope, read: ProjectForWrite, input: ProjectUpdate): Promise<WrittenProject | null | undefined> {
  const { project: current, version, dealStatus } = read;
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<ProjectRow>;
  const now = new Date();
  const updated: ProjectRow = { ...current, ...changes, updated_at: now };
  const companyChanged = updated.company_name !== current.company_name;
  const billReceived = updated.power_bill_received_status === 'Yes' && current.power_bill_received_status !== 'Yes';
  const stageChanged = updated.project_stage !== current.project_stage;
  // A stage change starts its stay with the write.
  if (stageChanged) updated.stage_entered_at = now;
  // A paid deal entry archived may be clawed back (issue 38 item 4): the transactional path decides.
  const dealMoves = stageChanged && dealStatus !== null && (entryStatusAtStage(dealStatus, updated.project_stage) !== dealStatus || (dealStatus === 'paid' && updated.project_stage === VOIDING_STAGE));
  if (companyChanged || billReceived || dealMoves) return null;

  const audited = diff(current, updated, auditedFields(updated));
  const hasAudit = Object.keys(audited).length > 0;
  const [result] = await ctx.run<{ written: number; webhooks: number } & NotificationRow>(PROJECT_UPDATE, [
    current.id,
    version,
    JSON.stringify(changes),
    updated.updated_at,
    stageChanged,
    current.project_stage,
    scope.user.id,
    stageChangedMessage(updated),
    DEFAULT_EMAIL_PREFERENCES.stage_changes,
    stageChanged ? 'stage_changed' : 'updated',
    hasAudit ? JSON.stringify(audited) : null,
    webhookEventsParameter(projectWriteEvents(current, updated, Object.keys(audited))),
  ]);
  if (!result?.written) return undefined;
  const { written: _written, webhooks, ...notification } = result;
  // The owner cannot change here.
  const [answer] = withStalled([{ project: updated, ownerName: read.ownerName }], read.storedStallThresholds);
  return { answer: answer!, notified: notification.id === null ? [] : [notification], webhooks };
}

/** The owner's notification of a stage change (the transactional path writes the same). */
export function stageChangedNotice(project: ProjectRow) {
  return { kind: 'stage_changes', title: STAGE_CHANGED_TITLE, message: stageChangedMessage(project), subject: { project_id: project.id } } as const;
}

function stageChangedMessage(project: ProjectRow): string {
  return `${projectName(project)} is now at ${project.project_stage}.`;
}

/** The columns a new project takes from its form, and their schema defaults for the ones left out. */
const CREATABLE = EDITABLE.filter((column) => column !== 'project_stage');
const CREATABLE_LIST = CREATABLE.join(', ');
const CREATE_DEFAULTS: Record<string, unknown> = Object.fromEntries(
  CREATABLE.map((column) => [column, columns[column].default]).filter(([, value]) => value !== undefined),
);

/**
 * A new project in one statement: its account (found by company name, case insensitively, or
 * created; DO UPDATE so that a concurrent creation's account is returned too), the project, its
 * first stage and its audit entry, whose changes are every field set (what `diff(null, row)`
 * gives for a new row: none of a project's columns is a secret or a Date but the two stamps).
 */
const PROJECT_CREATE = statement(
  'project_create',
  `with duplicate as (
    select d.id, d.company_name, d.address_1 as address, d.project_stage from projects d
    where $7::boolean and d.user_id = $1 and d.site_key <> ''
      and d.site_key = (select sunin_site_key(r.address_1, r.city, r.state, r.zip) from jsonb_populate_record(null::projects, $5::jsonb) r)
    order by d.id limit 1
  ),
  account as (
    insert into accounts (user_id, company_name, address) select $1, $2, $3 where $2 <> '' and not exists (select 1 from duplicate)
    on conflict (user_id, lower(company_name)) do update set company_name = accounts.company_name
    returning id
  ),
  created as (
    insert into projects (user_id, account_id, project_stage, stage_entered_at, ${CREATABLE_LIST})
    select $1, (select id from account), $4, now(), ${CREATABLE_LIST} from jsonb_populate_record(null::projects, $5::jsonb)
    where not exists (select 1 from duplicate)
    returning *
  ),
  stay as (
    insert into project_stage_changes (project_id, from_stage, to_stage, changed_by, changed_at)
    select c.id, null, c.project_stage, $6, c.created_at from created c
  ),
  audit as (
    insert into audit_entries (actor_id, action, entity_type, entity_id, changes)
    select $6, 'created', 'project', c.id,
      (select coalesce(jsonb_object_agg(f.key, jsonb_build_object('before', null, 'after', f.value)), '{}'::jsonb)
       from jsonb_each(to_jsonb(c)) f where f.key <> all($8::text[]) and f.value <> 'null'::jsonb)
    from created c
  ),
  hooks as (${webhookFanoutSql(projectCreatedSource('created'))})
  select (select id from created) as id, (select to_jsonb(d) from duplicate d) as duplicate, (select count(*) from hooks)::int as webhooks`,
);

/**
 * Answers the new project's id. With `refuseDuplicate`, an owner's project already at the same
 * site (the generated site_key, '' never matching; issue 37 item 6) is answered instead and
 * nothing is written: the check and the insert are one statement, one round trip. Two creations
 * of one site by one owner at the same instant can still both pass (neither sees the other's
 * uncommitted row); a lock to close that would cost every creation a transaction.
 */
export async function insertProject(
  ctx: AppContext,
  actorId: number,
  ownerId: number,
  stage: ProjectStage,
  fields: Omit<ProjectUpdate, 'project_stage'>,
  accountAddress: string,
  refuseDuplicate = false,
): Promise<{ id: number; webhooks: number } | { duplicate: ExistingSite }> {
  const values = { ...CREATE_DEFAULTS, ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) };
  const [row] = await ctx.run<{ id: number | null; duplicate: ExistingSite | null; webhooks: number }>(PROJECT_CREATE, [ownerId, (fields.company_name ?? '').trim(), accountAddress, stage, JSON.stringify(values), actorId, refuseDuplicate, [...STAMP_FIELDS]]);
  if (row?.duplicate) return { duplicate: row.duplicate };
  if (!row?.id) throw new Error('insert returned no row');
  return { id: row.id, webhooks: row.webhooks };
}

/** The owner's project already at a new project's site, as a 409 `possible_duplicate` names it. */
export interface ExistingSite {
  id: number;
  company_name: string;
  address: string;
  project_stage: ProjectStage;
}
