import type { ProjectStage } from '@sunin/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projectStageChanges } from '../../db/schema/index.js';

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
 * Sets every stay's end to the next change's time (the demo's timeline re-dates the changes
 * after the fact; migration 0009 ran the same statement once).
 */
export async function closeStaysFromHistory(db: Executor): Promise<void> {
  await db.execute(sql`update ${projectStageChanges} as c set left_at = n.next_at
    from (select id, lead(changed_at) over (partition by project_id order by changed_at, id) as next_at from ${projectStageChanges}) as n
    where n.id = c.id and n.next_at is not null`);
}
