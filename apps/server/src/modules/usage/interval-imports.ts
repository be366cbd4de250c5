import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { meterIntervalImports, projects } from '../../db/schema/index.js';

/**
 * The interval data a usage import keeps (issue 35 item 3) lives until the project is saved
 * without naming it in a meter's `interval_import_id` ("replaced by the next import"), or, when
 * no save ever names it, until the storage sweep finds it older than a day (docs/decisions/039).
 */

/** Deletes the project's interval imports but `keepIds`: called with the write that leaves them unnamed. */
export async function deleteUnusedIntervalImports(db: Executor, projectId: number, keepIds: readonly number[]): Promise<number> {
  const deleted = await db
    .delete(meterIntervalImports)
    .where(and(eq(meterIntervalImports.project_id, projectId), keepIds.length > 0 ? notInArray(meterIntervalImports.id, [...keepIds]) : undefined))
    .returning({ id: meterIntervalImports.id });
  return deleted.length;
}

/** Deletes the interval imports made before `olderThan` that no meter of their project names (an import never saved). */
export async function sweepOrphanIntervalImports(db: Executor, olderThan: Date): Promise<number> {
  const deleted = await db
    .delete(meterIntervalImports)
    .where(
      and(
        lt(meterIntervalImports.created_at, olderThan),
        sql`not exists (select 1 from ${projects} p, jsonb_array_elements(p.meters) meter
          where p.id = ${meterIntervalImports.project_id} and meter ->> 'interval_import_id' = ${meterIntervalImports.id}::text)`,
      ),
    )
    .returning({ id: meterIntervalImports.id });
  return deleted.length;
}
