import type { IntervalSeries } from '@sunin/contract';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { meterIntervalImports, projects } from '../../db/schema/index.js';
import { seriesBytes, seriesValues } from './interval-series.js';

/**
 * The interval data a usage import keeps per meter (issue 35 item 3), in meter_interval_imports.
 * An import creates rows and replaces nothing: the project's meters name the rows they use by
 * `interval_import_id` once the partner saves. Rows no meter names are removed when the project
 * is saved without it (deleteReplacedIntervalImports) and by the storage sweep after a day
 * (sweepOrphanIntervalImports); a project's unnamed rows are also capped at import time.
 */

/** Unnamed interval rows a project keeps at most (dialogs opened and not saved; a file of 50 meters and another fit); older ones go first. */
export const MAX_UNNAMED_IMPORTS_PER_PROJECT = 100;

export interface IntervalImportRow {
  start: number;
  step_seconds: number;
  values: Float32Array;
  first_month: string;
  last_month: string;
}

/** Stores one meter's series; answers its id. */
export async function saveIntervalImport(db: Executor, projectId: number, series: IntervalImportRow): Promise<number> {
  const [row] = await db
    .insert(meterIntervalImports)
    .values({
      project_id: projectId,
      start_seconds: series.start,
      step_seconds: series.step_seconds,
      first_month: series.first_month,
      last_month: series.last_month,
      kwh: seriesBytes(series.values),
    })
    .returning({ id: meterIntervalImports.id });
  return row!.id;
}

/** Ids of the interval imports the project's saved meters name. */
const namedIdsOf = (projectId: number) =>
  sql`(select (meter ->> 'interval_import_id')::int from ${projects}, jsonb_array_elements(${projects.meters}) as meter
       where ${projects.id} = ${projectId} and jsonb_typeof(meter -> 'interval_import_id') = 'number')`;

/**
 * Keeps at most {@link MAX_UNNAMED_IMPORTS_PER_PROJECT} rows of a project that its meters do not
 * name, deleting the oldest beyond that (never one a meter names, never one of `keepIds`).
 */
export async function capUnnamedIntervalImports(db: Executor, projectId: number, keepIds: readonly number[] = []): Promise<number> {
  const unnamed = await db
    .select({ id: meterIntervalImports.id })
    .from(meterIntervalImports)
    .where(and(eq(meterIntervalImports.project_id, projectId), sql`${meterIntervalImports.id} not in ${namedIdsOf(projectId)}`))
    .orderBy(asc(meterIntervalImports.created_at), asc(meterIntervalImports.id));
  const keep = new Set(keepIds);
  const candidates = unnamed.map((row) => row.id).filter((id) => !keep.has(id));
  const excess = unnamed.length - MAX_UNNAMED_IMPORTS_PER_PROJECT;
  if (excess <= 0) return 0;
  const doomed = candidates.slice(0, excess);
  if (doomed.length === 0) return 0;
  await db.delete(meterIntervalImports).where(inArray(meterIntervalImports.id, doomed));
  return doomed.length;
}

/**
 * On a project's save: deletes the interval imports its meters named before the save and no
 * longer name ("replaced by the next import"). Imports no save has named yet are left alone: an
 * import dialog may still hold them; the sweep takes them after a day. Answers how many went.
 */
export async function deleteReplacedIntervalImports(db: Executor, projectId: number, replacedIds: readonly number[]): Promise<number> {
  const ids = replacedIds.filter((id) => Number.isInteger(id));
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(meterIntervalImports)
    .where(and(eq(meterIntervalImports.project_id, projectId), inArray(meterIntervalImports.id, ids)))
    .returning({ id: meterIntervalImports.id });
  return rows.length;
}

/**
 * The storage sweep's part: deletes interval imports created before `olderThan` that no meter of
 * their own project names (projects.meters @> [{ interval_import_id: id }]). A younger row may
 * belong to an import dialog still open. Answers how many were deleted.
 */
export async function sweepOrphanIntervalImports(db: Executor, olderThan: Date): Promise<number> {
  const rows = await db
    .delete(meterIntervalImports)
    .where(
      and(
        lt(meterIntervalImports.created_at, olderThan),
        sql`not exists (select 1 from ${projects} where ${projects.id} = ${meterIntervalImports.project_id}
              and ${projects.meters} @> jsonb_build_array(jsonb_build_object('interval_import_id', ${meterIntervalImports.id})))`,
      ),
    )
    .returning({ id: meterIntervalImports.id });
  return rows.length;
}

/**
 * The series of the given ids, for the estimate (ids that do not exist are absent from the map).
 * With `projectId`, only that project's rows answer: a meter can name no other project's data.
 */
export async function readIntervalSeries(db: Executor, ids: readonly number[], projectId?: number): Promise<Map<number, IntervalSeries & { values: Float32Array }>> {
  const wanted = [...new Set(ids.filter((id) => Number.isInteger(id)))];
  const found = new Map<number, IntervalSeries & { values: Float32Array }>();
  if (wanted.length === 0) return found;
  const rows = await db
    .select({ id: meterIntervalImports.id, start: meterIntervalImports.start_seconds, step: meterIntervalImports.step_seconds, kwh: meterIntervalImports.kwh })
    .from(meterIntervalImports)
    .where(and(inArray(meterIntervalImports.id, wanted), projectId === undefined ? undefined : eq(meterIntervalImports.project_id, projectId)));
  for (const row of rows) found.set(row.id, { start: row.start, step_seconds: row.step, values: seriesValues(row.kwh) });
  return found;
}
