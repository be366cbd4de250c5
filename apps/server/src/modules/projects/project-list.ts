import { STALL_STAGES, TERMINAL_PROPOSAL_STATUSES, stalledIfEnteredBy, type ADMIN_PROJECT_SORTS, type ProjectListQuery, type ProjectStage, type SortSpec, type StallThresholds } from '@sunin/contract';
import { and, asc, desc, eq, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, users } from '../../db/schema/index.js';
import { containsPattern, escapeLike } from '../../lib/like.js';
import { readStallThresholds } from '../stalls/stalls.service.js';

/**
 * Which projects a list holds (admin lists; a member's list is always their own): an owner,
 * a set of stages (the Working/Archived tabs and the stage filter), and whatever else the
 * search and filters ask (`where`, on projects' own columns), in an order.
 */
export interface ProjectListFilter {
  ownerId?: number | undefined;
  stages?: readonly ProjectStage[] | undefined;
  where?: SQL | undefined;
  orderBy?: SQL[] | undefined;
}

/** member-app.md 2: the project lists' default order, newest updated_at first (id keeps pages stable). */
export const recentlyUpdatedFirst = () => [desc(projects.updated_at), desc(projects.id)];

/**
 * The order of a project list (All Projects, a member's own): newest updated_at first by
 * default; id last so pages are stable. Each order is one an index gives, so a first page reads
 * a page of rows whatever the number of projects (issue 19 item 2; decision 046): the stage in
 * pipeline order (stage_rank, projects_stage_rank_idx, newest first within a stage, all reversed
 * for `-`), days in stage (projects_stage_entered_at_idx: the most days is the earliest entry;
 * a project without a recorded entry counts as the fewest days), the owner, last then first name
 * (the list joins users: users_name_order_idx, then each member's projects_user_updated_idx).
 */
export function projectListOrder(sort: SortSpec<(typeof ADMIN_PROJECT_SORTS)[number]> | undefined): SQL[] {
  if (!sort) return recentlyUpdatedFirst();
  const direction = sort.desc ? desc : asc;
  const reverse = sort.desc ? asc : desc;
  switch (sort.field) {
    case 'project_stage':
      return [direction(projects.stage_rank), reverse(projects.updated_at), reverse(projects.id)];
    case 'days_in_stage':
      return [sql`${projects.stage_entered_at} ${sql.raw(sort.desc ? 'asc nulls last' : 'desc nulls first')}`, reverse(projects.id)];
    case 'owner_name':
      return [direction(sql`lower(${users.last_name})`), direction(sql`lower(${users.first_name})`), direction(users.id), desc(projects.updated_at), desc(projects.id)];
    default: {
      const column = { updated_at: sql`${projects.updated_at}`, created_at: sql`${projects.created_at}`, company_name: sql`lower(${projects.company_name})`, id: sql`${projects.id}` }[sort.field];
      return [direction(column), direction(projects.id)];
    }
  }
}

/**
 * A project past its stage's stall threshold at `now` (issue 18 item 3): the contract's rule as
 * a moment per stage, entered at or before it means stalled (the `stalled` of the answers).
 */
export const stalledProject = (thresholds: StallThresholds, now: Date): SQL =>
  or(...STALL_STAGES.map((stage) => and(eq(projects.project_stage, stage), lte(projects.stage_entered_at, stalledIfEnteredBy(thresholds[stage], now)))))!;

/** A proposal request of the project not yet in a terminal status. */
const openProposal = sql`exists (select 1 from proposal_tickets t where t.project_id = ${projects.id} and t.status <> all(${`{${TERMINAL_PROPOSAL_STATUSES.join(',')}}`}::int[]))`;

/**
 * A member's own list (issue 37 item 6), with the admin lists' parameter names: q matches the
 * id, company, street address and city; then stages, state, stalled, an open proposal request,
 * and the order. The owner is the caller (listProjects); a member's projects are few enough
 * that their own index (projects_user_updated_idx) and a filter answer every search.
 */
export async function ownProjectListFilter(db: Executor, query: Omit<ProjectListQuery, 'page' | 'per_page'>, now = new Date()): Promise<ProjectListFilter> {
  const pattern = query.q === undefined ? undefined : containsPattern(query.q);
  const stalled = query.stalled === undefined ? undefined : stalledProject((await readStallThresholds(db)).value, now);
  const where = and(
    pattern === undefined
      ? undefined
      : or(ilike(sql`${projects.id}::text`, pattern), ilike(projects.company_name, pattern), ilike(projects.address_1, pattern), ilike(projects.city, pattern)),
    query.state ? ilike(projects.state, escapeLike(query.state)) : undefined,
    stalled === undefined ? undefined : query.stalled === 'true' ? stalled : sql`not coalesce(${stalled}, false)`,
    query.open_proposal === 'true' ? openProposal : query.open_proposal === 'false' ? sql`not ${openProposal}` : undefined,
  );
  return { stages: query.stage, where, orderBy: query.sort ? projectListOrder(query.sort) : undefined };
}
