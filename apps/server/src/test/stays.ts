import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { projects, projectStageChanges } from '../db/schema/index.js';

/**
 * Dates a project's current stay back, as if it began `at`: its open stage change and the
 * project's stage_entered_at, which every stage change writes together (migration 0015).
 */
export async function backdateStay(db: Executor, projectId: number, at: Date): Promise<void> {
  await db.update(projectStageChanges).set({ changed_at: at }).where(and(eq(projectStageChanges.project_id, projectId), isNull(projectStageChanges.left_at)));
  await db.update(projects).set({ stage_entered_at: at }).where(eq(projects.id, projectId));
}
