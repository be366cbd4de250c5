import type { ProjectStage } from '@sunin/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, projectStageChanges } from '../../db/schema/index.js';

/**
 * Issue 17 item 1: every stage a project reaches is stored with the transaction that moves it
 * (its creation included, from null), with who moved it.
 */
export async function recordStageChange(tx: Executor, change: { projectId: number; from: ProjectStage | null; to: ProjectStage; by: number | null; at?: Date }): Promise<void> {
  const at = change.at ?? new Date();
  // The stay at the stage it leaves ends now (analytics read stays from left_at).
  await tx.update(projectStageChanges).set({ left_at: at }).where(and(eq(projectStageChanges.project_id, change.projectId), isNull(projectStageChanges.left_at)));
  await tx.insert(projectStageChanges).values({ project_id: change.projectId, from_stage: change.from, to_stage: change.to, changed_by: change.by, changed_at: at });
}

/**
 * Sets every stay's end to the next change's time, and every project's stage_entered_at to its
 * newest change's (the demo's timeline re-dates the changes after the fact; migrations 0009 and
 * 0015 ran the same statements once).
 */
export async function settleStaysFromHistory(db: Executor): Promise<void> {
  await db.execute(sql`update ${projectStageChanges} as c set left_at = n.next_at
    from (select id, lead(changed_at) over (partition by project_id order by changed_at, id) as next_at from ${projectStageChanges}) as n
    where n.id = c.id and n.next_at is not null`);
  await db.execute(sql`update ${projects} as p set stage_entered_at = c.entered_at
    from (select project_id, max(changed_at) as entered_at from ${projectStageChanges} group by project_id) as c
    where c.project_id = p.id and p.stage_entered_at is distinct from c.entered_at`);
}
