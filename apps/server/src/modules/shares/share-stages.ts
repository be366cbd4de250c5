import { PROJECT_STAGES, STAGE_MEDIAN_MIN_PROJECTS } from '@sunin/contract';
import { eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projectStageChanges } from '../../db/schema/index.js';

const COMPLETED = PROJECT_STAGES[PROJECT_STAGES.length - 1];

/**
 * The company's median days at each stage (issue 36 item 6): the stays (left_at - changed_at)
 * of the projects that reached Project Completion, per stage, in whole days. A stage enters the
 * answer only when at least STAGE_MEDIAN_MIN_PROJECTS such projects have a finished stay there;
 * customerStages() falls back to DEFAULT_STAGE_DAYS for the others.
 */
export async function stageMedians(db: Executor): Promise<Record<string, number>> {
  const result = await db.execute(sql`
    select c.to_stage as stage,
      (percentile_cont(0.5) within group (order by extract(epoch from (c.left_at - c.changed_at)) / 86400))::float8 as median_days,
      count(distinct c.project_id)::int as projects
    from ${projectStageChanges} c
    where c.left_at is not null
      and c.project_id in (select ${projectStageChanges.project_id} from ${projectStageChanges} where ${projectStageChanges.to_stage} = ${COMPLETED})
    group by c.to_stage`);
  const rows = (result as unknown as { rows: Array<{ stage: string; median_days: number; projects: number }> }).rows;
  const medians: Record<string, number> = {};
  for (const row of rows) {
    if (Number(row.projects) >= STAGE_MEDIAN_MIN_PROJECTS) medians[row.stage] = Math.max(0, Math.round(Number(row.median_days)));
  }
  return medians;
}

/** When the project last entered each stage it has been at: the done stages' dates on the status page. */
export async function stageEntries(db: Executor, projectId: number): Promise<Record<string, string>> {
  const rows = await db
    .select({ stage: projectStageChanges.to_stage, entered_at: max(projectStageChanges.changed_at) })
    .from(projectStageChanges)
    .where(eq(projectStageChanges.project_id, projectId))
    .groupBy(projectStageChanges.to_stage);
  return Object.fromEntries(rows.flatMap((row) => (row.entered_at ? [[row.stage, new Date(row.entered_at).toISOString()]] : [])));
}
