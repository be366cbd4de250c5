import { EARNING_TIERS, PROJECT_STAGES, TIMED_STAGES, TOP_PARTNERS_LIMIT, type AccountType, type ProjectStage } from '@sunin/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/**
 * The aggregate queries of the analytics (docs/decisions/019-analytics.md). Each answers a few
 * grouped rows; every number is cast to int or float8 so PGlite and node-postgres both hand
 * back JavaScript numbers. Times are compared in UTC; months are UTC months.
 */

/** Half-open range [from, until) of instants; `owner` limits to one member's projects. */
export interface Window {
  from: string;
  until: string;
  now: Date;
  owner: number | null;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const at = (value: string | Date) => sql`${typeof value === 'string' ? value : value.toISOString()}::timestamptz`;
const inRange = (column: SQL, window: Window) => sql`${column} >= ${at(window.from)} and ${column} < ${at(window.until)}`;
const month = (column: SQL) => sql`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;
const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);
const ownedBy = (window: Window) => (window.owner === null ? sql`true` : sql`p.user_id = ${window.owner}::int`);
/** The account types months are split by; the rest are `other`. */
const plan = (column: SQL) => sql`case when ${column} in (${list(EARNING_TIERS)}) then ${column} else 'other' end`;

/** Projects created in the range by their current stage. */
export const projectsByStage = (db: Executor, window: Window) =>
  rows<{ stage: ProjectStage; count: number }>(
    db,
    sql`select p.project_stage as stage, count(*)::int as count from projects p
        where ${ownedBy(window)} and ${inRange(sql`p.created_at`, window)} group by p.project_stage`,
  );

/** Projects created per month, split by the owner's plan. */
export const projectsPerMonth = (db: Executor, window: Window) =>
  rows<{ month: string; plan: string; count: number }>(
    db,
    sql`select ${month(sql`p.created_at`)} as month, ${plan(sql`u.account_type`)} as plan, count(*)::int as count
        from projects p join users u on u.id = p.user_id
        where ${ownedBy(window)} and ${inRange(sql`p.created_at`, window)} group by 1, 2`,
  );

/** Accounts created per month by account type (plan). */
export const newUsersPerMonth = (db: Executor, window: Window) =>
  rows<{ month: string; plan: string; count: number }>(
    db,
    sql`select ${month(sql`u.created_at`)} as month, ${plan(sql`u.account_type`)} as plan, count(*)::int as count
        from users u where ${inRange(sql`u.created_at`, window)} group by 1, 2`,
  );

/** Per working stage: stays begun in the range and their average length in days. */
export interface StageFigures {
  /** Projects whose highest stage reached by a change in the range is at least PROJECT_STAGES[i]. */
  reached: number[];
  archived: number;
  stays: number[];
  average_days: Array<number | null>;
}

/**
 * The changes made in the range, read with no ordering: each row carries when its stay ended
 * (`left_at`, written by the next change's transaction). Two aggregates over the same rows,
 * run side by side (on PostgreSQL each takes its own pool connection):
 * - the stays begun in the range, averaged per stage (one still going counted up to now);
 * - the funnel: each project once, by the highest stage a change in the range reached
 *   (Archived aside), and the projects archived in the range.
 * (docs/decisions/019-analytics.md)
 */
export async function stageFigures(db: Executor, window: Window): Promise<StageFigures> {
  const changes = sql`project_stage_changes c
    ${window.owner === null ? sql`` : sql`join projects p on p.id = c.project_id and ${ownedBy(window)}`}
    where ${inRange(sql`c.changed_at`, window)}`;
  const rank = sql`case c.to_stage ${sql.join(
    PROJECT_STAGES.map((stage, index) => sql`when ${stage} then ${index + 1}::int`),
    sql` `,
  )} end`;
  const [stayRows, funnelRows] = await Promise.all([
    rows<{ stage: ProjectStage; stays: number; days: number | null }>(
      db,
      sql`select c.to_stage as stage, count(*)::int as stays,
            (avg(extract(epoch from (coalesce(c.left_at, ${at(window.now)}) - c.changed_at))) / 86400)::float8 as days
          from ${changes} and c.to_stage in (${list(TIMED_STAGES)})
          group by c.to_stage`,
    ),
    rows<{ top: number | null; archived: boolean; projects: number }>(
      db,
      sql`select top, archived, count(*)::int as projects from (
            select max(${rank}) as top, bool_or(c.to_stage = 'Archived') as archived from ${changes} group by c.project_id
          ) per_project group by top, archived`,
    ),
  ]);
  const stays = new Map(stayRows.map((row) => [row.stage, row]));
  return {
    reached: PROJECT_STAGES.map((_, index) => funnelRows.reduce((sum, row) => (row.top !== null && row.top >= index + 1 ? sum + row.projects : sum), 0)),
    archived: funnelRows.reduce((sum, row) => (row.archived ? sum + row.projects : sum), 0),
    stays: TIMED_STAGES.map((stage) => stays.get(stage)?.stays ?? 0),
    average_days: TIMED_STAGES.map((stage) => stays.get(stage)?.days ?? null),
  };
}

/**
 * The 48-hour clocks (DOMAIN.md 3, issue 18) started in the range, from the stored clocks: a
 * clock stopped (delivered or rejected) by its due time kept the promise; one stopped later,
 * or still running past it, broke it. Clocks waiting for the power bill have not started.
 */
export const proposalClocks = (db: Executor, window: Window) =>
  rows<{ clocks: number; stopped: number; on_time: number; late: number; pending: number; median_hours: number | null }>(
    db,
    sql`select count(*)::int as clocks,
          count(c.stopped_at)::int as stopped,
          (count(*) filter (where c.stopped_at <= c.due_at))::int as on_time,
          (count(*) filter (where c.stopped_at > c.due_at or (c.stopped_at is null and c.due_at <= ${at(window.now)})))::int as late,
          (count(*) filter (where c.stopped_at is null and c.due_at > ${at(window.now)}))::int as pending,
          (percentile_cont(0.5) within group (order by extract(epoch from (c.stopped_at - c.started_at)) / 3600))::float8 as median_hours
        from proposal_clocks c
        ${window.owner === null ? sql`` : sql`join proposal_tickets t on t.id = c.proposal_ticket_id join projects p on p.id = t.project_id and ${ownedBy(window)}`}
        where ${inRange(sql`c.started_at`, window)}`,
  );

/** Deals' contract value of the projects created in the range by current stage (Archived left out). */
export const pipelineByStage = (db: Executor, window: Window) =>
  rows<{ stage: ProjectStage; projects: number; cents: number }>(
    db,
    sql`select p.project_stage as stage, count(*)::int as projects, sum(d.contract_value_cents)::float8 as cents
        from projects p join deals d on d.project_id = p.id
        where ${ownedBy(window)} and ${inRange(sql`p.created_at`, window)} and p.project_stage in (${list(PROJECT_STAGES)})
        group by p.project_stage`,
  );

/** A member's non-void ledger entries by month of creation and status. */
export const earningsPerMonth = (db: Executor, window: Window & { owner: number }) =>
  rows<{ month: string; status: string; cents: number }>(
    db,
    sql`select ${month(sql`e.created_at`)} as month, e.status, sum(e.amount_cents)::float8 as cents
        from earning_entries e
        where e.user_id = ${window.owner}::int and e.status <> 'void' and ${inRange(sql`e.created_at`, window)}
        group by 1, 2`,
  );

/** Subscriptions that are being paid for (active) or in a trial, by plan. */
export const liveSubscriptions = (db: Executor) =>
  rows<{ plan: string | null; provider_status: string; count: number }>(
    db,
    sql`select s.plan, s.provider_status, count(*)::int as count from billing_subscriptions s
        where s.provider_status in ('active', 'trialing') group by 1, 2`,
  );

export interface OwnerRow {
  kind: 'month' | 'top_projects' | 'top_pipeline';
  month: string | null;
  plan: string | null;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  account_type: AccountType | null;
  projects: number;
  cents: number;
}

/**
 * One scan of the projects created in the range, grouped by owner and month, answers both the
 * projects per month by the owner's plan and the top partners: by projects, and by pipeline
 * value (deals' contract value of the projects not archived). Administrators' own projects
 * count in the months but not among the partners.
 */
export const projectOwners = (db: Executor, window: Window) => {
  const partner = (order: SQL, extra: SQL) => sql`(select o.user_id, u.first_name, u.last_name, u.account_type, o.projects, o.cents
      from owners o join users u on u.id = o.user_id
      where u.account_type <> 'admin' ${extra}
      order by ${order}, o.user_id limit ${TOP_PARTNERS_LIMIT}::int)`;
  return rows<OwnerRow>(
    db,
    sql`with per_month as (
          select p.user_id, ${month(sql`p.created_at`)} as month, count(*)::int as projects,
            coalesce(sum(d.contract_value_cents) filter (where p.project_stage <> 'Archived'), 0)::float8 as cents
          from projects p left join deals d on d.project_id = p.id
          where ${inRange(sql`p.created_at`, window)}
          group by 1, 2
        ),
        owners as (select user_id, sum(projects)::int as projects, sum(cents)::float8 as cents from per_month group by user_id)
        select 'month' as kind, m.month, ${plan(sql`u.account_type`)} as plan, null::int as user_id, null::text as first_name, null::text as last_name,
          null::text as account_type, sum(m.projects)::int as projects, 0::float8 as cents
        from per_month m join users u on u.id = m.user_id group by m.month, 3
        union all
        select 'top_projects', null, null, t.* from ${partner(sql`o.projects desc, o.cents desc`, sql``)} t
        union all
        select 'top_pipeline', null, null, t.* from ${partner(sql`o.cents desc, o.projects desc`, sql`and o.cents > 0`)} t`,
  );
};
